import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { eventually, startTestApp, type TestApp } from '../test/harness';
import { mailOutbox } from './platform.tables';

// Issue #2: the verification link is read from a real SMTP listener on loopback and activates the account.
const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  t = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'ExShip <no-reply@exship.test>' } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Undo quoted-printable soft breaks and escapes so the link can be read from the raw message. */
const decodeQp = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('mail over SMTP', () => {
  it('delivers the verification mail and its link activates the account', async () => {
    const email = `smtp.${Date.now()}@example.com`;
    const password = 'Smtp&Passw0rd!';
    const reg = await t.call({ method: 'POST', url: '/api/v1/register', payload: { fullName: 'Mai Tran', email, password, confirmPassword: password, agreeTerms: true } });
    expect(reg.status).toBe(201);

    const mail = await eventually(async () => received.find((m) => m.to.includes(email)));
    const body = decodeQp(mail.raw);
    expect(body).toMatch(/Subject: Verify your ExShip account/);
    const link = /http:\/\/localhost:3000\/app\/account\/verify\/([\w-]+)/.exec(body);
    expect(link).not.toBeNull();

    const act = await t.call({ method: 'GET', url: `/api/v1/accounts/authorization/activate/${link![1]}` });
    expect(act.status).toBe(200);
    await t.login(email, password);

    const [row] = await eventually(async () => {
      const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      return rows[0]?.status === 'sent' ? rows : undefined;
    });
    expect(row!.sentAt).not.toBeNull();
  });
});
