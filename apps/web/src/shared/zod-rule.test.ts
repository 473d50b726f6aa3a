import { describe, expect, it } from 'vitest';
import { emailField, optionalPhoneField, passwordField } from '@exship/contracts';
import i18n from '../app/i18n';
import { zodRule } from './zod-rule';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validatorOf = (schema: Parameters<typeof zodRule>[0], lng: string) =>
  (zodRule(schema, i18n.getFixedT(lng)) as { validator: Validator }).validator;

describe('zodRule (antd rules from the contracts schemas)', () => {
  it('passes valid values', async () => {
    await expect(validatorOf(emailField, 'en')(null, 'a.b@example.com')).resolves.toBeUndefined();
    await expect(validatorOf(optionalPhoneField, 'en')(null, '')).resolves.toBeUndefined();
  });

  it('rejects with the translated message of the schema key', async () => {
    await expect(validatorOf(emailField, 'en')(null, 'not-an-email')).rejects.toThrow('Enter a valid email address.');
    await expect(validatorOf(emailField, 'vi')(null, 'not-an-email')).rejects.toThrow('Hãy nhập địa chỉ email hợp lệ.');
    await expect(validatorOf(passwordField, 'en')(null, 'short')).rejects.toThrow('The password needs at least 12 characters.');
    await expect(validatorOf(optionalPhoneField, 'en')(null, '0123')).rejects.toThrow(/valid phone number/);
  });
});
