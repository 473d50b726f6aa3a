import { useState, type Key } from 'react';
import { Alert, App, Button, Empty, Form, Input, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CreateScanFormEndpoint,
  GetScanFormPdfEndpoint,
  ListScanFormCandidatesEndpoint,
  ListScanFormsEndpoint,
  SHIPPING_LIMITS,
  type ScanForm,
  type ScanFormCandidate,
  type ScreenDef,
} from '@exship/contracts';
import { wallClockAt } from '@exship/domain';
import { callEnvelope, download } from '../../api/call';
import { useSession } from '../../api/session';
import { ApiError } from '../../api/client';
import { errorText } from '../../shared/api-feedback';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard, saveBlob, serverPagination, useCan, useUrlState } from '../../shared/screen';
import { useAction } from '../../shared/use-action';
import { TimeText, splitRefs, useFormatDate } from './shared';
import { DatePicker } from '../../shared/date-picker';

// SPEC §2 /app/scan-form, §3 SCAN form (number, order id, order name, tracking number, ship date,
// action by), §5 ship date and tracking numbers required, §8 "one or more tracking numbers invalid".

const DEFAULTS = { keyword: '', page: '1', pageSize: '10' };
const KEY = ['scan-forms'];

/** Today's date at the user's offset (docs/engineering.md "Time"): the ship date a form starts with. */
export function todayAt(offset: string | undefined, now: number = Date.now()): Dayjs {
  return dayjs(wallClockAt(now, offset || '+07:00').slice(0, 10));
}

/** DD-MM-YYYY of a ship date (YYYY-MM-DD, or a timestamp whose date part is the ship date). */
const shipDateText = (d: string) => (/^\d{4}-\d{2}-\d{2}/.test(d) ? `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}` : d);

/**
 * The tracking numbers a 422 INVALID_TRACKING_NUMBERS names: from its details (any list of
 * strings, or of rows with a trackingNumber), its field errors, or else the sent ones its message names.
 */
export function invalidNumbersOf(err: unknown, sent: string[]): string[] {
  if (!(err instanceof ApiError)) return [];
  const found = new Set<string>();
  const take = (v: unknown) => {
    if (typeof v === 'string') found.add(v);
    else if (Array.isArray(v)) v.forEach(take);
    else if (v && typeof v === 'object' && typeof (v as { trackingNumber?: unknown }).trackingNumber === 'string') found.add((v as { trackingNumber: string }).trackingNumber);
  };
  for (const v of Object.values(err.details ?? {})) if (Array.isArray(v)) v.forEach(take);
  for (const e of err.errors) {
    const i = /^trackingNumbers\.(\d+)$/.exec(e.field)?.[1];
    if (i !== undefined && sent[Number(i)]) found.add(sent[Number(i)]!);
  }
  const known = sent.filter((n) => found.has(n));
  if (known.length || found.size) return known.length ? known : [...found];
  return sent.filter((n) => err.message.includes(n));
}

