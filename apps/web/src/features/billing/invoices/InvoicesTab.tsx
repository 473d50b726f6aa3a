import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Modal, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { GenerateInvoicesEndpoint, GetInvoiceEndpoint, INVOICE_GATEWAYS, InvoicePdfEndpoint, ListInvoicesEndpoint, type InvoiceDetail, type InvoiceSummary } from '@exship/contracts';
import { call, callEnvelope, download } from '../../../api/call';
import { KeywordSearch } from '../../../shared/list-ui';
import { CustomerSelect } from '../../../shared/customer-select';
import { DatePicker, viewerNow } from '../../../shared/date-picker';
import { usd } from '../../../shared/money';
import { ServerTable, useCan, useDownload, useListQuery, useUrlState } from '../../../shared/screen';
import { useAction } from '../../../shared/use-action';
import { calendarDate, EmptyText, useFormatDate } from '../shared';

// SPEC §3 invoices with filters keyword / paymentGateway / ownerIds; a seller sees its own. The PDF
// download; staff generate a past month's invoices on demand (the job makes them on the 1st).
const DEFAULTS = { invKeyword: '', invGateway: 'all', invOwners: '', invPage: '1' };
const PAGE_SIZE = 10;
const KEY = 'invoices';
const period = (i: InvoiceSummary) => `${calendarDate(i.periodStart)} – ${calendarDate(dayjs(i.periodEnd).subtract(1, 'day').format('YYYY-MM-DD'))}`;

