import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../test/harness';
import { MAIL_DELIVER_JOB, Mailer, redactLinks } from './mail';
import { mailOutbox } from './platform.tables';

// The verification link is read from a real SMTP listener on loopback and activates the account.
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

    expect(await t.runJobs(MAIL_DELIVER_JOB)).toEqual({ ran: 1, failed: 0 });
    const mail = received.find((m) => m.to.includes(email))!;
    expect(mail).toBeDefined();
    const body = decodeQp(mail.raw);
    expect(body).toMatch(/Subject: Verify your ExShip account/);
    const link = /http:\/\/localhost:3000\/app\/account\/verify\/([\w-]+)/.exec(body);
    expect(link).not.toBeNull();

    const act = await t.call({ method: 'GET', url: `/api/v1/accounts/authorization/activate/${link![1]}` });
    expect(act.status).toBe(200);
    await t.login(email, password);

    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row!.sentAt).not.toBeNull();
    // Once delivered, the outbox keeps no live link.
    expect(row!.text).not.toContain(link![1]);
    expect(row!.text).toContain('[link removed after delivery]');
  });
});

describe('mail text in the logs and the outbox', () => {
  it('redacts only links that carry a token', () => {
    const token = 'A'.repeat(43);
    expect(redactLinks(`Open http://x.test/app/account/verify/${token}\nor https://x.test/app/reset-password?token=${token} now`)).toBe(
      'Open [link removed after delivery]\nor [link removed after delivery] now',
    );
    expect(redactLinks('Sign in: http://x.test/app/login')).toBe('Sign in: http://x.test/app/login');
  });

  it('never logs the text or its links in production, and does outside it (no SMTP)', async () => {
    const logged: unknown[] = [];
    const log = { info: (obj: unknown) => logged.push(obj), error: () => {}, warn: () => {} } as unknown as ConstructorParameters<typeof Mailer>[2];
    const jobs = { register: () => {}, send: async () => 'id' } as unknown as ConstructorParameters<typeof Mailer>[1];
    const message = { to: 'x@example.com', subject: 'Reset', text: `http://x.test/app/reset-password?token=${'B'.repeat(43)}` };
    await new Mailer(t.db, jobs, log, { from: 'a@b.c', production: true }).send(message);
    await new Mailer(t.db, jobs, log, { from: 'a@b.c', production: false }).send(message);
    expect(JSON.stringify(logged[0])).not.toContain('BBBB');
    expect(JSON.stringify(logged[1])).toContain('BBBB');
  });
});
