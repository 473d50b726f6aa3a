import { useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RegisterBodySchema, emailField, fullNameField, optionalPhoneField, passwordField } from '@exship/contracts';
import { authApi } from '../../api/auth-api';
import { applyFieldErrors, errorText } from '../../shared/api-feedback';
import { matchesField, zodRule } from '../../shared/zod-rule';
import { AuthHeading } from './auth-heading';

interface SignupForm {
  fullName: string;
  email: string;
  phone?: string;
  password: string;
  confirmPassword: string;
  agreeTerms: boolean;
}

export default function SignupPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SignupForm>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onFinish = async (values: SignupForm) => {
    setSubmitting(true);
    setError(null);
    try {
      const res = await authApi.register({
        fullName: values.fullName,
        email: values.email.trim(),
        phone: values.phone?.trim() || undefined,
        password: values.password,
        confirmPassword: values.confirmPassword,
        agreeTerms: true,
      });
      message.success(res.message || t('auth.signup.success'));
      setSentTo(values.email.trim());
    } catch (err) {
      applyFieldErrors(form, err, t);
      setError(errorText(err, t, 'auth.signup.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  if (sentTo) {
    // The server answers the same whether or not the email already has an account.
    return (
      <Result
        status="success"
        title={t('auth.signup.checkEmailTitle')}
        subTitle={t('auth.signup.checkEmail', { email: sentTo })}
        extra={
          <Link to="/app/login">
            <Button type="primary">{t('auth.backToLogin')}</Button>
          </Link>
        }
      />
    );
  }

  return (
    <>
      <AuthHeading title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')} />
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} />}
      <Form<SignupForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} initialValues={{ agreeTerms: false }}>
        <Form.Item name="fullName" label={t('auth.field.fullName')} rules={[zodRule(fullNameField, t)]} required>
          <Input autoComplete="name" maxLength={60} />
        </Form.Item>
        <Form.Item name="email" label={t('auth.field.email')} rules={[zodRule(emailField, t)]} validateTrigger="onBlur" required>
          <Input type="email" autoComplete="email" placeholder="you@company.com" />
        </Form.Item>
        <Form.Item name="phone" label={t('auth.field.phone')} rules={[zodRule(optionalPhoneField, t)]} validateTrigger="onBlur">
          <Input type="tel" autoComplete="tel" placeholder="+84901234567" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.field.password')}
          rules={[zodRule(passwordField, t)]}
          extra={t('auth.field.passwordHint')}
          required
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('auth.field.confirmPassword')}
          dependencies={['password']}
          rules={[matchesField('password', t)]}
          required
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="agreeTerms" valuePropName="checked" rules={[zodRule(RegisterBodySchema.shape.agreeTerms, t)]}>
          <Checkbox>
            {t('auth.signup.agree')}{' '}
            <Link to="/term-condition" target="_blank" style={{ textDecoration: 'underline' }}>
              {t('auth.signup.terms')}
            </Link>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('auth.signup.submit')}
        </Button>
      </Form>
      <p style={{ textAlign: 'center', marginTop: 20, marginBottom: 4 }}>
        {/* Underlined: a link inside a sentence is not marked by colour alone (WCAG 1.4.1). */}
        {t('auth.signup.haveAccount')}{' '}
        <Link to="/app/login" style={{ textDecoration: 'underline' }}>
          {t('auth.signup.toLogin')}
        </Link>
      </p>
    </>
  );
}
