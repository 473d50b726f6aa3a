import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ERROR_CODES, MESSAGES, RegisterBodySchema, WALLET_NOTE_KEYS, errorMessageKey, translate } from '.';

describe('messages', () => {
  it('en and vi have the same keys', () => {
    expect(Object.keys(MESSAGES.vi).sort()).toEqual(Object.keys(MESSAGES.en).sort());
  });
  it('every error code has a message in both languages', () => {
    for (const code of ERROR_CODES) {
      expect(MESSAGES.en[errorMessageKey(code)], code).toBeTruthy();
      expect(MESSAGES.vi[errorMessageKey(code)], code).toBeTruthy();
    }
  });
  it('no Vietnamese message is the English one left as it was', () => {
    const vi = MESSAGES.vi as Record<string, string>;
    expect(Object.entries(MESSAGES.en).filter(([k, v]) => vi[k] === v && v !== 'OK').map(([k]) => k)).toEqual([]);
  });
  it('every note the platform writes on a wallet transaction has its words in both languages', () => {
    const [en, vi] = [MESSAGES.en as Record<string, string>, MESSAGES.vi as Record<string, string>];
    expect(WALLET_NOTE_KEYS.filter((k) => !en[`wallet.note.${k}`] || !vi[`wallet.note.${k}`])).toEqual([]);
    expect(translate('vi', 'wallet.note.payOrders', { count: '8' })).toBe('Thanh toán 8 đơn hàng');
  });
  it('substitutes variables', () => {
    expect(translate('en', 'mail.verify.body', { name: 'An', link: 'L' })).toContain('Hello An,');
  });
  it('property: every message, and any text that is not a key, reads as with {{var}} substitution always run', () => {
    // translate skips the pattern when the text has no `{{`; the words must be the same as without the shortcut.
    const substituted = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
    const vars = fc.dictionary(fc.constantFrom('name', 'link', 'count', 'why', 'field', 'x'), fc.string({ maxLength: 8 }));
    const text = fc.oneof(fc.constantFrom(...Object.keys(MESSAGES.en)), fc.string({ unit: fc.constantFrom('{', '}', 'a', 'x', ' ', '_'), maxLength: 12 }));
    fc.assert(
      fc.property(fc.constantFrom('en' as const, 'vi' as const), text, vars, (lang, key, v) => {
        const words = (MESSAGES[lang] as Record<string, string>)[key] ?? key;
        expect(translate(lang, key, v)).toBe(substituted(words, v));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('RegisterBodySchema', () => {
  const ok = { fullName: 'An', email: 'A.B+c@Mail.example.com', password: 'Abcdefgh1!xy', confirmPassword: 'Abcdefgh1!xy', agreeTerms: true };
  it('lower-cases the email and drops an empty phone', () => {
    const r = RegisterBodySchema.parse({ ...ok, phone: '' });
    expect(r.email).toBe('a.b+c@mail.example.com');
    expect(r.phone).toBeUndefined();
  });
  it.each(['a..b@example.com', '.a@example.com', 'a@example', 'a@ex ample.com'])('rejects email %s', (email) => {
    expect(RegisterBodySchema.safeParse({ ...ok, email }).success).toBe(false);
  });
});
