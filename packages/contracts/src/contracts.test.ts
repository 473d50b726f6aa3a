import { describe, expect, it } from 'vitest';
import { ERROR_CODES, MESSAGES, RegisterBodySchema, errorMessageKey, translate } from '.';

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
  it('substitutes variables', () => {
    expect(translate('en', 'mail.verify.body', { name: 'An', link: 'L' })).toContain('Hello An,');
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
