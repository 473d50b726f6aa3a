import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  GetWebhookDeliveryEndpoint,
  ListWebhookDeliveriesEndpoint,
  ReplayFailedWebhookDeliveriesEndpoint,
  ReplayWebhookDeliveryEndpoint,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { call, callEnvelope } from '../../api/call';
import { useSession } from '../../api/session';
import { DatePicker, fromViewerClock } from '../../shared/date-picker';
import { ResponsiveTable } from '../../shared/responsive-table';
import { useAction } from '../../shared/use-action';

// An endpoint's delivery log: each delivery with its status, attempts, last reply and next attempt;
// a delivery's request body and every attempt; replay one, or every failed one since a time.

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = { pending: 'gold', sending: 'blue', succeeded: 'green', failed: 'red' };
const PAGE_SIZE = 20;

function DeliveryDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const detail = useQuery({ queryKey: ['webhooks', 'deliveries', 'detail', id], queryFn: ({ signal }) => call(GetWebhookDeliveryEndpoint, { params: { id }, signal }) });
  if (!detail.data) return <Typography.Text type="secondary">{t('integrations.webhooks.loading')}</Typography.Text>;
  let body = detail.data.requestBody;
  try {
    body = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    /* shown as sent */
  }
  return (
    <div>
      <Typography.Title level={5}>{t('integrations.webhooks.requestBody')}</Typography.Title>
      <pre style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{body}</pre>
      <Typography.Title level={5}>{t('integrations.webhooks.attemptLog')}</Typography.Title>
      {detail.data.attemptLog.length === 0 && <Typography.Text type="secondary">{t('integrations.webhooks.noAttempts')}</Typography.Text>}
      {detail.data.attemptLog.map((a) => (
        <Descriptions key={a.attempt} size="small" column={1} bordered style={{ marginBottom: 8 }}>
          <Descriptions.Item label={t('integrations.webhooks.attempt')}>{`#${a.attempt} · ${formatDateTime(a.at, profile?.timeZone)}`}</Descriptions.Item>
          <Descriptions.Item label={t('integrations.webhooks.httpStatus')}>{a.httpStatus ?? '—'} · {t('integrations.webhooks.ms', { count: a.durationMs })}</Descriptions.Item>
          {a.error && <Descriptions.Item label={t('integrations.webhooks.error')}>{a.error}</Descriptions.Item>}
          {a.replyExcerpt && (
            <Descriptions.Item label={t('integrations.webhooks.reply')}>
              <pre style={{ margin: 0, maxHeight: 120, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{a.replyExcerpt}</pre>
            </Descriptions.Item>
          )}
        </Descriptions>
      ))}
    </div>
  );
}

export function DeliveriesDrawer({ endpoint, manage, onClose }: { endpoint: WebhookEndpoint; manage: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>(undefined);
  const [since, setSince] = useState<Dayjs | null>(null);
  const list = useQuery({
    queryKey: ['webhooks', 'deliveries', endpoint._id, status ?? 'all', page],
    queryFn: ({ signal }) => call(ListWebhookDeliveriesEndpoint, { params: { id: endpoint._id }, query: { page, pageSize: PAGE_SIZE, ...(status ? { status } : {}) }, signal }),
  });
  const replay = useAction((id: string) => callEnvelope(ReplayWebhookDeliveryEndpoint, { params: { id } }), { success: 'integrations.webhooks.replayed', invalidate: [['webhooks', 'deliveries']] });
  const replayFailed = useAction((at: Dayjs) => callEnvelope(ReplayFailedWebhookDeliveriesEndpoint, { params: { id: endpoint._id }, body: { since: fromViewerClock(at) } }), {
    success: 'integrations.webhooks.replayedMany',
    invalidate: [['webhooks', 'deliveries']],
    onSuccess: () => setSince(null),
  });
  const when = (v: string | null) => (v ? formatDateTime(v, profile?.timeZone) : '—');
  return (
    <Drawer open onClose={onClose} width={980} title={t('integrations.webhooks.logTitle', { url: endpoint.url })}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          aria-label={t('integrations.webhooks.statusTitle')}
          placeholder={t('integrations.webhooks.allStatuses')}
          style={{ width: 180 }}
          value={status}
          onChange={(v?: WebhookDeliveryStatus) => {
            setStatus(v);
            setPage(1);
          }}
          options={WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`integrations.webhooks.delivery.${s}`) }))}
        />
        {manage && (
          <>
            <DatePicker showTime value={since} onChange={(v) => setSince(v)} placeholder={t('integrations.webhooks.failedSince')} aria-label={t('integrations.webhooks.failedSince')} />
            <Popconfirm title={t('integrations.webhooks.replayFailedConfirm')} disabled={!since} onConfirm={() => (since ? replayFailed.run(since) : undefined)}>
              <Button disabled={!since} loading={replayFailed.pending}>{t('integrations.webhooks.replayFailed')}</Button>
            </Popconfirm>
          </>
        )}
        <Button onClick={() => void list.refetch()}>{t('integrations.webhooks.refresh')}</Button>
      </Space>
      <ResponsiveTable<WebhookDelivery>
        rowKey="_id"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: <Empty description={t('integrations.webhooks.noDeliveries')} /> }}
        expandable={{ expandedRowRender: (d) => <DeliveryDetail id={d._id} /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, hideOnSinglePage: true, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('integrations.webhooks.event'), dataIndex: 'eventType', render: (v: string, d) => <Space direction="vertical" size={0}><Typography.Text code>{v}</Typography.Text><Typography.Text type="secondary" style={{ fontSize: 12 }}>{d.messageId}</Typography.Text></Space> },
          { title: t('integrations.webhooks.statusTitle'), dataIndex: 'status', render: (s: WebhookDeliveryStatus) => <Tag color={STATUS_COLOR[s]}>{t(`integrations.webhooks.delivery.${s}`)}</Tag> },
          { title: t('integrations.webhooks.attempts'), dataIndex: 'attempts' },
          {
            title: t('integrations.webhooks.lastReply'),
            key: 'last',
            render: (_, d) => (d.lastAttemptAt ? `${d.lastHttpStatus ?? d.lastError ?? '—'} · ${t('integrations.webhooks.ms', { count: d.lastDurationMs ?? 0 })}` : '—'),
          },
          { title: t('integrations.webhooks.nextAttempt'), dataIndex: 'nextAttemptAt', render: when },
          { title: t('integrations.webhooks.createdAt'), dataIndex: 'createdAt', render: when },
          ...(manage
            ? [
                {
                  title: t('integrations.webhooks.actions'),
                  key: 'actions',
                  render: (_: unknown, d: WebhookDelivery) =>
                    d.status !== 'sending' && (
                      <Popconfirm title={t('integrations.webhooks.replayConfirm')} onConfirm={() => replay.run(d._id)}>
                        <Button size="small">{t('integrations.webhooks.replay')}</Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
