import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Input, Modal, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CreateWebhookEndpointEndpoint,
  DeleteWebhookEndpointEndpoint,
  GetWebhookSecretEndpoint,
  ListWebhookEndpointsEndpoint,
  ListWebhookEventTypesEndpoint,
  RotateWebhookSecretEndpoint,
  SendWebhookTestEndpoint,
  UpdateWebhookEndpointEndpoint,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookTestReply,
} from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { call, callEnvelope } from '../../api/call';
import { useSession } from '../../api/session';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { useCan } from '../../shared/screen';
import { useAction } from '../../shared/use-action';
import { DeliveriesDrawer } from './webhook-deliveries';

// Integrations → Webhooks (docs/webhooks.md): the account's endpoints, each with its events, header
// key, signing secret, a test event and the delivery log.

const KEYS = { endpoints: ['webhooks', 'endpoints'], types: ['webhooks', 'event-types'] } as const;

interface EndpointForm {
  url: string;
  description?: string;
  eventTypes: string[];
  headerName?: string;
  headerValue?: string;
}

function EndpointModal({ editing, onClose }: { editing: WebhookEndpoint | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EndpointForm>();
  const types = useQuery({ queryKey: KEYS.types, queryFn: ({ signal }) => call(ListWebhookEventTypesEndpoint, { signal }) });
  const isNew = editing === 'new';
  const groups = new Map<string, { label: string; value: string }[]>();
  for (const e of types.data ?? []) {
    if (e.type === 'webhook.test') continue;
    groups.set(e.group, [...(groups.get(e.group) ?? []), { label: e.type, value: e.type }]);
  }
  const options = [...groups].map(([group, list]) => ({ label: t(`integrations.webhooks.group.${group}`), options: list }));
  const save = useAction(
    (v: EndpointForm) => {
      const body = { url: v.url, description: v.description ?? '', eventTypes: v.eventTypes as WebhookEventType[], headerName: v.headerName?.trim() || null, ...(v.headerValue ? { headerValue: v.headerValue } : {}) };
      return isNew ? callEnvelope(CreateWebhookEndpointEndpoint, { body }) : callEnvelope(UpdateWebhookEndpointEndpoint, { params: { id: editing._id }, body });
    },
    { success: isNew ? 'integrations.webhooks.created' : 'integrations.webhooks.saved', form, invalidate: [KEYS.endpoints], onSuccess: onClose },
  );
  const initial: Partial<EndpointForm> = isNew ? { eventTypes: [] } : { url: editing.url, description: editing.description, eventTypes: editing.eventTypes, headerName: editing.headerName ?? undefined };
  return (
    <Modal
      open
      title={t(isNew ? 'integrations.webhooks.add' : 'integrations.webhooks.edit')}
      onCancel={onClose}
      okText={t('integrations.webhooks.save')}
      confirmLoading={save.pending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void save.run(v)}>
        <Form.Item name="url" label={t('integrations.webhooks.url')} extra={t('integrations.webhooks.urlHelp')} rules={[{ required: true, message: t('validation.required') }, { type: 'url', message: t('validation.url.invalid') }]}>
          <Input placeholder="https://example.com/webhooks/exship" autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={t('integrations.webhooks.description')} rules={[{ max: 255, message: t('validation.max255') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="eventTypes" label={t('integrations.webhooks.events')} rules={[{ required: true, type: 'array', min: 1, message: t('validation.webhook.eventsRequired') }]}>
          <Select mode="multiple" options={options} loading={types.isLoading} placeholder={t('integrations.webhooks.eventsPlaceholder')} aria-label={t('integrations.webhooks.events')} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('integrations.webhooks.headerHelp')}</Typography.Paragraph>
        <Space.Compact block>
          <Form.Item name="headerName" label={t('integrations.webhooks.headerName')} style={{ flex: 1 }} rules={[{ pattern: /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, message: t('validation.webhook.headerName') }]}>
            <Input placeholder="X-Api-Key" autoComplete="off" />
          </Form.Item>
          <Form.Item name="headerValue" label={t('integrations.webhooks.headerValue')} style={{ flex: 1 }} extra={!isNew && editing.headerValueMasked ? t('integrations.webhooks.headerKeep', { masked: editing.headerValueMasked }) : undefined}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Space.Compact>
      </Form>
    </Modal>
  );
}

function SecretModal({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const secret = useQuery({ queryKey: ['webhooks', 'secret', endpoint._id], queryFn: ({ signal }) => call(GetWebhookSecretEndpoint, { params: { id: endpoint._id }, signal }), gcTime: 0 });
  const rotate = useAction(() => callEnvelope(RotateWebhookSecretEndpoint, { params: { id: endpoint._id } }), {
    success: 'integrations.webhooks.rotated',
    onSuccess: (res) => queryClient.setQueryData(['webhooks', 'secret', endpoint._id], res.data),
    invalidate: [KEYS.endpoints],
  });
  return (
    <Modal open title={t('integrations.webhooks.secretTitle')} onCancel={onClose} footer={<Button onClick={onClose}>{t('integrations.webhooks.close')}</Button>}>
      <Typography.Paragraph type="secondary">{t('integrations.webhooks.secretHelp')}</Typography.Paragraph>
      {secret.isLoading ? (
        <Typography.Text type="secondary">{t('integrations.webhooks.loading')}</Typography.Text>
      ) : (
        <Typography.Paragraph copyable={{ text: secret.data?.secret ?? '' }}>
          <Typography.Text code data-testid="webhook-secret">{secret.data?.secret}</Typography.Text>
        </Typography.Paragraph>
      )}
      {secret.data?.previousSecretValidUntil && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('integrations.webhooks.previousValid', { until: formatDateTime(secret.data.previousSecretValidUntil, profile?.timeZone) })} />
      )}
      <Popconfirm title={t('integrations.webhooks.rotateConfirm')} okText={t('integrations.webhooks.rotate')} onConfirm={() => rotate.run()}>
        <Button loading={rotate.pending}>{t('integrations.webhooks.rotate')}</Button>
      </Popconfirm>
    </Modal>
  );
}

function TestResultModal({ result, onClose }: { result: WebhookTestReply; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('integrations.webhooks.testTitle')} onCancel={onClose} footer={<Button onClick={onClose}>{t('integrations.webhooks.close')}</Button>}>
      <Alert
        type={result.succeeded ? 'success' : 'error'}
        showIcon
        message={result.httpStatus !== null ? t('integrations.webhooks.testStatus', { status: result.httpStatus, ms: result.durationMs }) : t('integrations.webhooks.testNoAnswer', { ms: result.durationMs })}
        description={result.error ?? undefined}
      />
      {result.replyExcerpt && (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>{t('integrations.webhooks.reply')}</Typography.Title>
          <pre data-testid="webhook-test-reply" style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{result.replyExcerpt}</pre>
        </>
      )}
    </Modal>
  );
}

export const statusTag = (e: WebhookEndpoint, t: (k: string) => string) =>
  e.status === 'active' ? (
    <Tag color="green">{t('integrations.webhooks.status.active')}</Tag>
  ) : (
    <Tooltip title={e.disabledReason ? t(`integrations.webhooks.disabledReason.${e.disabledReason}`) : undefined}>
      <Tag color="red">{t('integrations.webhooks.status.disabled')}</Tag>
    </Tooltip>
  );

/** Integrations → Webhooks: endpoints with their status, add/edit, secret, test event, delivery log. */
export function WebhooksTab() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const can = useCan();
  const manage = can('EX-WEBHOOK-MANAGE');
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secretOf, setSecretOf] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [tested, setTested] = useState<WebhookTestReply | null>(null);
  const endpoints = useQuery({ queryKey: KEYS.endpoints, queryFn: ({ signal }) => call(ListWebhookEndpointsEndpoint, { signal }) });
  const remove = useAction((id: string) => callEnvelope(DeleteWebhookEndpointEndpoint, { params: { id } }), { success: 'integrations.webhooks.deleted', invalidate: [KEYS.endpoints] });
  const toggle = useAction(
    (e: WebhookEndpoint) =>
      callEnvelope(UpdateWebhookEndpointEndpoint, {
        params: { id: e._id },
        body: { url: e.url, description: e.description, eventTypes: e.eventTypes as WebhookEventType[], status: e.status === 'active' ? 'disabled' : 'active' },
      }),
    { success: 'integrations.webhooks.saved', invalidate: [KEYS.endpoints] },
  );
  const test = useAction((id: string) => callEnvelope(SendWebhookTestEndpoint, { params: { id } }), { success: false, invalidate: [['webhooks', 'deliveries']], onSuccess: (res) => setTested(res.data) });

  return (
    <div>
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Text type="secondary">{t('integrations.webhooks.intro')}</Typography.Text>
        {manage && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('integrations.webhooks.add')}
          </Button>
        )}
      </Space>
      <ResponsiveTable<WebhookEndpoint>
        rowKey="_id"
        loading={endpoints.isLoading}
        loadFailure={loadFailureOf(endpoints)}
        dataSource={endpoints.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('integrations.webhooks.empty')} /> }}
        columns={[
          {
            title: t('integrations.webhooks.url'),
            dataIndex: 'url',
            render: (url: string, e) => (
              <Space direction="vertical" size={0}>
                <Typography.Text style={{ wordBreak: 'break-all' }}>
                  <Tag>POST</Tag>
                  {url}
                </Typography.Text>
                {e.description && <Typography.Text type="secondary">{e.description}</Typography.Text>}
                {e.failingSince && e.status === 'active' && <Typography.Text type="warning">{t('integrations.webhooks.failingSince', { since: formatDateTime(e.failingSince, profile?.timeZone) })}</Typography.Text>}
              </Space>
            ),
          },
          { title: t('integrations.webhooks.events'), dataIndex: 'eventTypes', render: (types: string[]) => <Space size={[4, 4]} wrap>{types.map((x) => <Tag key={x}>{x}</Tag>)}</Space> },
          { title: t('integrations.webhooks.headerName'), dataIndex: 'headerName', render: (h: string | null, e) => (h ? <Typography.Text code>{`${h}: ${e.headerValueMasked ?? ''}`}</Typography.Text> : '—') },
          { title: t('integrations.webhooks.statusTitle'), dataIndex: 'status', render: (_: unknown, e) => statusTag(e, t) },
          {
            title: t('integrations.webhooks.actions'),
            key: 'actions',
            render: (_, e) => (
              <Space wrap>
                <Button size="small" onClick={() => setLogOf(e)}>{t('integrations.webhooks.log')}</Button>
                {manage && (
                  <>
                    <Button size="small" loading={test.pending && test.variables === e._id} onClick={() => void test.run(e._id)}>{t('integrations.webhooks.test')}</Button>
                    <Button size="small" onClick={() => setEditing(e)}>{t('integrations.webhooks.edit')}</Button>
                    <Button size="small" onClick={() => setSecretOf(e)}>{t('integrations.webhooks.secret')}</Button>
                    <Popconfirm
                      title={t(e.status === 'active' ? 'integrations.webhooks.disableConfirm' : 'integrations.webhooks.enableConfirm')}
                      onConfirm={() => toggle.run(e)}
                    >
                      <Button size="small">{t(e.status === 'active' ? 'integrations.webhooks.disable' : 'integrations.webhooks.enable')}</Button>
                    </Popconfirm>
                    <Popconfirm title={t('integrations.webhooks.deleteConfirm')} okText={t('integrations.webhooks.delete')} okButtonProps={{ danger: true }} onConfirm={() => remove.run(e._id)}>
                      <Button size="small" danger>{t('integrations.webhooks.delete')}</Button>
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && <EndpointModal editing={editing} onClose={() => setEditing(null)} />}
      {secretOf && <SecretModal endpoint={secretOf} onClose={() => setSecretOf(null)} />}
      {tested && <TestResultModal result={tested} onClose={() => setTested(null)} />}
      {logOf && <DeliveriesDrawer endpoint={logOf} manage={manage} onClose={() => setLogOf(null)} />}
    </div>
  );
}
