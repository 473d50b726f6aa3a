import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';
import type { Db } from './db';
import { idempotent } from './idempotency';

// The key's row commits with the work: a crash leaves nothing behind, a duplicate waits and replays.

let t: TestApp;
const onPostgres = !!process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  t = await startTestApp();
  await t.db.execute(sql`create table idem_probe (id serial primary key, note text not null)`);
});
afterAll(async () => t?.close());

const rows = async (note: string) => Number(((await t.db.execute(sql`select count(*)::int as n from idem_probe where note = ${note}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const keyRows = async (key: string) =>
  ((await t.db.execute(sql`select state from idempotency_keys where scope = 'test' and key = ${key}`)) as unknown as { rows: { state: string }[] }).rows;
const charge = (note: string) => async (tx: Db) => {
  await tx.execute(sql`insert into idem_probe (note) values (${note})`);
  return { charged: note, at: 1 };
};

const hashOf = (body: unknown) => crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex');

describe('idempotent()', () => {
  it('a completed key replays the stored reply without running the work again; another body is 422', async () => {
    const first = await idempotent(t.db, 'test', 'k-done', { amount: 5 }, charge('done'));
    let ran = false;
    const again = await idempotent(t.db, 'test', 'k-done', { amount: 5 }, async () => ((ran = true), { charged: 'twice', at: 2 }));
    expect(again).toEqual(first);
    expect(ran).toBe(false);
    expect(await rows('done')).toBe(1);
    await expect(idempotent(t.db, 'test', 'k-done', { amount: 6 }, charge('done'))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422 });
  });

  it('work that dies half-way leaves no key behind: the retry with the same key runs', async () => {
    const crash = async (tx: Db) => {
      await tx.execute(sql`insert into idem_probe (note) values ('crash')`);
      throw new Error('process died');
    };
    await expect(idempotent(t.db, 'test', 'k-crash', { amount: 5 }, crash)).rejects.toThrow('process died');
    expect(await keyRows('k-crash')).toEqual([]);
    expect(await rows('crash')).toBe(0);
    expect(await idempotent(t.db, 'test', 'k-crash', { amount: 5 }, charge('crash'))).toEqual({ charged: 'crash', at: 1 });
    expect(await rows('crash')).toBe(1);
    expect(await keyRows('k-crash')).toEqual([{ state: 'done' }]);
  });

  it('a `running` row committed before its work by an earlier version: in use for a minute, then the retry runs', async () => {
    await t.db.execute(sql`insert into idempotency_keys (scope, key, request_hash, state, created_at) values ('test', 'k-fresh', ${hashOf({ amount: 5 })}, 'running', now())`);
    await expect(idempotent(t.db, 'test', 'k-fresh', { amount: 5 }, charge('fresh'))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', status: 409 });
    await t.db.execute(sql`insert into idempotency_keys (scope, key, request_hash, state, created_at) values ('test', 'k-stale', ${hashOf({ amount: 5 })}, 'running', now() - interval '2 minutes')`);
    expect(await idempotent(t.db, 'test', 'k-stale', { amount: 5 }, charge('stale'))).toEqual({ charged: 'stale', at: 1 });
    expect(await rows('stale')).toBe(1);
  });

  it('two concurrent requests with one key: the work happens once and both get its reply', async () => {
    const slowCharge = async (tx: Db) => {
      await tx.execute(sql`insert into idem_probe (note) values ('race')`);
      // Long enough for the other request to arrive while this one is in flight.
      await tx.execute(sql`select pg_sleep(0.5)`);
      return { charged: 'race', at: 1 };
    };
    const replies = await Promise.all([0, 1, 2].map(() => idempotent(t.db, 'test', 'k-race', { amount: 5 }, slowCharge)));
    expect(replies).toEqual([0, 1, 2].map(() => ({ charged: 'race', at: 1 })));
    expect(await rows('race')).toBe(1);
  });

  it.runIf(onPostgres)('PostgreSQL: a connection killed in the middle of the work (a crashed process) leaves the key free', async () => {
    const killed = async (tx: Db) => {
      await tx.execute(sql`insert into idem_probe (note) values ('killed')`);
      await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      return { charged: 'killed', at: 1 };
    };
    await expect(idempotent(t.db, 'test', 'k-killed', { amount: 5 }, killed)).rejects.toBeDefined();
    expect(await keyRows('k-killed')).toEqual([]);
    expect(await idempotent(t.db, 'test', 'k-killed', { amount: 5 }, charge('killed'))).toEqual({ charged: 'killed', at: 1 });
    expect(await rows('killed')).toBe(1);
  });
});
