import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, lastMailTo, startTestApp, type TestApp } from '../../test/harness';

// SPEC §2 /app/setting-user/emails: staff edit a mail's template per language; an unknown variable is
// refused naming it; the next mail of that kind and language uses the edit; a reset brings the default back.
let t: TestApp;
let admin: string;
let seller: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
});
afterAll(() => t?.close());

const url = (kind: string, lang: string, tail = '') => `/api/v1/email-templates/${kind}/${lang}${tail}`;
const edited = {
  subject: 'Chào {{name}}, xác minh ExShip',
  text: 'Xin chào {{name}}! Mẫu đã sửa. Mở liên kết: {{link}}',
  html: '<p>Xin chào <b>{{name}}</b>! Mẫu đã sửa.</p><p><a href="{{link}}">Xác minh</a></p>',
};
const signUp = (email: string, language: string) =>
  t.call({
    method: 'POST',
    url: '/api/v1/register',
    headers: { language },
    payload: { fullName: 'Trần <Bình>', email, password: 'Str0ng&Secret!', confirmPassword: 'Str0ng&Secret!', phone: '+84901234567', agreeTerms: true },
  });

describe('email templates', () => {
  it('lists every mail kind with its languages, none edited at first', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/email-templates', token: admin, headers: { language: 'vi' } });
    expect(res.status).toBe(200);
    const kinds = res.body.data.items.map((i: { kind: string }) => i.kind);
    expect(kinds).toEqual(expect.arrayContaining(['auth.verify', 'auth.reset', 'team.invite', 'product.reviewed', 'notification', 'credit.reminder']));
    const verify = res.body.data.items.find((i: { kind: string }) => i.kind === 'auth.verify');
    expect(verify).toMatchObject({ description: 'Đăng ký: liên kết xác minh tài khoản mới', variables: ['name', 'link'] });
    expect(verify.languages).toEqual([
      { lang: 'en', edited: false, updatedAt: null },
      { lang: 'vi', edited: false, updatedAt: null },
    ]);
  });

  it('gives one template with its variables: the default until edited', async () => {
    const res = await t.call({ method: 'GET', url: url('auth.verify', 'vi'), token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'auth.verify', lang: 'vi', subject: 'Xác minh tài khoản ExShip của bạn', edited: false, updatedBy: null });
    expect(res.body.data.variables.map((v: { name: string }) => v.name)).toEqual(['name', 'link']);
    expect(res.body.data.html).toContain('<a href="{{link}}">{{link}}</a>');
    expect((await t.call({ method: 'GET', url: url('auth.nothing', 'vi'), token: admin })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: url('auth.verify', 'fr'), token: admin })).status).toBe(404);
  });

  it('refuses a template with an unknown variable, naming the variable and the part, and keeps the old one', async () => {
    const res = await t.call({ method: 'PUT', url: url('auth.verify', 'vi'), token: admin, payload: { ...edited, text: 'Xin chào {{fullName}}: {{link}}' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toEqual([{ field: 'text', message: 'Unknown variable fullName. Use one of: name, link.' }]);

    const vi = await t.call({ method: 'PUT', url: url('auth.verify', 'vi'), token: admin, headers: { language: 'vi' }, payload: { ...edited, html: '{{{name}}} {{> footer}}' } });
    expect(vi.status).toBe(400);
    expect(vi.body.errors.map((e: { field: string }) => e.field)).toEqual(['html', 'html']);
    expect(vi.body.errors[1].message).toContain('“>footer”');
    expect((await t.call({ method: 'GET', url: url('auth.verify', 'vi'), token: admin })).body.data.edited).toBe(false);
  });

  it('refuses a verification, reset or invite template that lost its link, naming the parts', async () => {
    const res = await t.call({ method: 'PUT', url: url('team.invite', 'vi'), token: admin, payload: { subject: 'Lời mời', text: 'Bạn được mời, {{name}}.', html: '<p>Bạn được mời.</p>' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'text', message: 'This mail needs its link: add the variable “link” (in double braces) to it.' },
      { field: 'html', message: 'This mail needs its link: add the variable “link” (in double braces) to it.' },
    ]);
    expect((await t.call({ method: 'GET', url: url('team.invite', 'vi'), token: admin })).body.data.edited).toBe(false);
  });

  it('a preview renders a draft with the sample data, refusing the same mistakes', async () => {
    const res = await t.call({ method: 'POST', url: url('auth.verify', 'vi', '/preview'), token: admin, payload: { html: '<p>{{name}}</p>' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      subject: 'Xác minh tài khoản ExShip của bạn',
      text: expect.stringContaining('Xin chào Nguyễn Văn An,'),
      html: '<p>Nguyễn Văn An</p>',
    });
    const withVars = await t.call({ method: 'POST', url: url('auth.verify', 'vi', '/preview'), token: admin, payload: { subject: 'Hi {{name}}', vars: { name: '<Ann>' } } });
    expect(withVars.body.data.subject).toBe('Hi <Ann>');
    const bad = await t.call({ method: 'POST', url: url('auth.verify', 'vi', '/preview'), token: admin, payload: { subject: '{{nope}}' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('subject');
  });

  it('a saved edit shows in the preview and in the next sign-up in that language, not in the other language', async () => {
    const saved = await t.call({ method: 'PUT', url: url('auth.verify', 'vi'), token: admin, payload: edited });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ ...edited, edited: true, updatedBy: ADMIN.email });
    expect(saved.body.message).toBe('Template saved. The next email uses it.');

    const preview = await t.call({ method: 'POST', url: url('auth.verify', 'vi', '/preview'), token: admin, payload: {} });
    expect(preview.body.data.text).toBe('Xin chào Nguyễn Văn An! Mẫu đã sửa. Mở liên kết: https://exship.example/app/account/verify/sample-token');

    const list = await t.call({ method: 'GET', url: '/api/v1/email-templates', token: admin });
    expect(list.body.data.items.find((i: { kind: string }) => i.kind === 'auth.verify').languages.map((l: { edited: boolean }) => l.edited)).toEqual([false, true]);

    expect((await signUp('vi-edited@example.com', 'vi')).status).toBe(201);
    const mail = await lastMailTo(t.db, 'vi-edited@example.com');
    expect(mail?.subject).toBe('Chào Trần <Bình>, xác minh ExShip');
    expect(mail?.text).toMatch(/^Xin chào Trần <Bình>! Mẫu đã sửa\. Mở liên kết: http:\/\/localhost:3000\/app\/account\/verify\/\S+$/);
    // The HTML part escapes the name the person typed.
    expect(mail?.html).toContain('<b>Trần &lt;Bình&gt;</b>');
    // The link works: the edited template still carries the verification token.
    const act = await t.call({ method: 'GET', url: `/api/v1/accounts/authorization/activate/${mail!.link!.split('/').pop()}` });
    expect(act.status).toBe(200);

    expect((await signUp('en-default@example.com', 'en')).status).toBe(201);
    expect((await lastMailTo(t.db, 'en-default@example.com'))?.subject).toBe('Verify your ExShip account');
  });

  it('a reset brings the default back for the next mail', async () => {
    const res = await t.call({ method: 'DELETE', url: url('auth.verify', 'vi'), token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ edited: false, subject: 'Xác minh tài khoản ExShip của bạn' });
    expect((await signUp('vi-reset@example.com', 'vi')).status).toBe(201);
    const mail = await lastMailTo(t.db, 'vi-reset@example.com');
    expect(mail?.subject).toBe('Xác minh tài khoản ExShip của bạn');
    expect(mail?.text).toContain('Xin chào Trần <Bình>,\n\nHãy mở liên kết này trong vòng 10 phút');
  });

  it("a test send arrives at the caller's own email, or at the address given, with the sample data", async () => {
    const own = await t.call({ method: 'POST', url: url('credit.reminder', 'en', '/test'), token: admin, payload: {} });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data).toEqual({ to: ADMIN.email });
    const mail = await lastMailTo(t.db, ADMIN.email);
    expect(mail?.subject).toBe('Your ExShip credit is due on 2026-12-01');
    expect(mail?.text).toContain('You are using 1,250.00 USD');
    expect(mail?.html).toContain('<p>Hello,</p>');

    const other = await t.call({ method: 'POST', url: url('team.invite', 'vi', '/test'), token: admin, payload: { to: 'Tester@Example.com', subject: 'Thử {{teamName}}' } });
    expect(other.body.data).toEqual({ to: 'tester@example.com' });
    expect((await lastMailTo(t.db, 'tester@example.com'))?.subject).toBe('Thử Bình Shop');
  });

  it('sellers may not read, change, preview or test templates', async () => {
    const calls = [
      { method: 'GET', url: '/api/v1/email-templates' },
      { method: 'GET', url: url('auth.verify', 'en') },
      { method: 'PUT', url: url('auth.verify', 'en'), payload: edited },
      { method: 'DELETE', url: url('auth.verify', 'en') },
      { method: 'POST', url: url('auth.verify', 'en', '/preview'), payload: {} },
      { method: 'POST', url: url('auth.verify', 'en', '/test'), payload: {} },
    ] as const;
    for (const c of calls) expect((await t.call({ ...c, token: seller })).status, `${c.method} ${c.url}`).toBe(403);
  });
});
