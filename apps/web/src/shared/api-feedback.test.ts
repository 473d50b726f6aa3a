import { describe, expect, it, vi } from 'vitest';
import type { FormInstance } from 'antd';
import { ApiError } from '../api/client';
import i18n from '../app/i18n';
import { applyFieldErrors, errorText } from './api-feedback';

describe('api feedback', () => {
  const t = i18n.getFixedT('en');

  it('puts server field errors on the matching form fields, grouped, keys translated', () => {
    const setFields = vi.fn();
    const form = { getFieldsValue: () => ({ email: 'x', password: 'y' }), setFields } as unknown as FormInstance;
    const err = new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', [
      { field: 'email', message: 'validation.email.invalid' },
      { field: 'password', message: 'The password needs a digit.' },
      { field: 'password', message: 'The password needs an uppercase letter.' },
      { field: 'unknownThing', message: 'ignored' },
    ]);
    expect(applyFieldErrors(form, err, t)).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['email'], errors: ['Enter a valid email address.'] },
      { name: ['password'], errors: ['The password needs a digit.', 'The password needs an uppercase letter.'] },
    ]);
  });

  it('shows the server message, or a generic one', () => {
    expect(errorText(new ApiError(401, 'INVALID_CREDENTIALS', 'Wrong email or password.'), t)).toBe('Wrong email or password.');
    expect(errorText(new ApiError(0, 'NETWORK_ERROR', ''), t)).toMatch(/No network connection/);
    expect(errorText(new Error('boom'), t, 'header.language.failed')).toBe('Could not change the language. Please try again.');
  });
});
