import './locales';
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Skeleton,
  Space,
  Steps,
  Table,
  Tag,
  Timeline,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, ScanOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FREIGHT_LIMITS, type FreightDetail, type FreightStatus, type ScreenDef } from '@exship/contracts';
import { FREIGHT_TRANSITIONS, isFreightLocked, mayEditFreight, wallClockAt, wallClockWithOffset } from '@exship/domain';
import { ApiError } from '../../api/client';
import { errorText } from '../../shared/api-feedback';
import { useDownload } from '../../shared/list-ui';
import { usd } from '../../shared/money';
import { ResponsiveTable } from '../../shared/responsive-table';
import { DeleteConfirm, ScreenCard, useCan } from '../../shared/screen';
import { useAction } from '../../shared/use-action';
import { PHONE_QUERY, useMediaQuery } from '../../shared/use-media-query';
import { FREIGHT_KEY, freightApi, freightKey } from './api';
import { FreightDocumentsCard as DocumentsCard } from './freight-documents-card';
import { FreightFormModal, useOffset } from './freight-form';
import { feeLabel, FreightStatusTag, kg, Mono, routeOf, useFormatDate } from './shared';

// SPEC §2 /app/freight/listing-freight/{freightId} (EX-FREIGHT-LIST; changes EX-FREIGHT-MANAGE): a
// freight's fields, its cartons (taken off until it is checked), the state buttons its status allows
// (each asked first; confirming the weight takes the airline's kilograms, an exception a note), the
// customs data its parcels still lack (it cannot be checked until none does), its cost line by line
// with the staff's adjustment, its documents (SPEC §5: up to 10 PDF or image files of 10 MB), the
// customs manifest as xlsx and its history.

type CartonRow = FreightDetail['cartonList'][number];
type GapRow = FreightDetail['manifestGaps'][number];
type CostLine = NonNullable<FreightDetail['costDetail']>['lines'][number];

/** The path a freight normally takes, for the progress line (an exception shows on the step it left). */
const MAIN_PATH: FreightStatus[] = ['open', 'closed', 'checked', 'confirmed-weight', 'shipped', 'in-transit', 'received', 'delivered'];

interface StatusValues {
  at?: Dayjs | null;
  confirmedWeightKg?: number | null;
  note?: string;
}

