import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  BlockCreditEndpoint,
  CREDIT_PERIOD_VALUES,
  CREDIT_STATUSES,
  CreditRepayBodySchema,
  CreditSetBodySchema,
  ExtendCreditEndpoint,
  ListCreditCustomersEndpoint,
  RepayCreditEndpoint,
  SetCreditEndpoint,
  UnblockCreditEndpoint,
  type CreditCustomer,
} from '@exship/contracts';
import { callEnvelope } from '../../../api/call';
import { ServerTable, useCan, useListQuery, useUrlState } from '../../../shared/screen';
import { DatePicker, fromViewerClock, toViewerClock, viewerNow } from '../../../shared/date-picker';
import { usd } from '../../../shared/money';
import { useAction } from '../../../shared/use-action';
import { zodRule } from '../../../shared/zod-rule';
import { CreditStatusTag, EmptyText, OneCustomerSelect, useFormatDate } from '../shared';

// SPEC §3/§4 credit customers (staff): limit and period, due date, block / unblock, extend, repayments;
// filters status, customerId and "past due" (`overdue=true`, what the dashboard's credit-overdue
// queue opens) kept in the URL.
type Row = CreditCustomer & { id: string };
const DEFAULTS = { creditStatus: 'all', creditCustomer: '', overdue: '', creditPage: '1' };
const PAGE_SIZE = 10;
const KEY = 'credit-customers';

type Dialog = { kind: 'set'; row: Row | null } | { kind: 'extend'; row: Row } | { kind: 'repay'; row: Row } | null;

