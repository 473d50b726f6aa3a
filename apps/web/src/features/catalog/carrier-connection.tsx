import { useEffect } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Radio, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListCarrierConnectionsEndpoint, ListCarrierPluginsEndpoint, UpdateCarrierConnectionEndpoint, type CarrierConnection, type CarrierPluginInfo, type CarrierSettingField } from '@exship/contracts';
import { call, callEnvelope } from '../../api/call';
import { errorText } from '../../shared/api-feedback';
import { useAction } from '../../shared/use-action';
import { connectionBody, fieldLabel, fieldRules, initialValues, pluginLabel, secretHelp, secretStored, type ConnectionFormValues } from './carrier-connection-form';

// Staff pick the plugin that buys a carrier's labels (GET /carrier-plugins) and fill in its
// settings; the form is drawn from the plugin's field descriptors. A secret is never shown back:
// "•••• last4" says one is stored, and an empty field keeps it.

export const CONNECTIONS_KEY = ['carrier-connections'];
const PLUGINS_KEY = ['carrier-plugins'];

export function useCarrierConnections(enabled: boolean) {
  const q = useQuery({ queryKey: CONNECTIONS_KEY, queryFn: ({ signal }) => call(ListCarrierConnectionsEndpoint, { signal }), enabled, staleTime: 10_000 });
  return { ...q, byCarrier: new Map((q.data ?? []).map((c) => [c.carrierId, c])) };
}

function useCarrierPlugins() {
  return useQuery({ queryKey: PLUGINS_KEY, queryFn: ({ signal }) => call(ListCarrierPluginsEndpoint, { signal }), staleTime: 5 * 60_000 });
}

export function AdapterTag({ connection }: { connection: CarrierConnection | undefined }) {
  const { t } = useTranslation();
  const id = connection?.plugin ?? 'sandbox';
  return <Tag color={id === 'sandbox' ? 'default' : 'blue'}>{t(`net.connection.plugin.${id}`, { defaultValue: id })}</Tag>;
}

/** The input of one setting; Form.Item hands it value and onChange, passed on to the antd input. */
function SettingInput({ field, connection, ...control }: { field: CarrierSettingField; connection: CarrierConnection | undefined; value?: unknown; onChange?: (v: unknown) => void; id?: string }) {
  const props = control as Record<string, unknown>;
  if (field.kind === 'secret') {
    const s = connection?.secrets[field.name];
    return <Input.Password {...props} autoComplete="new-password" placeholder={s?.set ? s.hint || '••••' : undefined} />;
  }
  if (field.kind === 'number') return <InputNumber {...props} min={field.min ?? undefined} max={field.max ?? undefined} step={field.unit === 'ms' ? 1000 : 1} suffix={field.unit ?? undefined} style={{ width: '100%' }} />;
  if (field.kind === 'url') return <Input {...props} placeholder="https://api.carrier.example" autoComplete="off" inputMode="url" />;
  return <Input {...props} autoComplete="off" />;
}

export function CarrierConnectionModal({ carrier, onClose }: { carrier: { id: string; code: string; name: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConnectionFormValues>();
  const connections = useCarrierConnections(true);
  const plugins = useCarrierPlugins();
  const current = connections.byCarrier.get(carrier.id);
  const chosen = Form.useWatch('plugin', form);
  const plugin: CarrierPluginInfo | undefined = plugins.data?.find((p) => p.id === chosen);
  const save = useAction((v: ConnectionFormValues) => callEnvelope(UpdateCarrierConnectionEndpoint, { params: { carrierId: carrier.id }, body: connectionBody(plugin!, v) }), {
    success: 'net.connection.saved',
    form,
    invalidate: [CONNECTIONS_KEY],
    onSuccess: onClose,
  });
  const ready = connections.isSuccess && plugins.isSuccess;
  useEffect(() => {
    if (!ready) return;
    const first = plugins.data.find((p) => p.id === (current?.plugin ?? 'sandbox')) ?? plugins.data[0];
    if (first) form.setFieldsValue(initialValues(first, current));
  }, [ready, current, plugins.data, form]);
  const choose = (id: string) => {
    const next = plugins.data?.find((p) => p.id === id);
    if (next) form.setFieldsValue(initialValues(next, current));
  };
  const failed = connections.error ?? plugins.error;
  return (
    <Modal
      open
      title={t('net.connection.title', { code: carrier.code })}
      okText={t('net.connection.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.pending}
      okButtonProps={{ disabled: !ready || !plugin }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {connections.isLoading || plugins.isLoading ? (
        <Skeleton active />
      ) : failed ? (
        <Alert type="error" showIcon title={errorText(failed, t)} />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => void save.run(v)}>
          <Form.Item name="plugin" label={t('net.connection.pluginLabel')} extra={plugin?.helpKey ? t(plugin.helpKey) : undefined}>
            <Radio.Group optionType="button" onChange={(e) => choose(e.target.value as string)} options={(plugins.data ?? []).map((p) => ({ value: p.id, label: pluginLabel(p, t) }))} />
          </Form.Item>
          {plugin && plugin.fields.length === 0 && <Typography.Paragraph type="secondary">{t('net.connection.noSettings')}</Typography.Paragraph>}
          {plugin?.fields.map((f) => (
            <Form.Item
              key={`${plugin.id}.${f.name}`}
              name={['settings', f.name]}
              label={fieldLabel(f, t)}
              extra={f.kind === 'secret' ? secretHelp(current, f, t) : f.helpKey ? t(f.helpKey) : undefined}
              rules={fieldRules(f, t, secretStored(current, f))}
            >
              <SettingInput field={f} connection={current} />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}