export function InvoicesTab() {
  const { t } = useTranslation();
  const can = useCan();
  const staff = can('EX-ACT-FOR-CUSTOMER');
  const formatDate = useFormatDate();
  const [filters, setFilters] = useUrlState(DEFAULTS, 'invPage');
  const owners = filters.invOwners ? filters.invOwners.split(',') : [];
  const list = useListQuery(KEY, filters, (f, signal) =>
    callEnvelope(ListInvoicesEndpoint, { body: { page: Number(f.invPage), pageSize: PAGE_SIZE, keyword: f.invKeyword || undefined, paymentGateway: f.invGateway as 'all', ownerIds: f.invOwners ? f.invOwners.split(',') : [] }, signal }),
  );
  const pdf = useDownload({ done: 'billing.invoice.downloaded', failed: 'billing.invoice.downloadFailed' });
  const [open, setOpen] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);

  const columns: TableColumnsType<InvoiceSummary> = [
    { title: t('billing.invoice.number'), dataIndex: 'number', render: (n: string, i) => <Typography.Link onClick={() => setOpen(i.id)} style={{ whiteSpace: 'nowrap' }}>{n}</Typography.Link> },
    ...(staff ? [{ title: t('billing.customer'), dataIndex: 'customerEmail', render: (e: string | null) => e ?? '—' }] : []),
    { title: t('billing.invoice.period'), key: 'period', render: (_, i) => period(i) },
    { title: t('billing.invoice.issuedAt'), dataIndex: 'issuedAt', render: (d: string) => formatDate(d).slice(0, 10) },
    { title: t('billing.invoice.taxDueAt'), dataIndex: 'taxDueAt', render: (d: string) => formatDate(d).slice(0, 10) },
    { title: t('billing.invoice.orders'), dataIndex: 'orderCount', align: 'right' },
    { title: t('billing.invoice.total'), dataIndex: 'total', align: 'right', render: (v: number) => usd(v) },
    { title: t('billing.invoice.gateway'), dataIndex: 'gateways', render: (g: string[]) => g.map((x) => <Tag key={x} color={x === 'credit' ? 'blue' : 'default'}>{t(`billing.invoice.gateways.${x}`)}</Tag>) },
    {
      title: t('billing.actions'),
      key: 'actions',
      render: (_, i) => (
        <Space size={4}>
          <Button size="small" icon={<EyeOutlined />} onClick={() => setOpen(i.id)} aria-label={`${t('billing.invoice.view')} ${i.number}`}>
            {t('billing.invoice.view')}
          </Button>
          {can('EX-ORDER-INVOICE-DOWNLOAD') && (
            <Button size="small" icon={<DownloadOutlined />} loading={pdf.busy === i.id} onClick={() => pdf.run(i.id, () => download(InvoicePdfEndpoint, { params: { invoiceId: i.id } }))} aria-label={`${t('billing.invoice.pdf')} ${i.number}`}>
              {t('billing.invoice.pdf')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between', marginBottom: 16 }}>
        <Space wrap>
          <KeywordSearch value={filters.invKeyword} placeholder={t('billing.invoice.keyword')} onSearch={(invKeyword) => setFilters({ invKeyword })} width={280} />
          <Select
            value={filters.invGateway}
            onChange={(invGateway) => setFilters({ invGateway })}
            style={{ width: 160 }}
            aria-label={t('billing.invoice.gateway')}
            options={['all', ...INVOICE_GATEWAYS].map((g) => ({ value: g, label: t(`billing.invoice.gateways.${g}`) }))}
          />
          {staff && (
            <CustomerSelect value={owners} onChange={(ids) => setFilters({ invOwners: (ids ?? []).join(',') })} placeholder={t('billing.invoice.owners')} aria-label={t('billing.invoice.owners')} style={{ minWidth: 260 }} maxTagCount="responsive" />
          )}
        </Space>
        {can('EX-INVOICE-GENERATE') && staff && (
          <Button type="primary" onClick={() => setGenerating(true)}>
            {t('billing.invoice.generate')}
          </Button>
        )}
      </div>
      <ServerTable<InvoiceSummary> query={list} columns={columns} page={Number(filters.invPage)} pageSize={PAGE_SIZE} onPage={(p) => setFilters({ invPage: p })} sizes={[PAGE_SIZE]} emptyText={<EmptyText text={t('billing.invoice.empty')} />} />
      {open && <InvoiceDrawer id={open} onClose={() => setOpen(null)} />}
      {generating && <GenerateDialog onClose={() => setGenerating(false)} />}
    </>
  );
}

function InvoiceDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const can = useCan();
  const pdf = useDownload({ done: 'billing.invoice.downloaded', failed: 'billing.invoice.downloadFailed' });
  const q = useQuery({ queryKey: ['invoice', id], queryFn: ({ signal }) => call(GetInvoiceEndpoint, { params: { invoiceId: id }, signal }) });
  const inv = q.data;
  const columns: TableColumnsType<InvoiceDetail['lines'][number]> = [
    { title: t('billing.tx.orders'), key: 'order', render: (_, l) => <div><div>{l.exOrderId ?? l.orderId}</div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{l.orderName}</Typography.Text></div> },
    { title: t('billing.invoice.kind'), dataIndex: 'kind', render: (k: string) => t(`billing.invoice.kinds.${k}`) },
    { title: t('billing.invoice.gateway'), dataIndex: 'gateway', render: (g: string) => t(`billing.invoice.gateways.${g}`) },
    // Every fee line, so a line adds up to its amount as on the PDF: an order line shows the order's
    // fees (the discount taken off), a surcharge line its surcharge.
    ...(['shipping', 'seasonal', 'signature', 'overLength', 'discount', 'tax'] as const).map((key) => ({
      title: t(`billing.invoice.${key}`),
      key,
      align: 'right' as const,
      render: (_: unknown, l: InvoiceDetail['lines'][number]) => (l.kind === 'order' && l.fees ? (key === 'discount' && l.fees.discount > 0 ? `−${usd(l.fees.discount)}` : usd(l.fees[key])) : '—'),
    })),
    { title: t('billing.invoice.surcharge'), key: 'surcharge', align: 'right', render: (_, l) => (l.kind === 'surcharge' ? usd(l.amount) : '—') },
    { title: t('billing.invoice.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => usd(v) },
    { title: t('billing.invoice.paidAt'), dataIndex: 'paidAt', render: (d: string) => formatDate(d) },
  ];
  return (
    <Drawer
      open
      width="min(960px, 100vw)"
      title={inv ? t('billing.invoice.detailTitle', { number: inv.number }) : t('billing.invoice.number')}
      onClose={onClose}
      loading={q.isPending}
      extra={
        inv && can('EX-ORDER-INVOICE-DOWNLOAD') ? (
          <Button icon={<DownloadOutlined />} loading={pdf.busy === id} onClick={() => pdf.run(id, () => download(InvoicePdfEndpoint, { params: { invoiceId: id } }))}>
            {t('billing.invoice.pdf')}
          </Button>
        ) : null
      }
    >
      {q.isError && <Typography.Text type="danger">{t('list.loadFailed')}</Typography.Text>}
      {inv && (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('billing.customer')}>{inv.customerEmail ?? inv.customerId}</Descriptions.Item>
            <Descriptions.Item label={t('billing.invoice.period')}>{period(inv)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.invoice.issuedAt')}>{formatDate(inv.issuedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.invoice.taxDueAt')}>{formatDate(inv.taxDueAt)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.invoice.orders')}>{inv.orderCount}</Descriptions.Item>
            <Descriptions.Item label={t('billing.invoice.total')}><strong>{usd(inv.total)}</strong></Descriptions.Item>
          </Descriptions>
          <Table rowKey={(l) => `${l.orderId}:${l.kind}:${l.paidAt}`} size="small" columns={columns} dataSource={inv.lines} pagination={inv.lines.length > 20 ? { pageSize: 20 } : false} scroll={{ x: 1100 }} />
        </>
      )}
    </Drawer>
  );
}

function GenerateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ month: dayjs.Dayjs }>();
  const run = useAction((v: { month: dayjs.Dayjs }) => callEnvelope(GenerateInvoicesEndpoint, { body: { month: v.month.format('YYYY-MM') } }), {
    success: 'billing.invoice.generate',
    form,
    invalidate: [[KEY]],
    onSuccess: onClose,
  });
  return (
    <Modal open title={t('billing.invoice.generate')} okText={t('billing.invoice.generate')} cancelText={t('billing.cancel')} confirmLoading={run.pending} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('billing.invoice.generateHelp')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ month: viewerNow().subtract(1, 'month') }} onFinish={(v) => run.run(v)}>
        <Form.Item name="month" label={t('billing.invoice.month')} rules={[{ required: true, message: t('validation.required') }]}>
          <DatePicker picker="month" format="MM-YYYY" style={{ width: '100%' }} disabledDate={(d) => !d.isBefore(viewerNow().startOf('month'))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
