import { useState } from 'react';
import { Alert, App, Button, Form, Result } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth-api';
import { applyFieldErrors, errorText } from '../../shared/api-feedback';
import { AuthHeading } from './auth-heading';
import { NewPasswordFields } from './new-password-fields';

interface ResetForm {
  password: string;
  confirmPassword: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<ResetForm>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!token) {
    return (
      <Result
        status="warning"
        title={t('auth.reset.noToken')}
        extra={
          <Link to="/app/forgot-password">
            <Button type="primary">{t('auth.reset.requestNew')}</Button>
          </Link>
        }
      />
    );
  }

  const onFinish = async (values: ResetForm) => {
    setSubmitting(true);
    setError(null);
    try {
      const res = await authApi.reset({ token, ...values });
      message.success(res.message || t('auth.reset.success'));
      navigate('/app/login', { replace: true });
    } catch (err) {
      applyFieldErrors(form, err, t);
      setError(errorText(err, t));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <AuthHeading title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={error}
          action={<Link to="/app/forgot-password">{t('auth.reset.requestNew')}</Link>}
        />
      )}
      <Form<ResetForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <NewPasswordFields label={t('auth.field.newPassword')} />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('auth.reset.submit')}
        </Button>
      </Form>
    </>
  );
}
