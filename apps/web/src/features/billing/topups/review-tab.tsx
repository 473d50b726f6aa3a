import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AcceptTopUpEndpoint, DeclineTopUpEndpoint, ListTopUpsEndpoint, TOP_UP_LIMITS, TOP_UP_STATUSES } from '@exship/contracts';
import { callEnvelope } from '../../../api/call';
import { CustomerSelect } from '../../../shared/customer-select';
import { DatePicker, viewerDayBound } from '../../../shared/date-picker';
import { ServerTable, useCan, useListQuery, useUrlState } from '../../../shared/list-ui';
import { usd } from '../../../shared/money';
import { useAction } from '../../../shared/use-action';
import { ProofImage, TopUpStatusTag, WaitingAge, useDateTime, type TopUp } from './shared';

// Filters in the URL (docs/engineering.md "UI"); pending first.
const DEFAULTS = { status: 'pending', customerId: '', dateFrom: '', dateTo: '', page: '1', pageSize: '10' };

function DeclineModal({ topUp, onClose }: { topUp: TopUp | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const decline = useAction((v: { id: string; reason: string }) => callEnvelope(DeclineTopUpEndpoint, { params: { id: v.id }, body: { reason: v.reason } }), {
    success: 'billing.review.declined',
    form,
    invalidate: [['top-ups']],
    onSuccess: () => {
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={topUp !== null}
      title={topUp ? t('billing.review.declineTitle', { amount: usd(topUp.amount) }) : ''}
      okText={t('billing.review.decline')}
      okButtonProps={{ danger: true, loading: decline.pending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ reason: '' }} onFinish={(v) => topUp && void decline.run({ id: topUp.id, reason: v.reason })}>
        <Form.Item
          name="reason"
          label={t('billing.review.reason')}
          rules={[
            { required: true, whitespace: true, message: t('billing.review.reasonRequired') },
            { max: TOP_UP_LIMITS.reasonMax, message: t('validation.note.max') },
          ]}
        >
          <Input.TextArea rows={3} maxLength={TOP_UP_LIMITS.reasonMax} showCount placeholder={t('billing.review.reasonPlaceholder')} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** SPEC §2 /app/billing for staff: top-up requests of every seller, with the proof, to accept or decline. */
export function TopUpReviewTab() {
  const { t } = useTranslation();
  const can = useCan();
  const when = useDateTime();
  const approve = can('EX-TOPUP-APPROVE');
  const [filters, setFilters] = useUrlState(DEFAULTS, 'page');
  const list = useListQuery('top-ups', filters, (f, signal) =>
    callEnvelope(ListTopUpsEndpoint, {
      query: {
        status: f.status as 'all' | TopUp['status'],
        customerId: f.customerId || undefined,
        // The picked days are the user's (their offset), from the first to the last moment.
        dateFrom: f.dateFrom ? viewerDayBound(f.dateFrom.slice(0, 10), 'from') : undefined,
        dateTo: f.dateTo ? viewerDayBound(f.dateTo.slice(0, 10), 'to') : undefined,
        page: Number(f.page),
        pageSize: Number(f.pageSize),
      },
      signal,
    }),
  );
  const [declining, setDeclining] = useState<TopUp | null>(null);
  const accept = useAction((r: TopUp) => callEnvelope(AcceptTopUpEndpoint, { params: { id: r.id }, idempotencyKey: `accept-${r.id}` }), {
    success: 'billing.review.accepted',
    invalidate: [['top-ups'], ['wallet']],
  });

  const columns: TableColumnsType<TopUp> = [
    { title: t('billing.col.date'), dataIndex: 'createdAt', render: (v: string) => when(v) },
    { title: t('billing.col.customer'), dataIndex: 'customerEmail', render: (v: string | null, r) => v ?? r.customerId },
    { title: t('billing.col.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => <strong>{usd(v)}</strong> },
    { title: t('billing.col.note'), dataIndex: 'note', render: (v: string) => v || '—' },
    { title: t('billing.col.proof'), key: 'proof', render: (_, r) => <ProofImage topUp={r} /> },
    {
      title: t('billing.col.status'),
      key: 'status',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <TopUpStatusTag status={r.status} />
          {r.status === 'pending' && <WaitingAge createdAt={r.createdAt} />}
          {r.declineReason && <Typography.Text type="secondary">{t('billing.review.declineReason', { reason: r.declineReason })}</Typography.Text>}
          {r.reviewedAt && <Typography.Text type="secondary">{t('billing.review.reviewedAt', { at: when(r.reviewedAt) })}</Typography.Text>}
        </Space>
      ),
    },
    ...(approve
      ? [
          {
            title: t('billing.col.actions'),
            key: 'actions',
            render: (_: unknown, r: TopUp) =>
              r.status === 'pending' ? (
                <Space wrap>
                  <Popconfirm
                    title={t('billing.review.acceptConfirm', { amount: usd(r.amount), customer: r.customerEmail ?? r.customerId })}
                    description={t('billing.review.acceptHint')}
                    okText={t('billing.review.accept')}
                    onConfirm={() => accept.run(r)}
                  >
                    <Button type="primary" icon={<CheckOutlined />} loading={accept.pending && accept.variables?.id === r.id}>
                      {t('billing.review.accept')}
                    </Button>
                  </Popconfirm>
                  <Button danger icon={<CloseOutlined />} onClick={() => setDeclining(r)}>
                    {t('billing.review.decline')}
                  </Button>
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  const range: [dayjs.Dayjs, dayjs.Dayjs] | null = filters.dateFrom && filters.dateTo ? [dayjs(filters.dateFrom.slice(0, 10)), dayjs(filters.dateTo.slice(0, 10))] : null;
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }} align="end">
        <label>
          <div style={{ marginBottom: 4 }}>{t('billing.filter.status')}</div>
          <Select
            value={filters.status}
            style={{ width: 160 }}
            aria-label={t('billing.filter.status')}
            onChange={(status) => setFilters({ status })}
            options={['all', ...TOP_UP_STATUSES].map((s) => ({ value: s, label: t(`billing.status.${s}`) }))}
          />
        </label>
        <label>
          <div style={{ marginBottom: 4 }}>{t('billing.filter.customer')}</div>
          <CustomerSelect
            value={filters.customerId ? [filters.customerId] : []}
            maxCount={1}
            style={{ width: 260 }}
            aria-label={t('billing.filter.customer')}
            placeholder={t('billing.filter.customerPlaceholder')}
            onChange={(ids) => setFilters({ customerId: ids.at(-1) ?? '' })}
          />
        </label>
        <label>
          <div style={{ marginBottom: 4 }}>{t('billing.filter.dates')}</div>
          <DatePicker.RangePicker
            format="DD-MM-YYYY"
            value={range}
            aria-label={t('billing.filter.dates')}
            onChange={(dates) => setFilters({ dateFrom: dates?.[0]?.format('YYYY-MM-DD') ?? '', dateTo: dates?.[1]?.format('YYYY-MM-DD') ?? '' })}
          />
        </label>
      </Space>
      <ServerTable<TopUp>
        query={list}
        columns={columns}
        page={Number(filters.page)}
        pageSize={Number(filters.pageSize)}
        onPage={(page, pageSize) => setFilters({ page: String(page), pageSize: String(pageSize) })}
        emptyText={t('billing.review.empty')}
      />
      <DeclineModal topUp={declining} onClose={() => setDeclining(null)} />
    </>
  );
}