export function CreditCustomersTab() {
  const { t } = useTranslation();
  const can = useCan();
  const manage = can('EX-CREDIT-MANAGE');
  const formatDate = useFormatDate();
  const [filters, setFilters] = useUrlState(DEFAULTS, 'creditPage');
  const list = useListQuery(KEY, filters, async (f, signal) => {
    const res = await callEnvelope(ListCreditCustomersEndpoint, {
      query: { page: Number(f.creditPage), pageSize: PAGE_SIZE, status: f.creditStatus as 'all', customerId: f.creditCustomer || undefined, overdue: f.overdue === 'true' ? 'true' : undefined },
      signal,
    });
    return { ...res, data: { ...res.data, items: res.data.items.map((c) => ({ ...c, id: c.customerId })) } };
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const name = (r: Row) => r.fullName || r.email || r.customerId;
  const block = useAction((r: Row) => callEnvelope(BlockCreditEndpoint, { params: { customerId: r.customerId }, body: { note: '' } }), { success: 'billing.credit.block', invalidate: [[KEY], ['wallet']] });
  const unblock = useAction((r: Row) => callEnvelope(UnblockCreditEndpoint, { params: { customerId: r.customerId }, body: { note: '' } }), { success: 'billing.credit.unblock', invalidate: [[KEY], ['wallet']] });

  const columns: TableColumnsType<Row> = [
    {
      title: t('billing.customer'),
      key: 'customer',
      render: (_, r) => (
        <div>
          <div style={{ fontWeight: 500 }}>{r.fullName ?? '—'}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.email}</Typography.Text>
        </div>
      ),
    },
    { title: t('billing.credit.limit'), dataIndex: 'limit', align: 'right', render: (v: number) => usd(v) },
    { title: t('billing.credit.used'), dataIndex: 'used', align: 'right', render: (v: number) => usd(v) },
    { title: t('billing.credit.remaining'), dataIndex: 'remaining', align: 'right', render: (v: number) => usd(v) },
    { title: t('billing.credit.period'), dataIndex: 'period', render: (p: string | null) => (p ? t(`billing.credit.periods.${p}`) : '—') },
    { title: t('billing.credit.dueDate'), dataIndex: 'dueDate', render: (d: string | null) => formatDate(d) },
    {
      title: t('billing.status'),
      dataIndex: 'status',
      render: (s: string, r) => (
        <Tooltip title={r.blockReason ? t(r.blockReason === 'overdue' ? 'billing.credit.overdueLocked' : 'billing.credit.manualBlocked') : undefined}>
          <span>
            <CreditStatusTag status={s} />
          </span>
        </Tooltip>
      ),
    },
    ...(manage
      ? [
          {
            title: t('billing.actions'),
            key: 'actions',
            render: (_: unknown, r: Row) => (
              <Space wrap size={4}>
                <Button size="small" onClick={() => setDialog({ kind: 'set', row: r })} aria-label={`${t('billing.credit.edit')} ${name(r)}`}>
                  {t('billing.credit.edit')}
                </Button>
                {r.isBlocked ? (
                  <Popconfirm title={t('billing.credit.unblockConfirm', { name: name(r) })} okText={t('billing.credit.unblock')} cancelText={t('billing.cancel')} onConfirm={() => unblock.run(r)}>
                    <Button size="small" loading={unblock.pending && unblock.variables?.id === r.id}>
                      {t('billing.credit.unblock')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Popconfirm title={t('billing.credit.blockConfirm', { name: name(r) })} okText={t('billing.credit.block')} okButtonProps={{ danger: true }} cancelText={t('billing.cancel')} onConfirm={() => block.run(r)}>
                    <Button size="small" danger loading={block.pending && block.variables?.id === r.id}>
                      {t('billing.credit.block')}
                    </Button>
                  </Popconfirm>
                )}
                <Button size="small" onClick={() => setDialog({ kind: 'extend', row: r })}>
                  {t('billing.credit.extend')}
                </Button>
                <Button size="small" disabled={r.used <= 0} onClick={() => setDialog({ kind: 'repay', row: r })}>
                  {t('billing.credit.repay')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', marginBottom: 16 }}>
        <Space wrap>
          <Select
            value={filters.creditStatus}
            onChange={(creditStatus) => setFilters({ creditStatus })}
            style={{ width: 180 }}
            aria-label={t('billing.status')}
            options={['all', ...CREDIT_STATUSES].map((s) => ({ value: s, label: t(`billing.credit.status.${s}`) }))}
          />
          <OneCustomerSelect value={filters.creditCustomer || undefined} onChange={(v) => setFilters({ creditCustomer: v ?? '' })} placeholder={t('billing.allCustomers')} />
          <Checkbox checked={filters.overdue === 'true'} onChange={(e) => setFilters({ overdue: e.target.checked ? 'true' : '' })}>
            {t('billing.credit.pastDueOnly')}
          </Checkbox>
        </Space>
        {manage && (
          <Button type="primary" onClick={() => setDialog({ kind: 'set', row: null })}>
            {t('billing.credit.new')}
          </Button>
        )}
      </div>
      <ServerTable<Row> query={list} columns={columns} page={Number(filters.creditPage)} pageSize={PAGE_SIZE} onPage={(p) => setFilters({ creditPage: p })} sizes={[PAGE_SIZE]} emptyText={<EmptyText text={t('billing.credit.empty')} />} />
      {dialog?.kind === 'set' && <SetCreditDialog row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'extend' && <ExtendDialog row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'repay' && <RepayDialog row={dialog.row} onClose={() => setDialog(null)} />}
    </>
  );
}

function SetCreditDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ customerId: string; limit: number; period: string }>();
  const save = useAction(
    (v: { customerId: string; limit: number; period: string }) => callEnvelope(SetCreditEndpoint, { params: { customerId: v.customerId }, body: { limit: v.limit, period: v.period as '1w' } }),
    { success: 'billing.save', form, invalidate: [[KEY], ['wallet']], onSuccess: onClose },
  );
  return (
    <Modal
      open
      title={row ? t('billing.credit.setTitle', { name: row.fullName || row.email }) : t('billing.credit.setNewTitle')}
      okText={t('billing.save')}
      cancelText={t('billing.cancel')}
      confirmLoading={save.pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ customerId: row?.customerId, limit: row?.limit, period: row?.period ?? '1m' }} onFinish={(v) => save.run({ ...v, customerId: row?.customerId ?? v.customerId })}>
        {!row && (
          <Form.Item name="customerId" label={t('billing.customer')} rules={[{ required: true, message: t('validation.required') }]}>
            <OneCustomerSelect allowClear={false} />
          </Form.Item>
        )}
        <Form.Item name="limit" label={t('billing.credit.limit')} rules={[zodRule(CreditSetBodySchema.shape.limit, t)]}>
          <InputNumber step={100} precision={2} style={{ width: '100%' }} prefix="$" />
        </Form.Item>
        <Form.Item name="period" label={t('billing.credit.period')} extra={t('billing.credit.periodHelp')} rules={[{ required: true, message: t('validation.credit.period') }]}>
          <Select options={CREDIT_PERIOD_VALUES.map((p) => ({ value: p, label: t(`billing.credit.periods.${p}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ExtendDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ dueDate: dayjs.Dayjs; note?: string }>();
  const save = useAction(
    (v: { dueDate: dayjs.Dayjs; note?: string }) => callEnvelope(ExtendCreditEndpoint, { params: { customerId: row.customerId }, body: { dueDate: fromViewerClock(v.dueDate), note: v.note ?? '' } }),
    { success: 'billing.save', form, invalidate: [[KEY], ['wallet']], onSuccess: onClose },
  );
  // The picker reads and writes the user's wall clock (their offset), whatever the browser's zone.
  const current = row.dueDate ? toViewerClock(row.dueDate) : viewerNow();
  return (
    <Modal open title={t('billing.credit.extendTitle', { name: row.fullName || row.email })} okText={t('billing.credit.extend')} cancelText={t('billing.cancel')} confirmLoading={save.pending} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ dueDate: current.add(7, 'day') }} onFinish={(v) => save.run(v)}>
        <Form.Item name="dueDate" label={t('billing.credit.newDueDate')} rules={[{ required: true, message: t('validation.required') }]}>
          <DatePicker showTime format="DD-MM-YYYY HH:mm" style={{ width: '100%' }} disabledDate={(d) => d.isBefore(viewerNow().startOf('day')) || d.isBefore(current.startOf('day'))} />
        </Form.Item>
        <Form.Item name="note" label={t('billing.credit.note')}>
          <Input.TextArea maxLength={255} showCount rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RepayDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: number; note?: string }>();
  const save = useAction(
    (v: { amount: number; note?: string }) => callEnvelope(RepayCreditEndpoint, { params: { customerId: row.customerId }, body: { amount: v.amount, note: v.note ?? '' } }),
    { success: 'billing.save', form, invalidate: [[KEY], ['wallet']], onSuccess: onClose },
  );
  return (
    <Modal open title={t('billing.credit.repayTitle', { name: row.fullName || row.email })} okText={t('billing.credit.repay')} cancelText={t('billing.cancel')} confirmLoading={save.pending} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('billing.credit.repayHelp', { used: usd(row.used) })} />
      <Form form={form} layout="vertical" initialValues={{ amount: row.used }} onFinish={(v) => save.run(v)}>
        <Form.Item name="amount" label={t('billing.credit.amount')} rules={[zodRule(CreditRepayBodySchema.shape.amount, t)]}>
          <InputNumber precision={2} style={{ width: '100%' }} prefix="$" />
        </Form.Item>
        <Form.Item name="note" label={t('billing.credit.note')}>
          <Input.TextArea maxLength={255} showCount rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
