import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, SendOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { signedAmountCents, toCents } from '@exship/domain';
import { useTranslation } from 'react-i18next';
import {
  ExportTransactionOrdersEndpoint,
  ExportTransactionsEndpoint,
  SendPaymentBodySchema,
  SendPaymentEndpoint,
  TRANSACTION_TYPE_VALUES,
  TransactionListEndpoint,
} from '@exship/contracts';
import { callEnvelope, download } from '../../../api/call';
import { DatePicker, viewerDayBound } from '../../../shared/date-picker';
import { usd } from '../../../shared/money';
import { ServerTable, useCan, useDownload, useListQuery, useUrlState } from '../../../shared/screen';
import { useAction } from '../../../shared/use-action';
import { useCustomerOptions } from '../../../shared/use-customer-options';
import { zodRule } from '../../../shared/zod-rule';
import { EmptyText, OneCustomerSelect, useFormatDate } from '../shared';

// SPEC §3 wallet transactions (§7 all-transaction) with the orders each touched; exports of the
// transactions and of their orders (§7); sellers may send money to another seller (§7 send-payment).
const DEFAULTS = { txType: 'all', txCustomer: '', txFrom: '', txTo: '', txPage: '1' };
const PAGE_SIZE = 10;
const KEY = 'transactions';
const TYPE_COLORS: Record<string, string> = { payment: 'volcano', top_up: 'green', refund: 'cyan', sent: 'orange', received: 'lime', pay_credit: 'blue' };

interface TxRow {
  id: string;
  customerId: string;
  type: string;
  result: string;
  amount: number;
  balanceAfter: number;
  gateway: string | null;
  note: string;
  noteKey: string | null;
  noteVars: Record<string, string> | null;
  orders: { orderId: string; kind: string; amount: number }[];
  createdAt: string;
}

/** A note the platform wrote reads in the page's language; a person's note as written. */
const noteText = (r: Pick<TxRow, 'note' | 'noteKey' | 'noteVars'>, t: (key: string, vars?: Record<string, string>) => string) =>
  r.noteKey ? t(`wallet.note.${r.noteKey}`, r.noteVars ?? {}) : r.note;