export default function ScanFormPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const fmt = useFormatDate();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const [creating, setCreating] = useState(false);
  const [busyPdf, setBusyPdf] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...KEY, filters],
    queryFn: ({ signal }) => callEnvelope(ListScanFormsEndpoint, { query: { page: Number(filters.page), pageSize: Number(filters.pageSize), keyword: filters.keyword || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
  const data = list.data?.data;

  const downloadPdf = async (form: Pick<ScanForm, '_id' | 'number'>) => {
    setBusyPdf(form._id);
    try {
      const { blob, fileName } = await download(GetScanFormPdfEndpoint, { params: { id: form._id } });
      saveBlob(blob, fileName.endsWith('.pdf') ? fileName : `${form.number}.pdf`);
      message.success(t('ship.scan.downloaded', { number: form.number }));
    } catch (err) {
      message.error(errorText(err, t, 'ship.scan.downloadFailed'));
    } finally {
      setBusyPdf(null);
    }
  };

  const list3 = (items: string[]) => (items.length <= 3 ? items.join(', ') : `${items.slice(0, 3).join(', ')} +${items.length - 3}`);
  const columns: TableColumnsType<ScanForm> = [
    { title: t('ship.scan.number'), dataIndex: 'number', render: (v: string) => <Typography.Text strong copyable={{ tooltips: [t('ship.copy'), t('ship.copied')] }}>{v}</Typography.Text> },
    { title: t('ship.field.orderId'), key: 'orderIds', render: (_: unknown, f) => list3(f.orders.map((o) => o.exOrderId)) },
    { title: t('ship.field.orderName'), key: 'orderNames', render: (_: unknown, f) => list3(f.orders.map((o) => o.orderName)) },
    { title: t('ship.field.trackingNumber'), key: 'trackingNumbers', render: (_: unknown, f) => <span style={{ overflowWrap: 'anywhere' }}>{list3(f.orders.map((o) => o.trackingNumber))}</span> },
    { title: t('ship.scan.count'), dataIndex: 'count', align: 'right' },
    { title: t('ship.scan.shipDate'), dataIndex: 'shipDate', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{shipDateText(v)}</span> },
    { title: t('ship.scan.actionBy'), dataIndex: 'actionBy' },
    { title: t('ship.scan.createdAt'), dataIndex: 'createdAt', render: (v: string) => <TimeText value={v} format={fmt} /> },
    {
      title: t('ship.actions'),
      key: 'actions',
      render: (_: unknown, f) => (
        <Button size="small" icon={<FilePdfOutlined />} loading={busyPdf === f._id} onClick={() => void downloadPdf(f)} aria-label={t('ship.scan.pdfOf', { number: f.number })}>
          {t('ship.scan.pdf')}
        </Button>
      ),
    },
  ];

  return (
    <ScreenCard
      title={t('screen.scanForm')}
      extra={
        can('EX-SCAN-FORM') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('ship.scan.create')}
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label={t('ship.scan.filters')}>
        <Input.Search
          key={`kw-${filters.keyword}`}
          defaultValue={filters.keyword}
          allowClear
          maxLength={64}
          placeholder={t('ship.scan.keyword')}
          aria-label={t('ship.scan.keyword')}
          onSearch={(keyword) => setFilters({ keyword: keyword.trim() })}
          style={{ width: 280 }}
        />
      </Space>
      <ResponsiveTable<ScanForm>
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={data?.items}
        loading={list.isFetching}
        expandable={{
          expandedRowRender: (f) => (
            <Table
              size="small"
              rowKey={(o) => o.orderId}
              pagination={false}
              dataSource={f.orders}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: t('ship.field.orderId'), dataIndex: 'exOrderId' },
                { title: t('ship.field.orderName'), dataIndex: 'orderName' },
                { title: t('ship.field.trackingNumber'), dataIndex: 'trackingNumber' },
              ]}
            />
          ),
        }}
        loadFailure={loadFailureOf(list)}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filters.keyword ? t('ship.scan.noMatch') : t('ship.scan.empty')} /> }}
        pagination={serverPagination(Number(filters.page), Number(filters.pageSize), data?.total, (page, pageSize) => setFilters({ page, pageSize }), t)}
      />
      {creating && (
        <CreateScanFormModal
          onClose={() => setCreating(false)}
          onCreated={(form) => {
            setCreating(false);
            void downloadPdf(form);
          }}
        />
      )}
    </ScreenCard>
  );
}

interface CreateValues {
  shipDate?: Dayjs;
  trackingNumbers?: string;
}

/**
 * Create a SCAN form: the ship date (today at the user's offset to start with), the parcels picked
 * from the labeled ones no form holds yet (search, several at once), and any tracking numbers pasted.
 */