/** The confirmation of one state change, with what it takes: when, the airline's weight, a note. */
function StatusModal({ freight, to, onClose }: { freight: FreightDetail; to: FreightStatus | null; onClose: () => void }) {
  const { t } = useTranslation();
  const offset = useOffset();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<StatusValues>();
  const change = useAction(
    (v: StatusValues) =>
      freightApi.changeStatus(freight._id, {
        status: to!,
        // Left as it was (now), the server's clock says when; a time picked is the user's wall clock.
        ...(v.at && form.isFieldTouched('at') ? { at: wallClockWithOffset(v.at.format('YYYY-MM-DDTHH:mm'), offset) } : {}),
        ...(to === 'confirmed-weight' && v.confirmedWeightKg != null ? { confirmedWeightKg: v.confirmedWeightKg } : {}),
        note: (v.note ?? '').trim(),
      }),
    {
      success: 'freight.statusChanged',
      form,
      invalidate: [[FREIGHT_KEY]],
      onSuccess: () => onClose(),
      onError: (err) => {
        // The gaps the refusal names are on the detail: show them there.
        if (err instanceof ApiError && err.code === 'MANIFEST_INCOMPLETE') {
          void queryClient.invalidateQueries({ queryKey: freightKey(freight._id) });
          onClose();
        }
      },
    },
  );
  if (!to) return null;
  const needsNote = to === 'exception';
  return (
    <Modal
      open
      title={t(`air.action.${to}.title`, { mawb: freight.mawb })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t(`air.action.${to}`)}
      okButtonProps={{ danger: to === 'exception' }}
      cancelText={t('common.cancel')}
      confirmLoading={change.pending}
      destroyOnHidden
      width={560}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <Typography.Paragraph>{t(`air.action.${to}.confirm`, { mawb: freight.mawb, cartons: freight.cartons, parcels: freight.parcels, airport: to === 'received' || to === 'in-transit' ? freight.arrivalAirportCode : freight.departureAirportCode })}</Typography.Paragraph>
      <Form<StatusValues> form={form} layout="vertical" initialValues={{ at: dayjs(wallClockAt(new Date(), offset)), note: '' }} onFinish={(v) => void change.run(v)} preserve={false}>
        {to === 'confirmed-weight' && (
          <Form.Item
            name="confirmedWeightKg"
            label={t('air.action.weightLabel')}
            htmlFor="freight-confirmed-weight"
            extra={t('air.action.weightHint', { gross: kg(freight.grossWeightKg), chargeable: kg(freight.chargeableWeightKg) })}
            rules={[
              { required: true, message: t('validation.required') },
              { validator: async (_r, v: number | null | undefined) => { if (v != null && !(v > 0)) throw new Error(t('validation.positive')); } },
            ]}
          >
            <InputNumber id="freight-confirmed-weight" min={0} max={1_000_000} precision={2} step={0.5} inputMode="decimal" suffix="kg" style={{ width: 200 }} autoFocus />
          </Form.Item>
        )}
        <Form.Item name="at" label={t('air.action.when')} htmlFor="freight-status-at" extra={t('air.action.whenHint')}>
          <DatePicker id="freight-status-at" showTime={{ format: 'HH:mm' }} format="DD-MM-YYYY HH:mm" allowClear={false} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          name="note"
          label={needsNote ? t('air.action.exceptionNote') : t('air.action.note')}
          rules={[...(needsNote ? [{ required: true, whitespace: true, message: t('validation.required') }] : []), { max: FREIGHT_LIMITS.reasonMax, message: t('validation.max255') }]}
        >
          <Input.TextArea rows={2} maxLength={FREIGHT_LIMITS.reasonMax} showCount autoFocus={to !== 'confirmed-weight'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The staff's adjustment of the computed cost: an amount (negative lowers it) and the reason. */
function AdjustModal({ freight, open, onClose }: { freight: FreightDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: number | null; reason: string }>();
  const adjust = useAction((v: { amount: number | null; reason: string }) => freightApi.adjustCost(freight._id, { amount: v.amount ?? 0, reason: v.reason.trim() }), {
    success: 'freight.costAdjusted',
    form,
    invalidate: [[FREIGHT_KEY]],
    onSuccess: () => onClose(),
  });
  const c = freight.costDetail;
  return (
    <Modal
      open={open}
      title={t('air.cost.adjustTitle', { mawb: freight.mawb })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('air.cost.adjust')}
      cancelText={t('common.cancel')}
      confirmLoading={adjust.pending}
      destroyOnHidden
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <Typography.Paragraph type="secondary">{t('air.cost.adjustHelp')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ amount: c?.adjustment ?? 0, reason: c?.adjustmentReason ?? '' }} onFinish={(v) => void adjust.run(v)} preserve={false}>
        <Form.Item
          name="amount"
          label={t('air.cost.amount')}
          htmlFor="freight-adjust-amount"
          extra={t('air.cost.amountHint')}
          rules={[{ required: true, message: t('validation.required') }, { type: 'number', min: -1_000_000, max: 1_000_000, message: t('validation.money.range') }]}
        >
          <InputNumber id="freight-adjust-amount" precision={2} step={1} prefix="$" inputMode="decimal" style={{ width: 200 }} autoFocus />
        </Form.Item>
        <Form.Item name="reason" label={t('air.cost.reason')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: FREIGHT_LIMITS.reasonMax, message: t('validation.max255') }]}>
          <Input.TextArea rows={2} maxLength={FREIGHT_LIMITS.reasonMax} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** What the parcels still lack for the customs manifest (none may, to check the freight). */
function ManifestGaps({ gaps }: { gaps: GapRow[] }) {
  const { t } = useTranslation();
  if (gaps.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="region"
      aria-label={t('air.manifest.gapsTitle', { count: gaps.length })}
      title={t('air.manifest.gapsTitle', { count: gaps.length })}
      description={
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <span>{t('air.manifest.gapsHelp')}</span>
          <ResponsiveTable<GapRow>
            size="small"
            rowKey={(g) => `${g.cartonId}-${g.exOrderId}`}
            dataSource={gaps}
            pagination={gaps.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              { title: t('air.manifest.parcel'), dataIndex: 'exOrderId', render: (v: string) => <Link to={`/app/orders?keyword=${encodeURIComponent(v)}`}>{v}</Link> },
              { title: t('air.carton.id'), dataIndex: 'cartonId', render: (v: string) => <Mono>{v}</Mono> },
              {
                title: t('air.manifest.missing'),
                dataIndex: 'missing',
                render: (v: string[]) => (
                  <Space size={[4, 4]} wrap>
                    {v.map((f) => (
                      <Tag key={f} color="orange">
                        {t(`air.manifest.field.${f}`, { defaultValue: f })}
                      </Tag>
                    ))}
                  </Space>
                ),
              },
            ]}
          />
        </Space>
      }
    />
  );
}

function CostCard({ freight, canManage }: { freight: FreightDetail; canManage: boolean }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const [adjusting, setAdjusting] = useState(false);
  const c = freight.costDetail;
  const columns: TableColumnsType<CostLine> = [
    { title: t('air.cost.fee'), dataIndex: 'key', render: (v: string) => feeLabel(v, t) },
    { title: t('air.cost.basis'), dataIndex: 'basis', render: (v: 'kg' | 'shipment') => t(`air.fee.basis.${v}`) },
    { title: t('air.cost.rate'), dataIndex: 'rate', align: 'right', render: (v: number) => usd(v) },
    { title: t('air.cost.quantity'), dataIndex: 'quantity', align: 'right', render: (v: number, l) => (l.basis === 'kg' ? kg(v) : v) },
    { title: t('air.cost.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => <strong>{usd(v)}</strong> },
  ];
  const compact: TableColumnsType<CostLine> = [
    {
      title: t('air.cost.fee'),
      dataIndex: 'key',
      render: (v: string, l) => (
        <Space orientation="vertical" size={0}>
          <span>{feeLabel(v, t)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`${usd(l.rate)} ${t(`air.fee.basis.${l.basis}`)}${l.basis === 'kg' ? ` × ${kg(l.quantity)}` : ''}`}
          </Typography.Text>
        </Space>
      ),
    },
    columns[4]!,
  ];
  return (
    <Card
      size="small"
      title={t('air.cost.title')}
      extra={
        canManage && (
          <Button size="small" icon={<EditOutlined />} onClick={() => setAdjusting(true)}>
            {t('air.cost.adjust')}
          </Button>
        )
      }
    >
      {!c ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('air.cost.notPriced')} />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t(freight.confirmedWeightKg !== null ? 'air.cost.onConfirmed' : 'air.cost.onChargeable', { weight: kg(c.weightKg) })}</Typography.Text>
          {/* On a phone one short line per fee (its name, how it is charged, the amount), not a card each. */}
          <Table<CostLine>
            size="small"
            rowKey="key"
            columns={phone ? compact : columns}
            dataSource={c.lines}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('air.cost.noLines')} /> }}
          />
          <Descriptions size="small" column={1} bordered styles={{ label: { width: '45%' } }}>
            <Descriptions.Item label={t('air.cost.fees')}>{usd(c.total - c.adjustment)}</Descriptions.Item>
            <Descriptions.Item label={t('air.cost.adjustment')}>
              <Space orientation="vertical" size={0}>
                <span>{c.adjustment > 0 ? `+${usd(c.adjustment)}` : usd(c.adjustment)}</span>
                {c.adjustmentReason && <Typography.Text type="secondary">{c.adjustmentReason}</Typography.Text>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={<strong>{t('air.cost.total')}</strong>}>
              <strong data-testid="freight-cost-total">{usd(c.total)}</strong>
            </Descriptions.Item>
          </Descriptions>
        </Space>
      )}
      <AdjustModal freight={freight} open={adjusting} onClose={() => setAdjusting(false)} />
    </Card>
  );
}

