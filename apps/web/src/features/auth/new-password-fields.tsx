import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordField } from '@exship/contracts';
import { matchesField, zodRule } from '../../shared/zod-rule';

/** A new password and its confirmation, with the server's password rule (reset password, team invite). */
export function NewPasswordFields({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={label} rules={[zodRule(passwordField, t)]} extra={t('auth.field.passwordHint')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('auth.field.confirmPassword')} dependencies={['password']} rules={[matchesField('password', t)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
