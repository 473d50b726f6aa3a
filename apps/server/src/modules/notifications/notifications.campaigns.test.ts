import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SELLER_ROLE } from '@exship/contracts';
import { ADMIN, SELLER, createSeller, lastMailTo, startTestApp, type TestApp } from '../../test/harness';
import { PUBLISH_DUE_JOB } from '.';
import { notificationCampaigns } from './notifications.tables';

// SPEC §3/§4/§7: staff write a notification, it waits for its publish time, then reaches its target
// (everyone, a role, chosen users) in the app or by email; once sent it cannot change.
let t: TestApp;
let admin: string;
let seller: string;
let sellerId: string;
let other: { id: string; token: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
  sellerId = (await t.call({ method: 'GET', url: '/api/v1/me', token: seller })).body.data.id;
  other = await createSeller(t, 'other-campaign@example.com');
});
afterAll(() => t?.close());

let n = 0;
const body = (over: object = {}) => {
  n++;
  return {
    name: `Notice ${n}`,
    code: `NOTICE_${n}`,
    channel: 'noti',
    target: 'all',
    titleEn: `Holiday schedule ${n}`,
    titleVi: `Lịch nghỉ lễ ${n}`,
    contentEn: 'Pickups pause on 1 January.',
    contentVi: 'Tạm dừng lấy hàng ngày 1 tháng 1.',
    url: '/app/dashboard',
    ...over,
  };
};
const create = (payload: object, token = admin) => t.call({ method: 'POST', url: '/api/v1/notifi/new', token, payload });
/** The user's app list, as a page in `language` asks for it (en when not said). */
const inbox = async (token: string, language?: string) =>
  (await t.call({ method: 'GET', url: '/api/v1/notifi/user?pageSize=50', token, headers: language ? { language } : undefined })).body.data.items as { title: string; content: string; url: string | null }[];
const future = () => new Date(Date.now() + 3_600_000).toISOString();

