import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Empty, Form, Input, InputNumber, List, Modal, Popconfirm, Rate, Select, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { PlusOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  AssignTicketEndpoint,
  ChangeTicketStatusEndpoint,
  ClaimEligibilityEndpoint,
  CLAIM_REASONS,
  CreateTicketEndpoint,
  DecideClaimEndpoint,
  GetOrderEndpoint,
  GetTicketEndpoint,
  ListTicketsEndpoint,
  RateTicketEndpoint,
  ReplyTicketEndpoint,
  TICKET_LIMITS,
  TICKET_STATUSES,
  TICKET_SUPPORT_FOR,
  TICKET_TYPES,
  UploadTicketAttachmentEndpoint,
  type ClaimReason,
  type Ticket,
  type TicketStatus,
  type TicketType,
} from '@exship/contracts';
import { dayVars, formatDateTime, formatDay, validOffset } from '@exship/domain';
import { call, callEnvelope } from '../../api/call';
import { useSession } from '../../api/session';
import { DateRangeFilter, KeywordFilter, PickFilter, StatusTabs } from '../../shared/list-filters';
import { ScreenCard, useCan } from '../../shared/list-ui';
import './locales';
import { CustomerPicker, OrderPicker } from './order-picker';
import { SlaSettingsDrawer } from './sla-settings';

// docs/tickets-and-claims.md: the ticket list (tabs with counts, SPEC §3 filters in the URL), a
// drawer with the thread, replies with attachments, staff's status and claim actions, the time left
// on the service level and the seller's rating. `?claimOrder=&claimReason=` opens a prefilled claim.

const STATUS_COLOR: Record<TicketStatus, string> = { open: 'blue', pending: 'gold', resolving: 'cyan', resolved: 'green', closed: 'default', overdue: 'red' };
/** The signed-in user's offset: dates and times are shown in it. */
const useOffset = () => validOffset(useSession().profile?.timeZone, '+07:00');
const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A span as days and hours, hours and minutes, or minutes, in the reader's language. */
function duration(ms: number, t: TFunction): string {
  const abs = Math.abs(ms);
  const d = Math.floor(abs / 86_400_000);
  const h = Math.floor((abs % 86_400_000) / 3_600_000);
  const m = Math.floor((abs % 3_600_000) / 60_000);
  return d > 0 ? t('tickets.sla.dh', { d, h }) : h > 0 ? t('tickets.sla.hm', { h, m }) : t('tickets.sla.m', { m });
}