function HistoryCard({ freight }: { freight: FreightDetail }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const status = (s: string | null) => (s ? t(`freight.status.${s}`, { defaultValue: s }) : '');
  const items = [...freight.history].reverse();
  return (
    <Card size="small" title={t('air.history.title')}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('air.history.empty')} />
      ) : (
        <Timeline
          items={items.map((h, i) => ({
            key: `${h.at}-${i}`,
            color: h.toStatus === 'exception' && h.action === 'status' ? 'red' : h.action === 'status' || h.action === 'weight-confirmed' || h.action === 'created' ? 'blue' : 'gray',
            content: (
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>
                  {t(`air.history.action.${h.action}`, { from: status(h.fromStatus), status: status(h.toStatus) })}
                </Typography.Text>
                {h.note && <Typography.Text style={{ overflowWrap: 'anywhere' }}>{h.note}</Typography.Text>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {`${fmt(h.at)}${h.by ? ` · ${h.by}` : ''}`}
                </Typography.Text>
              </Space>
            ),
          }))}
        />
      )}
    </Card>
  );
}

/** Where the freight is on its normal path, with the date of each state reached. */
function Progress({ freight }: { freight: FreightDetail }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const reached = MAIN_PATH.filter((s) => freight.statusDates[s]);
  const exception = freight.status === 'exception';
  const current = exception ? Math.max(0, MAIN_PATH.indexOf(reached.at(-1) ?? 'open')) : MAIN_PATH.indexOf(freight.status);
  return (
    <Steps
      size="small"
      type="dot"
      titlePlacement="vertical"
      current={current}
      status={exception ? 'error' : freight.status === 'delivered' ? 'finish' : 'process'}
      style={{ marginBottom: 16 }}
      items={MAIN_PATH.map((s) => ({ title: t(`freight.status.${s}`), content: freight.statusDates[s] ? fmt(freight.statusDates[s]).slice(0, 16) : undefined }))}
    />
  );
}

