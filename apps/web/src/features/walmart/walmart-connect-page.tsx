import './locales';
import { Alert, Button, Result, Space, Spin, Steps, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { ScreenDef } from '@exship/contracts';
import { errorText } from '../../shared/api-feedback';
import { ScreenCard, useCan } from '../../shared/screen';
import { walmartApi, WALMART_KEY } from './api';

// SPEC §2 /connect/walmart?callback-uri=…: reached after sign-in (the login page sends a callback-uri
// on here). The server checks the callback URI against its allow-list (never an open redirect) and
// answers a one-use connect id; the seller then gives the store's credentials on /callback/walmart.

/** Where the browser goes back to, as a person reads it: the host of an address, or "ExShip" for a path of ours. */
export function returnPlaceOf(uri: string): string | null {
  if (uri.startsWith('/')) return null;
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
}

export default function WalmartConnectPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const callbackUri = params.get('callback-uri') ?? undefined;
  const allowed = can('EX-WALMART-CONNECT');
  const start = useQuery({
    queryKey: [WALMART_KEY, 'connect', callbackUri ?? ''],
    queryFn: () => walmartApi.startConnect(callbackUri),
    enabled: allowed,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (!allowed) return <Navigate to="/app/403" replace />;
  const connect = start.data?.data;
  const place = connect ? returnPlaceOf(connect.callbackUri) : null;
  return (
    <ScreenCard title={t('walmart.connectFlow.title')}>
      <div style={{ maxWidth: 640 }}>
        <Steps
          size="small"
          current={1}
          style={{ marginBottom: 24 }}
          items={[{ title: t('walmart.connectFlow.stepSignIn') }, { title: t('walmart.connectFlow.stepCredentials') }, { title: t('walmart.connectFlow.stepReturn') }]}
        />
        {start.isPending ? (
          <div role="status" style={{ padding: 24, textAlign: 'center' }}>
            <Spin />
          </div>
        ) : start.isError ? (
          <Result
            status="error"
            title={errorText(start.error, t)}
            subTitle={callbackUri ? t('walmart.connectFlow.refusedUri', { uri: callbackUri }) : undefined}
            extra={
              <Link to="/integrations/walmart">
                <Button type="primary">{t('walmart.connectFlow.toStores')}</Button>
              </Link>
            }
          />
        ) : (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Typography.Paragraph style={{ margin: 0 }}>{t('walmart.connectFlow.intro')}</Typography.Paragraph>
            <Alert type="info" showIcon message={place ? t('walmart.connectFlow.returnTo', { place }) : t('walmart.connectFlow.returnHere')} />
            <Space wrap>
              <Button type="primary" onClick={() => navigate(`/callback/walmart?connect-id=${encodeURIComponent(connect!.connectId)}`)}>
                {t('walmart.connectFlow.continue')}
              </Button>
              <Link to="/integrations/walmart">
                <Button>{t('common.cancel')}</Button>
              </Link>
            </Space>
          </Space>
        )}
      </div>
    </ScreenCard>
  );
}