function SlaText({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  if (ticket.sla.msLeft === null) return <>{t('tickets.sla.done')}</>;
  if (ticket.sla.paused) return <Tag>{t('tickets.sla.paused')}</Tag>;
  return ticket.sla.msLeft < 0 ? <Typography.Text type="danger">{t('tickets.sla.missed', { time: duration(ticket.sla.msLeft, t) })}</Typography.Text> : <>{t('tickets.sla.left', { time: duration(ticket.sla.msLeft, t) })}</>;
}

/** Uploads each chosen file at once and keeps the ids for the ticket or the reply. */
function AttachmentPicker({ ids, onChange }: { ids: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Upload
      accept="image/jpeg,image/png,application/pdf"
      maxCount={TICKET_LIMITS.attachmentsMax}
      customRequest={async ({ file, onSuccess, onError }) => {
        try {
          const res = await callEnvelope(UploadTicketAttachmentEndpoint, { file: file as File });
          onChange([...ids, res.data.id]);
          onSuccess?.(res.data);
        } catch (err) {
          message.error((err as Error).message);
          onError?.(err as Error);
        }
      }}
      disabled={ids.length >= TICKET_LIMITS.attachmentsMax}
    >
      <Button icon={<UploadOutlined />}>{t('tickets.form.upload')}</Button>
    </Upload>
  );
}

function NewTicketModal({ initial, onClose, onCreated }: { initial: { orderId?: string; reason?: ClaimReason }; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm();
  // Staff acting for customers open the ticket for a seller they pick, about that seller's orders.
  const forCustomer = can('EX-ACT-FOR-CUSTOMER');
  const customerId = Form.useWatch('customerId', form) as string | undefined;
  // A claim opened by staff from an order page: the order's seller is the customer.
  const prefilled = useQuery({
    queryKey: ['ticket-order-picker', 'id', initial.orderId],
    queryFn: () => call(GetOrderEndpoint, { params: { orderId: initial.orderId! } }),
    enabled: forCustomer && !!initial.orderId,
    retry: false,
  });
  useEffect(() => {
    if (prefilled.data?.customer && !form.getFieldValue('customerId')) form.setFieldValue('customerId', prefilled.data.customer.id);
  }, [prefilled.data, form]);
  const [ids, setIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const type = Form.useWatch('type', form) as TicketType | undefined;
  const orderId = Form.useWatch('orderId', form) as string | undefined;
  const reason = Form.useWatch('claimReason', form) as ClaimReason | undefined;
  const eligibility = useQuery({
    queryKey: ['ticket-eligibility', orderId, reason],
    enabled: type === 'claim' && !!orderId && /^[0-9a-f-]{36}$/i.test(orderId) && !!reason,
    queryFn: () => call(ClaimEligibilityEndpoint, { query: { orderId: orderId!, reason: reason! } }),
    retry: false,
  });
  const e = eligibility.data;
  const tz = useOffset();
  return (
    <Modal open title={initial.orderId ? t('tickets.openClaim') : t('tickets.new')} onCancel={onClose} okText={t('tickets.form.send')} confirmLoading={busy} onOk={() => form.submit()} width={640}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ type: initial.orderId ? 'claim' : 'technical', orderId: initial.orderId, claimReason: initial.reason }}
        onValuesChange={(changed: { customerId?: string }) => {
          if ('customerId' in changed) form.setFieldValue('orderId', undefined);
        }}
        onFinish={async (v: { type: TicketType; subject: string; content: string; orderId?: string; claimReason?: ClaimReason; customerId?: string }) => {
          setBusy(true);
          try {
            const res = await callEnvelope(CreateTicketEndpoint, { body: { ...v, orderId: v.orderId || undefined, customerId: forCustomer ? v.customerId || undefined : undefined, attachmentIds: ids } });
            message.success(res.message);
            onCreated(res.data.id);
          } catch (err) {
            message.error((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="type" label={t('tickets.form.type')} rules={[{ required: true }]}>
          <Select options={TICKET_TYPES.map((v) => ({ value: v, label: t(`tickets.types.${v}`) }))} />
        </Form.Item>
        {forCustomer && (
          <Form.Item name="customerId" label={t('tickets.form.customer')} rules={[{ required: true, message: t('tickets.form.customerRequired') }]}>
            <CustomerPicker />
          </Form.Item>
        )}
        {(type === 'claim' || type === 'order') && (
          <Form.Item name="orderId" label={t('tickets.form.order')} rules={[{ required: type === 'claim', message: t('tickets.form.orderRequired') }]}>
            <OrderPicker customerId={forCustomer ? customerId : undefined} disabled={forCustomer && !customerId} />
          </Form.Item>
        )}
        {type === 'claim' && (
          <Form.Item name="claimReason" label={t('tickets.form.reason')} rules={[{ required: true }]}>
            <Select options={CLAIM_REASONS.map((v) => ({ value: v, label: t(`tickets.reasons.${v}`) }))} />
          </Form.Item>
        )}
        {type === 'claim' && e && (
          <Alert
            style={{ marginBottom: 16 }}
            type={e.eligible ? 'success' : 'warning'}
            message={e.eligible ? t('tickets.eligibility.ok', { deadline: formatDay(e.deadline!, tz), amount: usd(e.proposedAmount), cap: usd(e.capAmount) }) : t('tickets.eligibility.no')}
            description={e.eligible ? undefined : e.message ? t(e.message, dayVars(e.vars, tz)) : undefined}
          />
        )}
        <Form.Item name="subject" label={t('tickets.form.subject')} rules={[{ required: true }, { max: TICKET_LIMITS.subjectMax }]}>
          <Input maxLength={TICKET_LIMITS.subjectMax} showCount />
        </Form.Item>
        <Form.Item name="content" label={t('tickets.form.content')} rules={[{ required: true }, { max: TICKET_LIMITS.contentMax }]}>
          <Input.TextArea rows={4} maxLength={TICKET_LIMITS.contentMax} showCount />
        </Form.Item>
        <Form.Item label={t('tickets.form.attachments')}>
          <AttachmentPicker ids={ids} onChange={setIds} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TicketDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ['ticket', id], queryFn: () => call(GetTicketEndpoint, { params: { id } }) });
  const [reply, setReply] = useState('');
  const [ids, setIds] = useState<string[]>([]);
  const [decision, setDecision] = useState<'partial' | 'reject' | null>(null);
  const [rating, setRating] = useState(0);
  const [ratingReason, setRatingReason] = useState('');
  const [decisionForm] = Form.useForm();
  const tk = detail.data;
  const tz = useOffset();
  // Staff answer for every account; a seller speaks for its own.
  const staff = can('EX-TICKET-MANAGE') && can('EX-ACT-FOR-CUSTOMER');

  const run = async (fn: () => Promise<{ message: string }>) => {
    try {
      const res = await fn();
      message.success(res.message);
      await queryClient.invalidateQueries({ queryKey: ['ticket', id] });
      await queryClient.invalidateQueries({ queryKey: ['tickets'] });
      return true;
    } catch (err) {
      message.error((err as Error).message);
      return false;
    }
  };

  return (
    <Drawer open onClose={onClose} width="min(760px, 100vw)" title={tk ? `${tk.code} · ${tk.subject}` : ''}>
      {!tk ? (
        <Spin />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('tickets.col.status')}>
              <Tag color={STATUS_COLOR[tk.status]}>{t(`tickets.tabs.${tk.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('tickets.col.type')}>{t(`tickets.types.${tk.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('tickets.col.sla')}>
              <SlaText ticket={tk} />
            </Descriptions.Item>
            {tk.exOrderId && <Descriptions.Item label={t('tickets.for.order')}>{tk.exOrderId}</Descriptions.Item>}
            {staff && <Descriptions.Item label={t('tickets.col.customer')}>{tk.customerEmail}</Descriptions.Item>}
          </Descriptions>
          {staff && (
            <Space wrap>
              <Button onClick={() => run(() => callEnvelope(AssignTicketEndpoint, { params: { id }, body: { assigneeId: profile!.id } }))}>{t('tickets.detail.assign')}</Button>
              <Select
                aria-label={t('tickets.detail.setStatus')}
                placeholder={t('tickets.detail.setStatus')}
                style={{ width: 200 }}
                value={null}
                options={TICKET_STATUSES.filter((s) => s !== tk.status && s !== 'overdue').map((s) => ({ value: s, label: t(`tickets.tabs.${s}`) }))}
                onChange={(status: TicketStatus) =>
                  Modal.confirm({ title: t('tickets.detail.confirmStatus', { status: t(`tickets.tabs.${status}`) }), onOk: () => run(() => callEnvelope(ChangeTicketStatusEndpoint, { params: { id }, body: { status } })) })
                }
              />
            </Space>
          )}
          {tk.claim && (
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} title={t('tickets.claim.title')} bordered>
              <Descriptions.Item label={t('tickets.form.reason')}>{t(`tickets.reasons.${tk.claim.reason}`)}</Descriptions.Item>
              <Descriptions.Item label={t('tickets.col.status')}>{t(`tickets.claimStatus.${tk.claim.status}`)}</Descriptions.Item>
              <Descriptions.Item label={t('tickets.claim.proposed')}>{usd(tk.claim.proposedAmount)}</Descriptions.Item>
              <Descriptions.Item label={t('tickets.claim.cap')}>{usd(tk.claim.capAmount)}</Descriptions.Item>
              {tk.claim.approvedAmount !== null && <Descriptions.Item label={t('tickets.claim.approved')}>{usd(tk.claim.approvedAmount)}</Descriptions.Item>}
              <Descriptions.Item label={t('tickets.claim.deadline')}>{formatDateTime(tk.claim.noticeDeadline, tz)}</Descriptions.Item>
            </Descriptions>
          )}
          {staff && tk.claim?.status === 'submitted' && (
            <Space wrap>
              <Popconfirm title={t('tickets.claim.confirmApprove', { amount: usd(tk.claim.proposedAmount) })} onConfirm={() => run(() => callEnvelope(DecideClaimEndpoint, { params: { id }, body: { decision: 'approve' } }))}>
                <Button type="primary">{t('tickets.claim.approve')}</Button>
              </Popconfirm>
              <Button onClick={() => setDecision('partial')}>{t('tickets.claim.partial')}</Button>
              <Button danger onClick={() => setDecision('reject')}>
                {t('tickets.claim.reject')}
              </Button>
            </Space>
          )}
          {decision && (
            <Modal open title={t(`tickets.claim.${decision}`)} onCancel={() => setDecision(null)} onOk={() => decisionForm.submit()}>
              <Form
                form={decisionForm}
                layout="vertical"
                onFinish={async (v: { amount?: number; reason: string }) => {
                  if (await run(() => callEnvelope(DecideClaimEndpoint, { params: { id }, body: { decision, amount: v.amount, reason: v.reason } }))) setDecision(null);
                }}
              >
                {decision === 'partial' && (
                  <Form.Item name="amount" label={t('tickets.claim.amount')} rules={[{ required: true }]}>
                    <InputNumber min={0.01} max={tk.claim?.capAmount} step={0.01} style={{ width: '100%' }} />
                  </Form.Item>
                )}
                <Form.Item name="reason" label={t('tickets.claim.reason')} rules={[{ required: true }, { max: TICKET_LIMITS.reasonMax }]}>
                  <Input.TextArea rows={2} maxLength={TICKET_LIMITS.reasonMax} />
                </Form.Item>
              </Form>
            </Modal>
          )}
          <Typography.Title level={5}>{t('tickets.detail.thread')}</Typography.Title>
          <List
            dataSource={[{ id: 'first', side: 'seller' as const, authorEmail: tk.customerEmail, content: tk.content, attachments: tk.attachments, createdAt: tk.createdAt }, ...tk.messages]}
            renderItem={(m) => (
              <List.Item key={m.id}>
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <Tag color={m.side === 'staff' ? 'blue' : m.side === 'system' ? 'purple' : 'default'}>{t(`tickets.detail.${m.side}`)}</Tag>
                      <Typography.Text type="secondary">{m.authorEmail}</Typography.Text>
                      <Typography.Text type="secondary">{formatDateTime(m.createdAt, tz)}</Typography.Text>
                    </Space>
                  }
                  description={
                    <>
                      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>{m.content}</Typography.Paragraph>
                      {m.attachments.map((a) => (
                        <a key={a.id} href={a.url} target="_blank" rel="noreferrer" style={{ marginRight: 12 }}>
                          {a.fileName}
                        </a>
                      ))}
                    </>
                  }
                />
              </List.Item>
            )}
          />
          {tk.status !== 'closed' && (can('EX-TICKET-CREATE') || staff) && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Input.TextArea aria-label={t('tickets.detail.reply')} rows={3} value={reply} maxLength={TICKET_LIMITS.contentMax} showCount onChange={(e) => setReply(e.target.value)} placeholder={t('tickets.detail.reply')} />
              <Space wrap>
                <AttachmentPicker ids={ids} onChange={setIds} />
                <Button
                  type="primary"
                  disabled={!reply.trim()}
                  onClick={async () => {
                    if (await run(() => callEnvelope(ReplyTicketEndpoint, { params: { id }, body: { content: reply, attachmentIds: ids } }))) {
                      setReply('');
                      setIds([]);
                    }
                  }}
                >
                  {t('tickets.detail.send')}
                </Button>
              </Space>
            </Space>
          )}
          {!staff && (tk.status === 'resolved' || tk.status === 'closed') && (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Title level={5}>{tk.rating ? t('tickets.rate.yours') : t('tickets.rate.title')}</Typography.Title>
              {tk.rating ? (
                <Space>
                  <Rate disabled value={tk.rating} />
                  <Typography.Text>{tk.ratingReason}</Typography.Text>
                </Space>
              ) : (
                <>
                  <Rate aria-label={t('tickets.rate.title')} value={rating} onChange={setRating} />
                  <Input aria-label={t('tickets.rate.reason')} placeholder={t('tickets.rate.reason')} maxLength={TICKET_LIMITS.reasonMax} value={ratingReason} onChange={(e) => setRatingReason(e.target.value)} />
                  <Button type="primary" disabled={rating === 0} onClick={() => run(() => callEnvelope(RateTicketEndpoint, { params: { id }, body: { rating, reason: ratingReason } }))}>
                    {t('tickets.rate.send')}
                  </Button>
                </>
              )}
            </Space>
          )}
        </Space>
      )}
    </Drawer>
  );
}

export default function TicketPage() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) ?? '';
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v);
    else next.delete(k);
    if (!('pageIndex' in patch)) next.delete('pageIndex');
    setParams(next, { replace: true });
  };
  // A claim asked for by the URL (the order page's "Open a claim") stays in it while its form is
  // open, so a reload or a re-render of the page opens it again; closing the form drops it.
  const [creating, setCreating] = useState<{ orderId?: string; reason?: ClaimReason } | null>(() =>
    params.get('claimOrder') ? { orderId: params.get('claimOrder')!, reason: (params.get('claimReason') as ClaimReason) || undefined } : null,
  );
  const closeCreating = (patch: Record<string, string> = {}) => {
    setCreating(null);
    if (params.get('claimOrder') || Object.keys(patch).length > 0) set({ claimOrder: '', claimReason: '', pageIndex: get('pageIndex'), ...patch });
  };
  const query = {
    tab: (get('tab') || 'all') as 'all' | TicketStatus,
    pageIndex: Number(get('pageIndex') || 1),
    pageSize: Number(get('pageSize') || 10),
    search: get('search') || undefined,
    startDate: get('startDate') || undefined,
    endDate: get('endDate') || undefined,
    supportFor: (get('supportFor') || undefined) as (typeof TICKET_SUPPORT_FOR)[number] | undefined,
    subject: (get('subject') || undefined) as TicketType | undefined,
  };
  const list = useQuery({ queryKey: ['tickets', query], queryFn: () => call(ListTicketsEndpoint, { query }) });
  const staffView = can('EX-TICKET-MANAGE');
  const tz = useOffset();
  const open = get('ticket');

  return (
    <ScreenCard
      title={t('tickets.title')}
      extra={
        <Space wrap>
          {staffView && (
            <Button icon={<SettingOutlined />} onClick={() => set({ view: 'sla', pageIndex: get('pageIndex') })}>
              {t('tickets.slaSettings.open')}
            </Button>
          )}
          {can('EX-TICKET-CREATE') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating({})}>
              {t('tickets.new')}
            </Button>
          )}
        </Space>
      }
    >
      <StatusTabs tabs={['all', ...TICKET_STATUSES]} value={query.tab} counts={list.data?.counts} label={t('tickets.col.status')} tabLabel={(s) => t(`tickets.tabs.${s}`)} onChange={(tab) => set({ tab: tab === 'all' ? '' : tab })} />
      <Space wrap style={{ marginBottom: 12 }}>
        <KeywordFilter value={get('search')} label={t('tickets.search')} onSearch={(search) => set({ search })} />
        <DateRangeFilter from={get('startDate')} to={get('endDate')} label={t('tickets.dates')} placeholder={[t('tickets.datesPlaceholder.0'), t('tickets.datesPlaceholder.1')]} onChange={(startDate, endDate) => set({ startDate, endDate })} />
        <PickFilter label={t('tickets.supportFor')} allLabel={t('tickets.supportFor')} value={get('supportFor')} options={TICKET_SUPPORT_FOR.map((v) => ({ value: v, label: t(`tickets.for.${v}`) }))} onChange={(supportFor) => set({ supportFor })} />
        <PickFilter label={t('tickets.subject')} allLabel={t('tickets.subject')} value={get('subject')} options={TICKET_TYPES.map((v) => ({ value: v, label: t(`tickets.types.${v}`) }))} onChange={(subject) => set({ subject })} />
      </Space>
      <Table<Ticket>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: <Empty description={t('tickets.empty')} /> }}
        onRow={(r) => ({ onClick: () => set({ ticket: r.id, pageIndex: get('pageIndex') }), style: { cursor: 'pointer' } })}
        pagination={{
          current: query.pageIndex,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: [10, 15, 20],
          showSizeChanger: true,
          onChange: (page, pageSize) => set({ pageIndex: page === 1 ? '' : String(page), pageSize: pageSize === 10 ? '' : String(pageSize) }),
        }}
        columns={[
          { title: t('tickets.col.code'), dataIndex: 'code', render: (v: string, r) => (r.unread > 0 ? <Typography.Text strong>{v} •</Typography.Text> : v) },
          ...(staffView ? [{ title: t('tickets.col.customer'), dataIndex: 'customerEmail' }] : []),
          { title: t('tickets.col.type'), dataIndex: 'type', render: (v: TicketType) => t(`tickets.types.${v}`) },
          { title: t('tickets.col.subject'), dataIndex: 'subject', ellipsis: true },
          { title: t('tickets.col.status'), dataIndex: 'status', render: (v: TicketStatus) => <Tag color={STATUS_COLOR[v]}>{t(`tickets.tabs.${v}`)}</Tag> },
          { title: t('tickets.col.sla'), key: 'sla', render: (_: unknown, r) => <SlaText ticket={r} /> },
          { title: t('tickets.col.created'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v, tz) },
        ]}
      />
      {creating && (
        <NewTicketModal
          initial={creating}
          onClose={() => closeCreating()}
          onCreated={(id) => {
            closeCreating({ ticket: id });
            void list.refetch();
          }}
        />
      )}
      {open && <TicketDrawer id={open} onClose={() => set({ ticket: '', pageIndex: get('pageIndex') })} />}
      {staffView && get('view') === 'sla' && <SlaSettingsDrawer onClose={() => set({ view: '', pageIndex: get('pageIndex') })} />}
    </ScreenCard>
  );
}