function CreateScanFormModal({ onClose, onCreated }: { onClose: () => void; onCreated: (form: ScanForm) => void }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const can = useCan();
  const fmt = useFormatDate();
  const staff = can('EX-ACT-FOR-CUSTOMER');
  const [form] = Form.useForm<CreateValues>();
  const [invalid, setInvalid] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Map<Key, ScanFormCandidate>>(new Map());
  const numbersText = Form.useWatch('trackingNumbers', form) ?? '';
  /** The form's parcels: the picked ones, then the pasted numbers not picked already. */
  const numbersWith = (text: string | undefined) => [...new Set([...[...picked.values()].map((c) => c.trackingNumber), ...splitRefs(text ?? '').map((n) => n.toUpperCase())])];
  const numbers = numbersWith(numbersText);
  const candidates = useQuery({
    queryKey: [...KEY, 'candidates', keyword],
    queryFn: ({ signal }) => callEnvelope(ListScanFormCandidatesEndpoint, { query: { keyword: keyword || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
  const rows = candidates.data?.data.items;
  // One form holds one seller's parcels: once a parcel is picked, staff pick within its seller.
  const account = picked.values().next().value?.accountId;
  const create = useAction((v: { shipDate: string; trackingNumbers: string[] }) => callEnvelope(CreateScanFormEndpoint, { body: v }), {
    success: 'ship.scan.created',
    form,
    invalidate: [KEY],
    errorMessage: false,
    onSuccess: (res) => onCreated(res.data),
    onError: (err, vars) => {
      const bad = err instanceof ApiError && err.code === 'INVALID_TRACKING_NUMBERS' ? invalidNumbersOf(err, vars.trackingNumbers) : [];
      setInvalid(bad);
      setFailure(errorText(err, t));
      if (bad.length) form.setFields([{ name: 'trackingNumbers', errors: [t('ship.scan.invalidNumbers', { count: bad.length })] }]);
    },
  });
  const submit = (v: CreateValues) => {
    setInvalid([]);
    setFailure(null);
    void create.run({ shipDate: v.shipDate!.format('YYYY-MM-DD'), trackingNumbers: numbersWith(v.trackingNumbers) });
  };
  const columns: TableColumnsType<ScanFormCandidate> = [
    { title: t('ship.field.orderId'), dataIndex: 'exOrderId' },
    { title: t('ship.field.orderName'), dataIndex: 'orderName' },
    { title: t('ship.field.trackingNumber'), dataIndex: 'trackingNumber', render: (v: string) => <span style={{ overflowWrap: 'anywhere' }}>{v}</span> },
    { title: t('ship.scan.labeledAt'), dataIndex: 'labeledAt', render: (v: string) => <TimeText value={v} format={fmt} /> },
    { title: t('ship.scan.customer'), dataIndex: 'customer', hidden: !staff },
  ];
  return (
    <Modal
      open
      width={820}
      title={t('ship.scan.createTitle')}
      okText={t('ship.scan.createOk')}
      cancelText={t('common.cancel')}
      confirmLoading={create.pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark initialValues={{ shipDate: todayAt(profile?.timeZone) }}>
        <Form.Item name="shipDate" label={t('ship.scan.shipDate')} rules={[{ required: true, message: t('ship.scan.shipDateRequired') }]} extra={t('ship.scan.shipDateHelp')}>
          <DatePicker format="DD-MM-YYYY" style={{ width: '100%', maxWidth: 240 }} />
        </Form.Item>
        <section aria-label={t('ship.scan.pickTitle')} style={{ marginBottom: 16 }}>
          <Typography.Text strong>{t('ship.scan.pickTitle')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('ship.scan.pickHelp')}
          </Typography.Paragraph>
          <Space wrap style={{ marginBottom: 8 }}>
            <Input.Search
              allowClear
              maxLength={64}
              placeholder={t('ship.scan.pickSearch')}
              aria-label={t('ship.scan.pickSearch')}
              onSearch={(v) => setKeyword(v.trim())}
              style={{ width: 280, maxWidth: '100%' }}
            />
            <Typography.Text aria-live="polite">{t('ship.scan.pickedCount', { count: picked.size })}</Typography.Text>
            {picked.size > 0 && (
              <Button size="small" onClick={() => setPicked(new Map())}>
                {t('ship.scan.clearPicked')}
              </Button>
            )}
          </Space>
          <ResponsiveTable<ScanFormCandidate>
            size="small"
            rowKey="orderId"
            columns={columns}
            dataSource={rows}
            loading={candidates.isFetching}
            loadFailure={loadFailureOf(candidates)}
            pagination={{ pageSize: 5, showSizeChanger: false, hideOnSinglePage: true }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('ship.scan.pickNoMatch') : t('ship.scan.pickEmpty')} /> }}
            rowSelection={{
              selectedRowKeys: [...picked.keys()],
              preserveSelectedRowKeys: true,
              onChange: (keys, chosen) => {
                setInvalid([]);
                form.setFields([{ name: 'trackingNumbers', errors: [] }]);
                setPicked((known) => {
                  const byKey = new Map<Key, ScanFormCandidate>([...known, ...chosen.filter(Boolean).map((c) => [c.orderId, c] as const)]);
                  return new Map(keys.map((k) => [k, byKey.get(k)] as const).filter((e): e is [Key, ScanFormCandidate] => e[1] !== undefined));
                });
              },
              getCheckboxProps: (c) =>
                ({
                  'aria-label': t('ship.scan.pickOne', { id: c.exOrderId }),
                  disabled: account !== undefined && c.accountId !== account,
                  title: account !== undefined && c.accountId !== account ? t('ship.scan.oneSeller') : undefined,
                }) as never,
            }}
          />
          {candidates.data?.data.more && <Typography.Text type="secondary">{t('ship.scan.pickMore', { max: SHIPPING_LIMITS.scanFormMax })}</Typography.Text>}
        </section>
        <Form.Item
          name="trackingNumbers"
          label={t('ship.scan.trackingNumbers')}
          extra={t('ship.scan.trackingHelp', { count: numbers.length, max: SHIPPING_LIMITS.scanFormMax })}
          rules={[
            { validator: (_, v: string | undefined) => (numbersWith(v).length === 0 ? Promise.reject(new Error(t('ship.scan.trackingRequired'))) : Promise.resolve()) },
            {
              validator: (_, v: string | undefined) =>
                numbersWith(v).length > SHIPPING_LIMITS.scanFormMax ? Promise.reject(new Error(t('ship.scan.tooMany', { max: SHIPPING_LIMITS.scanFormMax }))) : Promise.resolve(),
            },
          ]}
        >
          <Input.TextArea rows={3} placeholder={t('ship.scan.trackingPlaceholder')} onChange={() => invalid.length && setInvalid([])} />
        </Form.Item>
      </Form>
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          description={
            invalid.length > 0 && (
              <Space size={[4, 4]} wrap aria-label={t('ship.scan.invalidList')} role="list">
                {invalid.map((n) => (
                  <Tag role="listitem" key={n} color="red">
                    {n}
                  </Tag>
                ))}
              </Space>
            )
          }
        />
      )}
    </Modal>
  );
}