function FreightBody({ freight }: { freight: FreightDetail }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useFormatDate();
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE_QUERY);
  const manifest = useDownload();
  const [to, setTo] = useState<FreightStatus | null>(null);
  const [editing, setEditing] = useState(false);
  const manage = can('EX-FREIGHT-MANAGE');
  const locked = isFreightLocked(freight.status);
  const removeCarton = useAction((cartonId: string) => freightApi.removeCarton(freight._id, cartonId), { success: 'freight.cartonRemoved', invalidate: [[FREIGHT_KEY]] });
  const next = FREIGHT_TRANSITIONS[freight.status];

  const cartonColumns: TableColumnsType<CartonRow> = [
    { title: t('air.carton.id'), dataIndex: 'cartonId', render: (v: string) => <Link to={`/app/pickup/listing-box?keyword=${v}`}><Mono>{v}</Mono></Link> },
    { title: t('air.carton.name'), dataIndex: 'name', render: (v: string) => v || '—' },
    { title: t('air.freight.parcels'), dataIndex: 'quantity', align: 'right' },
    { title: t('air.weight.gross'), dataIndex: 'weightGr', align: 'right', render: (v: number | null) => kg(v == null ? null : v / 1000) },
    { title: t('air.weight.chargeable'), dataIndex: 'chargeableWeightKg', align: 'right', render: (v: number) => kg(v) },
    { title: t('air.carton.costShare'), dataIndex: 'costShare', align: 'right', render: (v: number | null) => (v === null ? '—' : usd(v)) },
    ...(manage && !locked
      ? [
          {
            title: t('net.common.actions'),
            key: 'actions',
            render: (_: unknown, c: CartonRow) => (
              <DeleteConfirm title={t('air.carton.removeConfirm', { carton: c.cartonId, mawb: freight.mawb })} okText={t('air.carton.remove')} onConfirm={() => removeCarton.run(c.cartonId)}>
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('air.carton.removeOf', { carton: c.cartonId })}>
                  {t('air.carton.remove')}
                </Button>
              </DeleteConfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <ScreenCard
      title={
        <span>
          {t('air.freight.detailTitle', { name: freight.name })} <FreightStatusTag status={freight.status} />
        </span>
      }
      extra={
        <>
          <Button icon={<DownloadOutlined />} loading={manifest.busy === 'manifest'} onClick={() => manifest.run('manifest', () => freightApi.manifest(freight._id))}>
            {t('air.manifest.download')}
          </Button>
          {manage && mayEditFreight(freight.status) && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('net.common.edit')}
            </Button>
          )}
        </>
      }
    >
      {!phone && <Progress freight={freight} />}
      {manage && next.length > 0 && (
        <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' } }}>
          <Typography.Text strong style={{ marginInlineEnd: 8 }}>
            {t('air.action.next')}
          </Typography.Text>
          {next.map((s) => (
            <Button key={s} type={s === 'exception' || s === 'open' ? 'default' : 'primary'} danger={s === 'exception'} onClick={() => setTo(s)}>
              {t(`air.action.${s}`)}
            </Button>
          ))}
          {freight.status === 'open' && (
            <Button icon={<ScanOutlined />} onClick={() => navigate(`/app/freight/package-freight?freight=${freight._id}`)}>
              {t('air.freight.scanInto')}
            </Button>
          )}
        </Card>
      )}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <ManifestGaps gaps={freight.manifestGaps} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={15}>
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} styles={{ label: { whiteSpace: 'nowrap' } }}>
                <Descriptions.Item label={t('air.freight.name')}>{freight.name}</Descriptions.Item>
                <Descriptions.Item label={t('air.freight.mawb')}>
                  <Typography.Text copyable>
                    <Mono>{freight.mawb}</Mono>
                  </Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('air.freight.airline')}>
                  <Link to={`/app/freight/airline/${encodeURIComponent(freight.airlineCode)}`}>{`${freight.airlineCode} — ${freight.airlineName}`}</Link>
                </Descriptions.Item>
                <Descriptions.Item label={t('air.freight.route')}>{routeOf(freight.departureAirportCode, freight.arrivalAirportCode)}</Descriptions.Item>
                <Descriptions.Item label={t('air.freight.departureDate')}>{fmt(freight.departureDate)}</Descriptions.Item>
                <Descriptions.Item label={t('air.freight.arrivalDate')}>{fmt(freight.arrivalDate)}</Descriptions.Item>
                <Descriptions.Item label={t('air.freight.carrier')}>{freight.carrierCode ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('air.common.status')}>
                  <FreightStatusTag status={freight.status} />
                </Descriptions.Item>
                <Descriptions.Item label={t('air.freight.cartons')}>{freight.cartons}</Descriptions.Item>
                <Descriptions.Item label={t('air.freight.parcels')}>{freight.parcels}</Descriptions.Item>
                <Descriptions.Item label={t('air.weight.gross')}>{kg(freight.grossWeightKg)}</Descriptions.Item>
                <Descriptions.Item label={t('air.weight.chargeable')}>{kg(freight.chargeableWeightKg)}</Descriptions.Item>
                <Descriptions.Item label={t('air.weight.confirmed')}>{kg(freight.confirmedWeightKg)}</Descriptions.Item>
                <Descriptions.Item label={t('air.freight.cost')}>{freight.cost === null ? t('air.cost.notYet') : usd(freight.cost)}</Descriptions.Item>
                <Descriptions.Item label={t('air.freight.created')}>{fmt(freight.createdAt)}</Descriptions.Item>
                <Descriptions.Item label={t('air.freight.updated')}>{fmt(freight.updatedAt)}</Descriptions.Item>
              </Descriptions>
              <Card size="small" title={t('air.carton.title', { count: freight.cartonList.length })} extra={locked && <Typography.Text type="secondary">{t('air.carton.locked')}</Typography.Text>}>
                <ResponsiveTable<CartonRow>
                  size="small"
                  rowKey="cartonId"
                  columns={cartonColumns}
                  dataSource={freight.cartonList}
                  pagination={freight.cartonList.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                  locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={freight.status === 'open' ? t('air.carton.emptyOpen') : t('air.carton.empty')} /> }}
                />
              </Card>
              <CostCard freight={freight} canManage={manage} />
            </Space>
          </Col>
          <Col xs={24} xl={9}>
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <DocumentsCard freight={freight} canManage={manage} />
              <HistoryCard freight={freight} />
            </Space>
          </Col>
        </Row>
      </Space>
      {to && <StatusModal freight={freight} to={to} onClose={() => setTo(null)} />}
      <FreightFormModal editing={editing ? freight : null} onClose={() => setEditing(false)} />
    </ScreenCard>
  );
}

export default function FreightDetailPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const { freightId = '' } = useParams();
  const q = useQuery({ queryKey: freightKey(freightId), queryFn: ({ signal }) => freightApi.freight(freightId, signal), retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2 });
  if (q.isLoading) {
    return (
      <ScreenCard title={t('screen.freightDetail')}>
        <Skeleton active paragraph={{ rows: 12 }} />
      </ScreenCard>
    );
  }
  if (q.isError || !q.data) {
    const missing = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return (
      <ScreenCard title={t('screen.freightDetail')}>
        {missing ? (
          <Empty description={t('air.freight.notFound')}>
            <Link to="/app/freight/listing-freight">{t('air.freight.backToList')}</Link>
          </Empty>
        ) : (
          <Alert type="error" showIcon title={errorText(q.error, t)} action={<Button size="small" onClick={() => void q.refetch()}>{t('list.retry')}</Button>} />
        )}
      </ScreenCard>
    );
  }
  return <FreightBody freight={q.data} />;
}