export function TransactionsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const staff = can('EX-ACT-FOR-CUSTOMER');
  const formatDate = useFormatDate();
  const [filters, setFilters] = useUrlState(DEFAULTS, 'txPage');
  const list = useListQuery(KEY, filters, (f, signal) =>
    callEnvelope(TransactionListEndpoint, { body: { page: Number(f.txPage), pageSize: PAGE_SIZE, type: f.txType as 'all', customerId: f.txCustomer || undefined, dateFrom: f.txFrom ? viewerDayBound(f.txFrom, 'from') : undefined, dateTo: f.txTo ? viewerDayBound(f.txTo, 'to') : undefined }, signal }),
  );
  // Staff see whose transaction it is: the page's customers by id, with their names.
  const customers = useCustomerOptions(staff, [...new Set((list.data?.data.items ?? []).map((r) => r.customerId))]);
  const customerLabel = new Map(customers.options.map((o) => [o.value, o.label]));
  const exporting = useDownload({ done: 'billing.tx.exported', failed: 'billing.tx.exportFailed' });
  const [sending, setSending] = useState(false);
  const exportFilters = { type: filters.txType as 'all', customerId: filters.txCustomer || undefined, dateFrom: filters.txFrom ? viewerDayBound(filters.txFrom, 'from') : undefined, dateTo: filters.txTo ? viewerDayBound(filters.txTo, 'to') : undefined };

  const columns: TableColumnsType<TxRow> = [
    { title: t('billing.tx.createdAt'), dataIndex: 'createdAt', render: (d: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(d)}</span> },
    { title: t('billing.tx.type'), dataIndex: 'type', render: (v: string) => <Tag color={TYPE_COLORS[v]}>{t(`billing.tx.types.${v}`)}</Tag> },
    { title: t('billing.tx.result'), dataIndex: 'result', render: (v: string) => t(`billing.tx.results.${v}`) },
    {
      title: t('billing.tx.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: number, r) => {
        // The one rule the export signs amounts with (packages/domain wallet-transactions.ts).
        const out = signedAmountCents(r.type, toCents(v)) < 0;
        return <span style={{ color: out ? '#b91c1c' : '#15803d', fontVariantNumeric: 'tabular-nums' }}>{`${out ? '−' : '+'}${usd(v)}`}</span>;
      },
    },
    { title: t('billing.tx.balanceAfter'), dataIndex: 'balanceAfter', align: 'right', render: (v: number) => usd(v) },
    { title: t('billing.tx.gateway'), dataIndex: 'gateway', render: (v: string | null) => (v ? t(`billing.tx.gateways.${v}`, { defaultValue: v }) : '—') },
    { title: t('billing.tx.orders'), dataIndex: 'orders', align: 'right', render: (o: TxRow['orders']) => o.length || '—' },
    { title: t('billing.tx.note'), dataIndex: 'note', ellipsis: true, render: (_: string, r) => noteText(r, t) },
    ...(staff ? [{ title: t('billing.customer'), dataIndex: 'customerId', render: (id: string) => customerLabel.get(id) ?? <Typography.Text copyable={{ text: id }}>{id.slice(0, 8)}</Typography.Text> }] : []),
  ];

  const range: [dayjs.Dayjs, dayjs.Dayjs] | null = filters.txFrom && filters.txTo ? [dayjs(filters.txFrom), dayjs(filters.txTo)] : null;
  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', marginBottom: 16 }}>
        <Space wrap>
          <Select
            value={filters.txType}
            onChange={(txType) => setFilters({ txType })}
            style={{ width: 180 }}
            aria-label={t('billing.tx.type')}
            options={['all', ...TRANSACTION_TYPE_VALUES].map((v) => ({ value: v, label: t(`billing.tx.types.${v}`) }))}
          />
          {staff && <OneCustomerSelect value={filters.txCustomer || undefined} onChange={(v) => setFilters({ txCustomer: v ?? '' })} placeholder={t('billing.allCustomers')} />}
          <DatePicker.RangePicker
            format="DD-MM-YYYY"
            value={range}
            aria-label={t('billing.tx.dateRange')}
            placeholder={[t('billing.tx.from'), t('billing.tx.to')]}
            onChange={(d) => setFilters({ txFrom: d?.[0]?.format('YYYY-MM-DD') ?? '', txTo: d?.[1]?.format('YYYY-MM-DD') ?? '' })}
          />
        </Space>
        <Space wrap>
          {can('EX-TRANSACTION-EXPORT') && (
            <>
              <Button icon={<DownloadOutlined />} loading={exporting.busy === 'tx'} onClick={() => exporting.run('tx', () => download(ExportTransactionsEndpoint, { body: { ...exportFilters, result: 'all' } }))}>
                {t('billing.tx.export')}
              </Button>
              <Button icon={<DownloadOutlined />} loading={exporting.busy === 'orders'} onClick={() => exporting.run('orders', () => download(ExportTransactionOrdersEndpoint, { body: { ...exportFilters, result: 'all' } }))}>
                {t('billing.tx.exportOrders')}
              </Button>
            </>
          )}
          {can('EX-WALLET-SEND-PAYMENT') && (
            <Button type="primary" icon={<SendOutlined />} onClick={() => setSending(true)}>
              {t('billing.tx.send')}
            </Button>
          )}
        </Space>
      </div>
      <ServerTable<TxRow>
        query={list}
        columns={columns}
        page={Number(filters.txPage)}
        pageSize={PAGE_SIZE}
        onPage={(p) => setFilters({ txPage: p })}
        sizes={[PAGE_SIZE]}
        emptyText={<EmptyText text={t('billing.tx.empty')} />}
      />
      {sending && <SendPaymentDialog onClose={() => setSending(false)} />}
    </>
  );
}

function SendPaymentDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ receiverEmail: string; amount: number; note?: string }>();
  const send = useAction((v: { receiverEmail: string; amount: number; note?: string }) => callEnvelope(SendPaymentEndpoint, { body: { receiverEmail: v.receiverEmail, amount: v.amount, note: v.note ?? '' } }), {
    success: 'billing.tx.send',
    form,
    invalidate: [[KEY], ['wallet']],
    onSuccess: onClose,
  });
  const confirm = (v: { receiverEmail: string; amount: number; note?: string }) =>
    modal.confirm({ title: t('billing.tx.sendConfirm', { amount: usd(v.amount), email: v.receiverEmail }), okText: t('billing.tx.send'), cancelText: t('billing.cancel'), onOk: () => send.run(v) });
  return (
    <Modal open title={t('billing.tx.sendTitle')} okText={t('billing.tx.send')} cancelText={t('billing.cancel')} confirmLoading={send.pending} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('billing.tx.sendHelp')} />
      <Form form={form} layout="vertical" onFinish={confirm}>
        <Form.Item name="receiverEmail" label={t('billing.tx.receiverEmail')} rules={[zodRule(SendPaymentBodySchema.shape.receiverEmail, t)]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="amount" label={t('billing.credit.amount')} rules={[zodRule(SendPaymentBodySchema.shape.amount, t)]}>
          <InputNumber precision={2} style={{ width: '100%' }} prefix="$" />
        </Form.Item>
        <Form.Item name="note" label={t('billing.tx.note')}>
          <Input.TextArea maxLength={255} showCount rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
