import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EmailTemplate, EmailTemplateSummary } from '@exship/contracts';
import { session } from '../../api/session';
import i18n from '../../app/i18n';
import { fakeApi, envelope, failure, type ApiCall } from '../../test/fake-api';
import { makeProfile, renderRoutes } from '../../test/render';
import EmailsPage from './emails-page';

// SPEC §2 /app/setting-user/emails: the list of mails with their edited languages, the editor with
// its variables and live preview, save (server field errors on the fields), test send and reset.

const PATH = '/app/setting-user/emails';
const ok = (data: unknown, message = 'OK') => envelope(data, { message });
const SUMMARY: EmailTemplateSummary[] = [
  { kind: 'auth.verify', description: 'Sign-up: the link that verifies a new account', variables: ['name', 'link'], languages: [{ lang: 'en', edited: false, updatedAt: null }, { lang: 'vi', edited: true, updatedAt: '2026-11-20T01:00:00.000Z' }] },
  { kind: 'auth.reset', description: 'Forgot password: the link to choose a new password', variables: ['name', 'link'], languages: [{ lang: 'en', edited: false, updatedAt: null }, { lang: 'vi', edited: false, updatedAt: null }] },
];
const VI: EmailTemplate = {
  kind: 'auth.verify',
  lang: 'vi',
  description: 'Sign-up: the link that verifies a new account',
  variables: [
    { name: 'name', description: "The recipient's full name", sample: 'Nguyễn Văn An', optional: false },
    { name: 'link', description: 'The verification link (valid 10 minutes)', sample: 'https://exship.example/v', optional: false },
  ],
  subject: 'Xác minh tài khoản',
  text: 'Xin chào {{name}}',
  html: '<p>Xin chào {{name}}</p>',
  edited: true,
  updatedAt: '2026-11-20T01:00:00.000Z',
  updatedBy: 'admin@exship.local',
};

/** The screen's server: the list, the vi template and the preview, unless `reply` answers first. */
function stubApi(reply: (call: ApiCall) => Response | undefined = () => undefined) {
  return fakeApi((call) => {
    const answer = reply(call);
    if (answer) return answer;
    if (call.url === '/api/v1/email-templates') return ok({ items: SUMMARY });
    if (call.url === '/api/v1/email-templates/auth.verify/vi' && call.method === 'GET') return ok(VI);
    if (call.url.endsWith('/preview')) {
      const b = call.body as { subject: string; text: string; html: string };
      return ok({ subject: b.subject.replace('{{name}}', 'Nguyễn Văn An'), text: b.text.replace(/\{\{name\}\}/g, 'Nguyễn Văn An'), html: b.html.replace(/\{\{name\}\}/g, 'Nguyễn Văn An') });
    }
    return undefined;
  });
}

function renderPage(url = PATH) {
  session.signIn('token-1', makeProfile({ permissions: ['EX-EMAIL-TEMPLATE-MANAGE'], timeZone: '+07:00', email: 'admin@exship.local' }));
  void i18n.changeLanguage('en');
  return renderRoutes([{ path: PATH, element: <EmailsPage /> }], url);
}

const SLOW = { timeout: 8_000 };
const waitForText = (text: string) => waitFor(() => expect(document.body.textContent).toContain(text), SLOW);
const button = (text: string) => screen.getByText(text, { selector: 'button span' }).closest('button')!;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('email templates screen', () => {
  it('lists every mail with its languages, marking the edited ones, and opens the editor of one language', async () => {
    stubApi();
    renderPage();
    await waitForText('Sign-up: the link that verifies a new account');
    expect(document.body.textContent).toContain('auth.reset');
    const verifyVi = screen.getByLabelText('Edit auth.verify vi');
    expect(verifyVi.textContent).toContain('edited');
    expect(screen.getByLabelText('Edit auth.verify en').textContent).not.toContain('edited');
    fireEvent.click(verifyVi);
    await waitFor(() => expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Xác minh tài khoản'), SLOW);
    expect(document.body.textContent).toContain('Edited by admin@exship.local');
  });

  it('previews the draft live in a sandboxed frame, inserts a variable at the cursor, and saves', async () => {
    const calls = stubApi((c) => (c.method === 'PUT' ? ok({ ...VI, ...c.body }, 'Template saved. The next email uses it.') : undefined));
    renderPage(`${PATH}?kind=auth.verify&templateLang=vi`);
    await waitFor(() => expect(screen.getByTestId('preview-text').textContent).toBe('Xin chào Nguyễn Văn An'), SLOW);
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Xin chào Nguyễn Văn An</p>');

    const text = screen.getByLabelText('Text part') as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'Chào bạn. ' } });
    text.setSelectionRange(10, 10);
    fireEvent.select(text);
    fireEvent.click(screen.getByText('{{link}}', { selector: 'button span' }));
    await waitFor(() => expect(text.value).toBe('Chào bạn. {{link}}'));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/preview')).at(-1)?.body.text).toBe('Chào bạn. {{link}}'), SLOW);

    fireEvent.click(button('Save'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy(), SLOW);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/email-templates/auth.verify/vi');
    expect(put.body).toEqual({ subject: 'Xác minh tài khoản', text: 'Chào bạn. {{link}}', html: '<p>Xin chào {{name}}</p>' });
    await waitForText('Template saved. The next email uses it.');
  });

  it("shows the server's refusal of an unknown variable on its field", async () => {
    stubApi((c) =>
      c.method === 'PUT'
        ? failure(400, 'VALIDATION_FAILED', 'Check the fields.', { errors: [{ field: 'text', message: 'Unknown variable fullName. Use one of: name, link.' }] })
        : undefined,
    );
    renderPage(`${PATH}?kind=auth.verify&templateLang=vi`);
    await waitFor(() => expect((screen.getByLabelText('Text part') as HTMLTextAreaElement).value).toBe('Xin chào {{name}}'), SLOW);
    fireEvent.click(button('Save'));
    await waitForText('Unknown variable fullName. Use one of: name, link.');
    const item = screen.getByLabelText('Text part').closest('.ant-form-item')!;
    expect(within(item as HTMLElement).getByText('Unknown variable fullName. Use one of: name, link.')).toBeTruthy();
  });

  it('sends a test of the draft, to another address when one is given, and resets after confirming', async () => {
    const calls = stubApi((c) => {
      if (c.url.endsWith('/test')) return ok({ to: c.body.to ?? 'admin@exship.local' }, 'Test email sent.');
      if (c.method === 'DELETE') return ok({ ...VI, edited: false, updatedAt: null, updatedBy: null, subject: 'Default' }, 'Template reset to the default.');
      return undefined;
    });
    renderPage(`${PATH}?kind=auth.verify&templateLang=vi`);
    await waitFor(() => expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Xác minh tài khoản'), SLOW);
    fireEvent.change(screen.getByLabelText('Send the test to (empty: my email)'), { target: { value: 'qa@example.com' } });
    fireEvent.click(button('Send test'));
    await waitForText('Test email sent.');
    // One success message, no second toast with only the address.
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1);
    expect(screen.queryByText('qa@example.com')).toBeNull();
    expect(calls.find((c) => c.url.endsWith('/test'))?.body).toEqual({ subject: 'Xác minh tài khoản', text: 'Xin chào {{name}}', html: '<p>Xin chào {{name}}</p>', to: 'qa@example.com' });

    fireEvent.click(button('Reset to default'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await waitForText('Replace this template with the default?');
    const confirm = document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary')!;
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/v1/email-templates/auth.verify/vi'), SLOW);
    await waitForText('Template reset to the default.');
  });
});
