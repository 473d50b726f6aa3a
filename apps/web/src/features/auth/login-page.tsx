import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { authApi } from '../../api/auth-api';
import { session } from '../../api/session';
import { applyFieldErrors, errorText } from '../../shared/api-feedback';
import { AuthHeading } from './auth-heading';

// Only when the server offers Google sign-in, after the form is on screen: its own chunk.
const GoogleSignIn = lazy(() => import('./google-sign-in'));

interface LoginForm {
  email: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  // LoginBodySchema asks only for both fields; a plain rule keeps zod out of the sign-in bundle.
  const requiredRule = [{ required: true, whitespace: true, message: t('validation.required') }];
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginForm>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<{ text: string; unverifiedUserId?: string } | null>(null);
  const [resending, setResending] = useState(false);
  // Google's client id when the server offers Google sign-in; the button is left out otherwise.
  const [googleClientId, setGoogleClientId] = useState<string | null>(null);

  useEffect(() => {
    const aborted = new AbortController();
    authApi
      .signInOptions(aborted.signal)
      .then((options) => setGoogleClientId(options.google?.clientId ?? null))
      .catch(() => undefined);
    return () => aborted.abort();
  }, []);

  const signIn = async (attempt: () => ReturnType<typeof authApi.login>) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const res = await attempt();
      if (res.data.mustChangePassword) message.warning(t('profile.mustChangePassword'));
      else message.success(res.message || t('auth.login.success'));
      // GuestOnly sends the now signed-in user on to the dashboard (or the page they came from),
      // or to the change-password tab when the password must be changed first.
      session.signIn(res.data.token, res.data.profile);
    } catch (err) {
      applyFieldErrors(form, err, t);
      const userId = err instanceof ApiError && err.code === 'ACCOUNT_NOT_VERIFIED' ? err.details?.userId : undefined;
      setFailure({ text: errorText(err, t), unverifiedUserId: typeof userId === 'string' ? userId : undefined });
    } finally {
      setSubmitting(false);
    }
  };
  const onFinish = (values: LoginForm) => signIn(() => authApi.login({ email: values.email.trim(), password: values.password }));

  const resend = async (userId: string) => {
    setResending(true);
    try {
      const res = await authApi.requestVerify(userId);
      message.success(res.message || t('auth.verify.resent'));
      setFailure(null);
    } catch (err) {
      message.error(errorText(err, t));
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      <AuthHeading title={t('auth.login.title')} subtitle={t('auth.login.subtitle')} />
      {failure && (
        <Alert
          type={failure.unverifiedUserId ? 'warning' : 'error'}
          showIcon
          style={{ marginBottom: 16 }}
          title={failure.text}
          action={
            failure.unverifiedUserId ? (
              <Button size="small" loading={resending} onClick={() => resend(failure.unverifiedUserId!)}>
                {t('auth.login.resendVerification')}
              </Button>
            ) : undefined
          }
        />
      )}
      <Form<LoginForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} autoComplete="on">
        <Form.Item name="email" label={t('auth.field.email')} rules={requiredRule} validateTrigger="onBlur">
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" placeholder="you@company.com" size="large" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.field.password')} rules={requiredRule}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: -8, marginBottom: 16 }}>
          <Link to="/app/forgot-password">{t('auth.login.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('auth.login.submit')}
        </Button>
      </Form>
      {googleClientId && (
        <Suspense fallback={null}>
          <GoogleSignIn clientId={googleClientId} onToken={(idToken) => void signIn(() => authApi.loginGoogle(idToken))} />
        </Suspense>
      )}
      <p style={{ textAlign: 'center', marginTop: 20, marginBottom: 4 }}>
        {t('auth.login.noAccount')} <Link to="/app/signup">{t('auth.login.toSignup')}</Link>
      </p>
    </>
  );
}
