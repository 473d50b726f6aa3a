import { useEffect } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Radio, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CARRIER_ADAPTERS, ListCarrierConnectionsEndpoint, UpdateCarrierConnectionEndpoint, type CarrierAdapterKind, type CarrierConnection } from '@exship/contracts';
import { call, callEnvelope } from '../../api/call';
import { errorText } from '../../shared/api-feedback';
import { useAction } from '../../shared/use-action';

// Staff set which adapter buys a carrier's labels: the offline sandbox, or the HTTP carrier API
// at a base URL with an API key. The key is never shown back: "•••• last4" says one is stored,
// and an empty field keeps it.

export const CONNECTIONS_KEY = ['carrier-connections'];

export function useCarrierConnections(enabled: boolean) {
  const q = useQuery({ queryKey: CONNECTIONS_KEY, queryFn: ({ signal }) => call(ListCarrierConnectionsEndpoint, { signal }), enabled, staleTime: 10_000 });
  return { ...q, byCarrier: new Map((q.data ?? []).map((c) => [c.carrierId, c])) };
}

export function AdapterTag({ connection }: { connection: CarrierConnection | undefined }) {
  const { t } = useTranslation();
  if (!connection) return <Tag>{t('net.connection.adapter.sandbox')}</Tag>;
  return <Tag color={connection.adapter === 'http' ? 'blue' : 'default'}>{t(`net.connection.adapter.${connection.adapter}`)}</Tag>;
}

interface Values {
  adapter: CarrierAdapterKind;
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
}

export function CarrierConnectionModal({ carrier, onClose }: { carrier: { id: string; code: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const connections = useCarrierConnections(true);
  const current = connections.byCarrier.get(carrier.id);
  const adapter = Form.useWatch('adapter', form);
  const save = useAction(
    (v: Values) =>
      callEnvelope(UpdateCarrierConnectionEndpoint, {
        params: { carrierId: carrier.id },
        body: { adapter: v.adapter, baseUrl: (v.baseUrl ?? '').trim(), timeoutMs: v.timeoutMs, ...(v.apiKey ? { apiKey: v.apiKey } : {}) },
      }),
    { success: 'net.connection.saved', form, invalidate: [CONNECTIONS_KEY], onSuccess: onClose },
  );
  useEffect(() => {
    if (connections.isSuccess) form.setFieldsValue({ adapter: current?.adapter ?? 'sandbox', baseUrl: current?.baseUrl ?? '', apiKey: '', timeoutMs: current?.timeoutMs ?? 10_000 });
  }, [connections.isSuccess, current, form]);
  const http = adapter === 'http';
  return (
    <Modal
      open
      title={t('net.connection.title', { code: carrier.code })}
      okText={t('net.connection.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.pending}
      okButtonProps={{ disabled: !connections.isSuccess }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {connections.isLoading ? (
        <Skeleton active />
      ) : connections.isError ? (
        <Alert type="error" showIcon title={errorText(connections.error, t)} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => void save.run(v)}>
          <Form.Item name="adapter" label={t('net.connection.adapterLabel')} extra={t(`net.connection.adapterHelp.${adapter ?? 'sandbox'}`)}>
            <Radio.Group optionType="button" options={CARRIER_ADAPTERS.map((a) => ({ value: a, label: t(`net.connection.adapter.${a}`) }))} />
          </Form.Item>
          <Form.Item
            name="baseUrl"
            label={t('net.connection.baseUrl')}
            rules={[
              { required: http, whitespace: true, message: t('net.connection.baseUrlRequired') },
              { type: 'url', message: t('net.connection.baseUrlInvalid') },
              { max: 500, message: t('net.connection.tooLong') },
            ]}
          >
            <Input placeholder="https://api.carrier.example" autoComplete="off" inputMode="url" />
          </Form.Item>
          <Form.Item
            name="apiKey"
            label={t('net.connection.apiKey')}
            extra={current?.apiKeySet ? t('net.connection.apiKeyKept', { hint: `•••• ${current.apiKeyHint}` }) : t('net.connection.apiKeyNone')}
            rules={[
              { required: http && !current?.apiKeySet, message: t('net.connection.apiKeyRequired') },
              { max: 500, message: t('net.connection.tooLong') },
            ]}
          >
            <Input.Password autoComplete="new-password" placeholder={current?.apiKeySet ? `•••• ${current.apiKeyHint}` : undefined} />
          </Form.Item>
          <Form.Item name="timeoutMs" label={t('net.connection.timeout')} rules={[{ required: true, message: t('net.connection.timeoutRange') }, { type: 'number', min: 1000, max: 60_000, message: t('net.connection.timeoutRange') }]}>
            <InputNumber min={1000} max={60_000} step={1000} suffix="ms" style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
