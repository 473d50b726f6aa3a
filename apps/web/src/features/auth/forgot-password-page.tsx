import { useState } from 'react';
import { Alert, App, Button, Form, Input, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordBodySchema } from '@exship/contracts';
import { authApi } from '../../api/auth-api';
import { applyFieldErrors, errorText } from '../../shared/api-feedback';
import { zodRule } from '../../shared/zod-rule';
import { AuthHeading } from './auth-heading';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string }>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const onFinish = async ({ email }: { email: string }) => {
    setSubmitting(true);
    setError(null);
    try {
      const res = await authApi.forgot(email.trim());
      message.success(t('auth.forgot.sentShort'));
      setSent(res.message || t('auth.forgot.sent'));
    } catch (err) {
      applyFieldErrors(form, err, t);
      setError(errorText(err, t));
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <Result
        status="success"
        title={t('auth.forgot.sentTitle')}
        subTitle={sent}
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
      <AuthHeading title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} />}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="email" label={t('auth.field.email')} rules={[zodRule(ForgotPasswordBodySchema.shape.email, t)]} validateTrigger="onBlur">
          <Input prefix={<MailOutlined />} type="email" autoComplete="email" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('auth.forgot.submit')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 20 }}>
        <Link to="/app/login">{t('auth.backToLogin')}</Link>
      </div>
    </>
  );
}
