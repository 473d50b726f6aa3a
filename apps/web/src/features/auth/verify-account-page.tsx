import { Button, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { authApi } from '../../api/auth-api';
import { errorText } from '../../shared/api-feedback';
import { useDocumentTitle } from '../../shared/use-document-title';

/** Opens the emailed link: activates the account on load and says how it went. */
export default function VerifyAccountPage() {
  const { t } = useTranslation();
  const { verifyCode = '' } = useParams();
  useDocumentTitle(t('auth.verify.title'));
  // A query (not an effect) so StrictMode's double render does not spend the one-time code twice.
  const activation = useQuery({
    queryKey: ['activate', verifyCode],
    queryFn: () => authApi.activate(verifyCode),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  const toLogin = (
    <Link to="/app/login" key="login">
      <Button type="primary">{t('auth.verify.toLogin')}</Button>
    </Link>
  );

  if (activation.isPending) {
    return (
      <div role="status" style={{ textAlign: 'center', padding: 32 }}>
        <Spin />
        <div style={{ marginTop: 12 }}>{t('auth.verify.checking')}</div>
      </div>
    );
  }
  if (activation.error instanceof ApiError && activation.error.code === 'ACCOUNT_ALREADY_VERIFIED') {
    // A second click on the link: nothing is wrong, the account is ready.
    return <Result status="info" title={t('auth.verify.alreadyTitle')} subTitle={errorText(activation.error, t)} extra={[toLogin]} />;
  }
  if (activation.isError) {
    return <Result status="error" title={t('auth.verify.failedTitle')} subTitle={errorText(activation.error, t, 'auth.verify.failed')} extra={[toLogin]} />;
  }
  return <Result status="success" title={t('auth.verify.successTitle')} subTitle={activation.data.message || t('auth.verify.success')} extra={[toLogin]} />;
}
