import './locales';
import { useState } from 'react';
import { Alert, Button, Form, Result, Steps, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { ScreenDef, WalmartAckMode } from '@exship/contracts';
import { ApiError } from '../../api/client';
import { errorText } from '../../shared/api-feedback';
import { ScreenCard, useCan } from '../../shared/screen';
import { useAction } from '../../shared/use-action';
import { walmartApi, WALMART_KEY, type CallbackBody } from './api';
import { AckAndPayFields, CredentialFields, StoreNameField } from './credential-fields';

// SPEC §2 /callback/walmart: completes a connect started on /connect/walmart. The seller gives the
// store's name and Walmart credentials (checked with Walmart by the server, the secret never shown
// back), and the browser goes where the server says: the allowed callback URI with the store id.

interface CallbackValues {
  name: string;
  clientId: string;
  clientSecret: string;
  ackMode: WalmartAckMode;
  autoPay: boolean;
}

/** Codes after which this connect id is spent or refused: start again. */
const DEAD_ENDS = ['WALMART_CONNECT_NOT_FOUND', 'WALMART_CALLBACK_NOT_ALLOWED'];

export default function WalmartCallbackPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const connectId = params.get('connect-id') ?? '';
  const [form] = Form.useForm<CallbackValues>();
  const [deadEnd, setDeadEnd] = useState<string | null>(null);
  const complete = useAction((v: CallbackValues) => walmartApi.completeConnect({ connectId, name: v.name.trim(), clientId: v.clientId.trim(), clientSecret: v.clientSecret.trim(), ackMode: v.ackMode, autoPay: v.autoPay } as CallbackBody), {
    success: 'walmart.connectFlow.connected',
    form,
    onError: (err) => {
      if (err instanceof ApiError && DEAD_ENDS.includes(err.code ?? '')) setDeadEnd(errorText(err, t));
    },
    onSuccess: async (res) => {
      await queryClient.invalidateQueries({ queryKey: [WALMART_KEY] });
      const to = res.data.redirectTo;
      // A path of ours stays in the app; an allowed partner address is a full page load.
      if (to.startsWith('/')) navigate(to, { replace: true });
      else window.location.assign(to);
    },
  });
  if (!can('EX-WALMART-CONNECT')) return <Navigate to="/app/403" replace />;
  return (
    <ScreenCard title={t('walmart.connectFlow.title')}>
      <div style={{ maxWidth: 640 }}>
        <Steps
          size="small"
          current={1}
          status={deadEnd ? 'error' : 'process'}
          style={{ marginBottom: 24 }}
          items={[{ title: t('walmart.connectFlow.stepSignIn') }, { title: t('walmart.connectFlow.stepCredentials') }, { title: t('walmart.connectFlow.stepReturn') }]}
        />
        {!connectId || deadEnd ? (
          <Result
            status="warning"
            title={deadEnd ?? t('walmart.connectFlow.noConnectId')}
            extra={
              <Link to="/integrations/walmart">
                <Button type="primary">{t('walmart.connectFlow.toStores')}</Button>
              </Link>
            }
          />
        ) : (
          <Form<CallbackValues>
            form={form}
            layout="vertical"
            initialValues={{ name: '', clientId: '', clientSecret: '', ackMode: 'on-sync', autoPay: false }}
            onFinish={(v) => void complete.run(v)}
          >
            <Typography.Paragraph type="secondary">{t('walmart.connect.hint')}</Typography.Paragraph>
            <StoreNameField />
            <CredentialFields required />
            <AckAndPayFields />
            {complete.pending && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('walmart.connectFlow.checking')} />}
            <Button type="primary" htmlType="submit" loading={complete.pending}>
              {t('walmart.connect.ok')}
            </Button>
          </Form>
        )}
      </div>
    </ScreenCard>
  );
}
