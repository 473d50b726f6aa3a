import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Result, Skeleton } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmInviteEndpoint, VerifyInviteEndpoint } from '@exship/contracts';
import { call, callEnvelope } from '../../api/call';
import { applyFieldErrors, errorText } from '../../shared/api-feedback';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthHeading } from './auth-heading';
import { NewPasswordFields } from './new-password-fields';

interface JoinForm {
  fullName: string;
  password: string;
  confirmPassword: string;
}
type Invite = { email: string; teamName: string; roleName: string; expiresAt: string };

/** SPEC §2 /app/teams/confirm-invite: the link of a team invite (good once, 72 hours). */
export default function ConfirmInvitePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<JoinForm>();
  const [invite, setInvite] = useState<Invite | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useDocumentTitle(t('auth.invite.title'));

  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    call(VerifyInviteEndpoint, { params: { id: token }, signal: abort.signal })
      .then(setInvite)
      .catch((err: unknown) => !abort.signal.aborted && setFailure(errorText(err, t)));
    return () => abort.abort();
  }, [token, t]);

  const back = (
    <Link to="/app/login">
      <Button type="primary">{t('auth.backToLogin')}</Button>
    </Link>
  );
  if (!token) return <Result status="warning" title={t('auth.invite.title')} subTitle={t('auth.invite.notYet')} extra={back} />;
  if (failure) return <Result status="warning" title={t('auth.invite.invalid')} subTitle={failure} extra={back} />;
  if (!invite) return <Skeleton active paragraph={{ rows: 4 }} />;

  const onFinish = async (values: JoinForm) => {
    setSubmitting(true);
    try {
      const res = await callEnvelope(ConfirmInviteEndpoint, { body: { token, fullName: values.fullName, password: values.password } });
      message.success(res.message);
      navigate(`/app/login?email=${encodeURIComponent(invite.email)}`, { replace: true });
    } catch (err) {
      applyFieldErrors(form, err, t);
      message.error(errorText(err, t));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <AuthHeading title={t('auth.invite.title')} subtitle={t('auth.invite.subtitle', { email: invite.email, team: invite.teamName, role: invite.roleName })} />
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={invite.email} />
      <Form<JoinForm> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="fullName" label={t('auth.field.fullName')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
          <Input maxLength={60} autoComplete="name" />
        </Form.Item>
        <NewPasswordFields label={t('auth.field.password')} />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('auth.invite.submit')}
        </Button>
      </Form>
    </>
  );
}