describe('staff notifications', () => {
  it('one for everyone, due now, is sent at once to every active user, shown in the page language', async () => {
    const res = await create(body());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'sent', target: 'all', channel: 'noti' });
    expect(res.body.data.recipients).toBeGreaterThanOrEqual(3);
    expect((await inbox(seller))[0]).toMatchObject({ title: `Holiday schedule ${n}`, content: 'Pickups pause on 1 January.', url: '/app/dashboard' });
    expect((await inbox(admin))[0]?.title).toBe(`Holiday schedule ${n}`);
    await t.call({ method: 'PATCH', url: '/api/v1/user/setting-notification-language', token: other.token, payload: { code: 'vi' } });
    expect((await inbox(other.token, 'vi'))[0]?.title).toBe(`Lịch nghỉ lễ ${n}`);
    // The notification-language setting is for emails: an English page shows the English text.
    expect((await inbox(other.token, 'en'))[0]?.title).toBe(`Holiday schedule ${n}`);
  });

  it('one for a role reaches only its holders', async () => {
    const res = await create(body({ target: 'role', roles: [DEFAULT_SELLER_ROLE] }));
    expect(res.body.data.status).toBe('sent');
    const title = `Holiday schedule ${n}`;
    expect((await inbox(seller)).map((i) => i.title)).toContain(title);
    expect((await inbox(other.token, 'vi')).map((i) => i.title)).toContain(`Lịch nghỉ lễ ${n}`);
    expect((await inbox(admin)).map((i) => i.title)).not.toContain(title);
  });

  it('an email to chosen users goes to their mailbox, not their bell', async () => {
    const res = await create(body({ channel: 'email', target: 'users', users: [sellerId], url: 'https://status.exship.local/jan' }));
    expect(res.body.data).toMatchObject({ status: 'sent', recipients: 1 });
    const mail = await lastMailTo(t.db, SELLER.email);
    expect(mail?.subject).toBe(`Holiday schedule ${n}`);
    expect(mail?.text).toContain('https://status.exship.local/jan');
    expect((await inbox(seller)).map((i) => i.title)).not.toContain(`Holiday schedule ${n}`);
  });

  it('a scheduled one waits, can be edited, is published on demand, and is then frozen', async () => {
    const created = await create(body({ publishAt: future() }));
    expect(created.body.data.status).toBe('waiting');
    const id = created.body.data.id as string;
    expect((await inbox(seller)).map((i) => i.title)).not.toContain(`Holiday schedule ${n}`);

    const edited = await t.call({ method: 'PATCH', url: '/api/v1/notifi/edit', token: admin, payload: { ...body({ publishAt: future() }), id } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ status: 'waiting', titleEn: `Holiday schedule ${n}` });

    const published = await t.call({ method: 'PATCH', url: '/api/v1/notifi-system/update-stt', token: admin, payload: { id } });
    expect(published.body.data.status).toBe('sent');
    expect((await inbox(seller)).map((i) => i.title)).toContain(`Holiday schedule ${n}`);

    for (const [url, payload] of [
      ['/api/v1/notifi/edit', { ...body(), id }],
      ['/api/v1/notifi/delete', { id }],
      ['/api/v1/notifi-system/update-stt', { id }],
    ] as const) {
      const res = await t.call({ method: 'PATCH', url, token: admin, payload });
      expect(res.status, url).toBe(409);
      expect(res.body.code).toBe('ACTION_NOT_ALLOWED_FOR_STATUS');
    }
  });

  it('the job publishes what has come due, once', async () => {
    const created = await create(body({ target: 'users', users: [sellerId], publishAt: future() }));
    const id = created.body.data.id as string;
    await t.db.update(notificationCampaigns).set({ publishAt: new Date(Date.now() - 1000) }).where(eq(notificationCampaigns.id, id));
    await t.ctx.jobs.send(PUBLISH_DUE_JOB, {});
    await t.ctx.jobs.send(PUBLISH_DUE_JOB, {});
    expect(await t.runJobs(PUBLISH_DUE_JOB)).toEqual({ ran: 2, failed: 0 });
    const list = await t.call({ method: 'GET', url: `/api/v1/notifi?keyword=NOTICE_${n}&status=sent`, token: admin });
    const sent = list.body.data.items[0];
    expect(sent).toMatchObject({ code: `NOTICE_${n}`, recipients: 1 });
    expect((await inbox(seller)).filter((i) => i.title === `Holiday schedule ${n}`)).toHaveLength(1);
  });

  it('a waiting one can be deleted', async () => {
    const id = (await create(body({ publishAt: future() }))).body.data.id as string;
    expect((await t.call({ method: 'PATCH', url: '/api/v1/notifi/delete', token: admin, payload: { id } })).status).toBe(200);
    const again = await t.call({ method: 'PATCH', url: '/api/v1/notifi/delete', token: admin, payload: { id } });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('NOTIFICATION_NOT_FOUND');
  });

  it('names the field of each bad input and refuses a taken code', async () => {
    const cases: [object, string, string][] = [
      [{ target: 'role', roles: [] }, 'roles', 'Choose at least one role.'],
      [{ target: 'users', users: [] }, 'users', 'Choose at least one user.'],
      [{ url: 'javascript:alert(1)' }, 'url', 'Enter an app path starting with / or an http(s) URL.'],
      [{ code: 'lower case' }, 'code', 'validation.code.pattern'],
      [{ titleEn: '' }, 'titleEn', 'This field is required.'],
      [{ contentVi: 'x'.repeat(2001) }, 'contentVi', 'At most 2,000 characters.'],
      [{ publishAt: 'tomorrow' }, 'publishAt', 'Enter a real date and time with its offset (e.g. 2026-03-01T09:00:00+07:00) between the years 2000 and 2100.'],
      [{ publishAt: '0020-03-01T00:00:00Z' }, 'publishAt', 'validation.datetime.invalid'],
      [{ publishAt: '0099-06-01T00:00:00Z' }, 'publishAt', 'validation.datetime.invalid'],
      [{ titleEn: 'a\u0000b' }, 'titleEn', 'validation.text.control'],
      [{ channel: 'sms' }, 'channel', 'validation.invalid'],
    ];
    for (const [over, field, message] of cases) {
      const res = await create(body(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      const error = (res.body.errors as { field: string; message: string }[]).find((e) => e.field === field);
      expect(error, `${field}: ${JSON.stringify(res.body.errors)}`).toBeDefined();
      if (!message.startsWith('validation.')) expect(error!.message).toBe(message);
    }
    const first = body({ publishAt: future() });
    expect((await create(first)).status).toBe(201);
    const dup = await create({ ...body({ publishAt: future() }), code: first.code });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'code', message: expect.any(String) }]);
  });

  it('sellers cannot list or write staff notifications', async () => {
    expect((await t.call({ method: 'GET', url: '/api/v1/notifi', token: seller })).status).toBe(403);
    expect((await create(body(), seller)).status).toBe(403);
  });
});
