import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@exship/contracts';
import { createSeller, startTestApp, type TestApp } from '../../test/harness';

// Wrong passwords sent all at once must count like the same passwords sent one after the other:
// the strike is taken before the password is checked, so a burst cannot outrun its own count.
// Meant for PostgreSQL (TEST_DATABASE_URL), where the requests really run side by side.
// Every request the strike lets through has its password checked and answers 401 (or
// CURRENT_PASSWORD_WRONG); the others answer 429 without a check.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BURST = 35;
const PASSWORD = 'Burst#Passw0rd!';

/**
 * What a sequence lets through in `ms`: the free failures, then one more after 1 s, 2 s, 4 s …
 * A loaded machine may stretch the burst past the first delay; the bound stays that of a sequence.
 */
const sequenceAllows = (ms: number) => LIMITS.loginFreeFailures + Math.floor(Math.log2(ms / 1000 + 1));

async function burst<T>(send: (i: number) => Promise<T>): Promise<{ replies: T[]; allowed: number }> {
  const started = Date.now();
  const replies = await Promise.all(Array.from({ length: BURST }, (_, i) => send(i)));
  return { replies, allowed: sequenceAllows(Date.now() - started) };
}

describe('a burst of wrong passwords', () => {
  it(`${BURST} concurrent wrong logins from one address: only the ${LIMITS.loginFreeFailures} free ones (and any delay that ran out meanwhile) reach the password check`, async () => {
    const email = 'burst.login@example.com';
    await createSeller(t, email, PASSWORD);
    const { replies, allowed } = await burst((i) => t.call({ method: 'POST', url: '/api/v1/login', payload: { email, password: `Wrong#Passw0rd${i}` }, remoteAddress: '10.90.0.1' }));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(allowed);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(BURST - allowed);
    // Another address is not slowed down by it.
    expect((await t.call({ method: 'POST', url: '/api/v1/login', payload: { email, password: PASSWORD }, remoteAddress: '10.90.0.2' })).status).toBe(200);
  });

  it(`${BURST} concurrent wrong current passwords on /password/update: only the free ones (and any delay that ran out meanwhile) are checked`, async () => {
    const email = 'burst.update@example.com';
    const { token } = await createSeller(t, email, PASSWORD);
    const { replies, allowed } = await burst((i) =>
      t.call({
        method: 'POST',
        url: '/api/v1/password/update',
        token,
        remoteAddress: '10.90.1.1',
        payload: { currentPassword: `Guess#Passw0rd${i}`, password: 'An0ther&Secret!', confirmPassword: 'An0ther&Secret!' },
      }),
    );
    expect(replies.filter((r) => r.body.code === 'CURRENT_PASSWORD_WRONG').length).toBeLessThanOrEqual(allowed);
    expect(replies.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(BURST - allowed);
    // The password did not change.
    expect(await t.login(email, PASSWORD, '10.90.1.2')).toBeTruthy();
  });

  it('a right password clears the count, so the owner is not slowed down by earlier mistakes', async () => {
    const email = 'burst.clear@example.com';
    await createSeller(t, email, PASSWORD);
    const login = (password: string) => t.call({ method: 'POST', url: '/api/v1/login', payload: { email, password }, remoteAddress: '10.90.2.1' });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LIMITS.loginFreeFailures - 1; i++) expect((await login('Wrong#Passw0rd1')).status).toBe(401);
      expect((await login(PASSWORD)).status).toBe(200);
    }
  });
});
