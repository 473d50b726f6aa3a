import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { ApiError } from '../api/client';

/** The text to show for a failed call: the server's localized message, or a generic one. */
export function errorText(err: unknown, t: TFunction, fallbackKey = 'common.error.generic'): string {
  if (err instanceof ApiError) {
    if (err.code === 'NETWORK_ERROR') return t('common.error.network');
    if (err.message) return err.message;
  }
  return t(fallbackKey);
}

/**
 * Field errors (400 with `errors: [{field, message}]`) go onto the matching Form.Item.
 * Returns true when at least one field got an error.
 */
export function applyFieldErrors(form: FormInstance, err: unknown, t: TFunction): boolean {
  if (!(err instanceof ApiError) || err.errors.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  // A field can fail several rules; show them together on its Form.Item.
  const byField = new Map<string, string[]>();
  for (const e of err.errors) {
    if (!known.has(e.field.split('.')[0] ?? '')) continue;
    byField.set(e.field, [...(byField.get(e.field) ?? []), t(e.message, e.vars)]);
  }
  const fields = [...byField].map(([field, errors]) => ({ name: field.split('.'), errors }));
  if (fields.length) form.setFields(fields);
  return fields.length > 0;
}
