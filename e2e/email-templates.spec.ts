import { expect, test } from '@playwright/test';
import { ADMIN, expectAccessible, login, nextClientIp, popupsSettled, waitForMail } from './helpers';

// SPEC §2 /app/setting-user/emails: staff edit the Vietnamese verification email (an unknown variable
// is refused on its field), the preview shows the edit with sample data, and a new sign-up in
// Vietnamese receives the edited text with a working link. The template is reset afterwards.

test('staff edit the Vietnamese verification email and a new Vietnamese sign-up receives it', async ({ page, browser, request }) => {
  const stamp = Date.now().toString(36);
  const marker = `Mẫu E2E ${stamp}`;

  await login(page, ADMIN);
  await page.goto('/app/setting-user/emails');
  await expect(page.getByRole('heading', { name: 'Emails' })).toBeVisible();
  await expect(page.getByText('Sign-up: the link that verifies a new account')).toBeVisible();
  await expectAccessible(page, 'email templates');
  await page.getByRole('button', { name: 'Edit auth.verify vi' }).click();

  await expect(page.getByRole('tab', { name: 'Vietnamese', selected: true })).toBeVisible();
  const subject = page.getByLabel('Subject', { exact: true });
  await expect(subject).toHaveValue('Xác minh tài khoản ExShip của bạn');
  const text = page.getByLabel('Text part');
  const html = page.getByLabel('HTML part');

  // An unknown variable is refused and named on its field.
  await text.fill('Xin chào {{hoTen}}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-form-item').filter({ has: text }).getByText('Unknown variable hoTen. Use one of: name, link.')).toBeVisible();

  await subject.fill(`${marker}: xác minh tài khoản`);
  await text.fill(`Chào {{name}}! ${marker}.\nBấm vào đây để xác minh: `);
  // Click-to-insert puts the variable at the cursor (the end of the text).
  await text.press('End');
  await text.press('ControlOrMeta+End');
  await page.getByRole('button', { name: '{{link}}' }).click();
  await expect(text).toHaveValue(`Chào {{name}}! ${marker}.\nBấm vào đây để xác minh: {{link}}`);
  await html.fill(`<p>Chào <b>{{name}}</b>! ${marker}.</p><p><a href="{{link}}">Xác minh</a></p>`);

  // The live preview renders the draft with the sample data: the text, and the HTML in a sandbox.
  const preview = page.getByRole('region', { name: 'Preview with sample data' });
  await expect(preview.getByTestId('preview-text')).toHaveText(`Chào Nguyễn Văn An! ${marker}.\nBấm vào đây để xác minh: https://exship.example/app/account/verify/sample-token`);
  const frame = preview.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe[title="Preview of the HTML part"]').locator('b')).toHaveText('Nguyễn Văn An');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved. The next email uses it.')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Vietnamese\s*edited/ })).toBeVisible();

  // A new sign-up in Vietnamese, in its own browser context.
  const visitor = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() } });
  const signup = await visitor.newPage();
  const email = `e2e.vi.${stamp}@example.com`;
  const password = 'Str0ng#Passw0rd!';
  await signup.goto('/app/signup?lang=vi');
  await signup.getByLabel('Họ và tên').fill('Phạm Minh Châu');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await signup.getByLabel('Xác nhận mật khẩu').fill(password);
  await signup.getByRole('checkbox', { name: /Tôi đồng ý với/ }).check();
  await signup.getByRole('button', { name: 'Tạo tài khoản' }).click();

  const mail = await waitForMail(request, email, new RegExp(marker));
  expect(mail.subject).toBe(`${marker}: xác minh tài khoản`);
  expect(mail.text).toMatch(new RegExp(`^Chào Phạm Minh Châu! ${marker}\\.\\nBấm vào đây để xác minh: http://\\S+/app/account/verify/\\S+$`));
  // The edited template still carries a working verification link.
  await signup.goto(/\/app\/account\/verify\/\S+/.exec(mail.text)![0]);
  await expect(signup.getByText('Đã xác minh tài khoản')).toBeVisible();
  await visitor.close();

  // Reset to the default, after a confirmation.
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await popupsSettled(page);
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Template reset to the default.')).toBeVisible();
  await expect(subject).toHaveValue('Xác minh tài khoản ExShip của bạn');
});
