import { afterEach, expect, vi } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { session } from '../api/session';
import i18n from '../app/i18n';
import { makeProfile } from './render';

// Form-rule tests of several features: a stubbed API where detail records do not exist, a signed-in
// staff user, and the error text under a labelled form item.
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const emptyPage = { success: true, message: 'OK', data: { items: [], total: 0, page: 1, pageSize: 10 } };

export function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (/\/api\/v1\/services\/[^?]/.test(url)) return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found.' });
      if (/\/api\/v1\/discounts\/[^?]/.test(url)) return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found.' });
      return json(200, emptyPage);
    }),
  );
}

export function signIn(permissions: string[], language: 'en' | 'vi' = 'en') {
  session.signIn('token-1', makeProfile({ permissions, role: { name: 'Admin', code: 'EXR-ADMIN', kind: 'staff' } }));
  void i18n.changeLanguage(language);
  stubApi();
}

/** Call once per test file. */
export const cleanUpAfterEach = () =>
  afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
  void i18n.changeLanguage('en');
});

export const SLOW = { timeout: 8_000 };
export const RAW_ZOD = /Invalid input|expected string|received undefined/;

/** The error text under the form item with this label. */
export async function errorUnder(scope: HTMLElement, label: string): Promise<string> {
  const item = within(scope).getByText(label, { selector: 'label' }).closest<HTMLElement>('.ant-form-item')!;
  await waitFor(() => expect(item.querySelector('.ant-form-item-explain-error')).not.toBeNull(), SLOW);
  return item.querySelector('.ant-form-item-explain-error')!.textContent ?? '';
}

