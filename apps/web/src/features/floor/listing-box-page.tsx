import { useState } from 'react';
import { Alert, App, Button, Descriptions, Drawer, Empty, Skeleton, Space, Timeline, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, PrinterOutlined, ScanOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CARTON_STATUSES, type Carton, type CartonDetail, type ScreenDef } from '@exship/contracts';
import { errorText } from '../../shared/api-feedback';
import { useCarrierOptions, useWarehouseOptions } from '../../shared/catalog-options';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard, serverPagination, useCan, useDownload, useUrlState } from '../../shared/screen';
import { DateRangeFilter, KeywordFilter, PickFilter, StatusTabs } from '../../shared/list-filters';
import { FLOOR_KEY, cartonKey, floorApi } from './api';
import { BoxImportModal } from './check-in-import';
import { openLabel } from './label';
import { CartonStatusTag, Stamp, grams, sides, useFormatDate } from './shared';

// SPEC §2 /app/pickup/listing-box (EX-BOX-LIST): the boxes, paged by the server, with the §3 box
// fields; filters keyword, startDate, endDate (§3 box filters), status tabs with counts, carrier and
// warehouse, all kept in the URL; a box's detail with its parcels and history; the xlsx export; the
// box import (EX-BOX-MANAGE) that updates status and location from a partner's file.

const DEFAULTS = { keyword: '', startDate: '', endDate: '', status: 'all', carrierId: '', warehouseCode: '', page: '1', pageSize: '20' };
type Filters = typeof DEFAULTS;
const LIST_KEY = [FLOOR_KEY, 'cartons'];

const listQuery = (f: Filters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '')) as Partial<Filters>;
/** The export takes the list's filters without paging. */
const exportQuery = ({ page: _page, pageSize: _pageSize, ...rest }: Filters) => Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== ''));

/** One box: every §3 field, its parcels and its history. */
function BoxDrawer({ cartonId, onClose }: { cartonId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const fmt = useFormatDate();
  const [printing, setPrinting] = useState(false);
  const q = useQuery({ queryKey: cartonKey(cartonId ?? ''), queryFn: ({ signal }) => floorApi.carton(cartonId!, signal), enabled: !!cartonId });
  const c = q.data;
  const print = async (id: string) => {
    setPrinting(true);
    try {
      await openLabel(id);
    } catch (err) {
      message.error(errorText(err, t));
    } finally {
      setPrinting(false);
    }
  };
  return (
    <Drawer
      open={!!cartonId}
      onClose={onClose}
      size="min(720px, 100vw)"
      title={t('pickup.box.detailOf', { carton: cartonId ?? '' })}
      destroyOnHidden
      extra={
        c && (
          <Space wrap>
            {can('EX-SCANNER') && c.status !== 'open' && (
              <Button icon={<PrinterOutlined />} loading={printing} onClick={() => void print(c._id)}>
                {t('pickup.carton.print')}
              </Button>
            )}
            {can('EX-SCANNER') && (
              <Link to={`/app/pick-up/packaged-scanner?carton=${c._id}`}>
                <ScanOutlined /> {t('pickup.box.toScanner')}
              </Link>
            )}
          </Space>
        )
      }
    >
      {q.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : q.isError || !c ? (
        <Alert type="error" showIcon title={errorText(q.error, t)} action={<Button size="small" onClick={() => void q.refetch()}>{t('list.retry')}</Button>} />
      ) : (
        <Space orientation="vertical" size={20} style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} styles={{ label: { whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={t('pickup.box.id')}>
              <Typography.Text copyable>{c._id}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.status')}>
              <CartonStatusTag status={c.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.name')}>{c.name || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.carrier')}>{c.carrierCode}</Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.warehouse')}>{c.warehouseCode}</Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.service')}>{c.serviceCode}</Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.origin')}>{c.originWarehouseCode ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.quantity')}>{c.quantity}</Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.weight')}>{grams(c.weightGr)}</Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.parcelsWeight')}>{grams(c.parcelsWeightGr)}</Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.dimensions')}>{sides(c.lengthCm, c.widthCm, c.heightCm)}</Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.tracking')}>{c.trackingNumber ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.location')}>{c.location || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.freight')}>{c.freightId ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.description')} span="filled">
              {c.description || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.created')}>
              <Stamp at={c.createdAt} by={c.createdBy} format={fmt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.packaged')}>
              <Stamp at={c.packagedAt} by={c.packagedBy} format={fmt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.checked')}>
              <Stamp at={c.checkedAt} by={c.checkedBy} format={fmt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.accepted')}>
              <Stamp at={c.acceptedAt} by={c.acceptedBy} format={fmt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('pickup.box.updatedAt')}>{fmt(c.updatedAt)}</Descriptions.Item>
          </Descriptions>
          <section>
            <Typography.Title level={3} style={{ fontSize: 15 }}>
              {t('pickup.box.parcels', { count: c.parcels.length })}
            </Typography.Title>
            <ResponsiveTable<CartonDetail['parcels'][number]>
              size="small"
              rowKey="orderId"
              pagination={c.parcels.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              dataSource={c.parcels}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickup.carton.empty')} /> }}
              columns={[
                { title: t('pickup.parcel.order'), dataIndex: 'exOrderId', render: (v: string, p) => <Link to={`/app/orders/order-detail/${p.orderId}`}>{v}</Link> },
                { title: t('pickup.parcel.tracking'), dataIndex: 'trackingNumber', render: (v: string | null) => v ?? '—' },
                { title: t('pickup.parcel.seller'), dataIndex: 'customerEmail' },
                { title: t('pickup.carton.parcelWeight'), dataIndex: 'weightGr', align: 'right', render: (v: number) => grams(v) },
                { title: t('pickup.box.addedAt'), dataIndex: 'addedAt', render: (v: string) => fmt(v) },
              ]}
            />
          </section>
          <section>
            <Typography.Title level={3} style={{ fontSize: 15 }}>
              {t('pickup.box.history')}
            </Typography.Title>
            {c.history.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickup.box.noHistory')} />
            ) : (
              <Timeline
                items={[...c.history]
                  .sort((a, b) => b.at.localeCompare(a.at))
                  .map((h, i) => ({
                    key: `${h.at}-${i}`,
                    content: (
                      <Space orientation="vertical" size={0}>
                        <Typography.Text strong>{t(`pickup.box.action.${h.action}`, { defaultValue: h.action })}</Typography.Text>
                        <span>
                          {h.fromStatus && h.fromStatus !== h.toStatus ? `${t(`floor.cartonStatus.${h.fromStatus}`, { defaultValue: h.fromStatus })} → ` : ''}
                          {t(`floor.cartonStatus.${h.toStatus}`, { defaultValue: h.toStatus })}
                        </span>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`${fmt(h.at)} · ${h.by}`}</Typography.Text>
                        {h.note && <Typography.Text italic>{h.note}</Typography.Text>}
                      </Space>
                    ),
                  }))}
              />
            )}
          </section>
        </Space>
      )}
    </Drawer>
  );
}

export default function ListingBoxPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useFormatDate();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const [open, setOpen] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const carriers = useCarrierOptions();
  const warehouses = useWarehouseOptions();
  const exporter = useDownload({ done: 'pickup.box.exported', failed: 'pickup.box.exportFailed' });
  const list = useQuery({
    queryKey: [...LIST_KEY, filters],
    queryFn: ({ signal }) => floorApi.cartons(listQuery(filters), signal),
    placeholderData: keepPreviousData,
  });
  const data = list.data?.data;
  const counts = data?.counts as Record<string, number> | undefined;
  // The floor's own states always, the partner's later ones once a box is in them: every state as a tab
  // would overflow the bar (and antd's overflow button is not a valid child of a tab list).
  const tabs = ['all', ...CARTON_STATUSES.filter((s) => ['open', 'packaged', 'checked'].includes(s) || (counts?.[s] ?? 0) > 0 || s === filters.status)];
  const tabLabel = (s: string) => (s === 'all' ? t('pickup.box.all') : t(`floor.cartonStatus.${s}`));
  const filtered = !!(filters.keyword || filters.startDate || filters.endDate || filters.carrierId || filters.warehouseCode);
  const clear = () => setFilters({ keyword: '', startDate: '', endDate: '', carrierId: '', warehouseCode: '' });

  /** The latest step of a box (checked, else packaged, else created), with when and who: the others are in its detail. */
  const lastStep = (c: Carton) =>
    c.checkedAt ? { label: t('pickup.box.checked'), at: c.checkedAt, by: c.checkedBy } : c.packagedAt ? { label: t('pickup.box.packaged'), at: c.packagedAt, by: c.packagedBy } : { label: t('pickup.box.created'), at: c.createdAt, by: c.createdBy };
  const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };
  const columns: TableColumnsType<Carton> = [
    {
      title: t('pickup.box.id'),
      dataIndex: '_id',
      render: (v: string, c) => (
        <Space orientation="vertical" size={0}>
          <Button type="link" style={{ padding: 0, height: 'auto', ...mono }} onClick={() => setOpen(v)} aria-label={t('pickup.box.openOf', { carton: v })}>
            {v}
          </Button>
          {c.name && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{c.name}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('pickup.box.destination'),
      key: 'destination',
      render: (_: unknown, c) => (
        <Space orientation="vertical" size={0} style={{ fontSize: 13 }}>
          <span>{c.carrierCode}</span>
          <span>{c.warehouseCode}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{c.serviceCode}</Typography.Text>
        </Space>
      ),
    },
    { title: t('pickup.box.quantity'), dataIndex: 'quantity', align: 'right' },
    { title: t('pickup.box.status'), dataIndex: 'status', render: (v: Carton['status']) => <CartonStatusTag status={v} /> },
    {
      title: t('pickup.box.weight'),
      dataIndex: 'weightGr',
      align: 'right',
      render: (v: number | null, c) => <span style={{ whiteSpace: 'nowrap' }}>{v == null ? <Typography.Text type="secondary">{grams(c.parcelsWeightGr)}</Typography.Text> : grams(v)}</span>,
    },
    { title: t('pickup.box.dimensions'), key: 'dimensions', render: (_: unknown, c) => <span style={{ whiteSpace: 'nowrap' }}>{sides(c.lengthCm, c.widthCm, c.heightCm)}</span> },
    { title: t('pickup.box.tracking'), dataIndex: 'trackingNumber', render: (v: string | null) => v ?? '—' },
    {
      title: t('pickup.box.lastStep'),
      key: 'lastStep',
      render: (_: unknown, c) => {
        const step = lastStep(c);
        return (
          <Space orientation="vertical" size={0}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{step.label}</Typography.Text>
            <Stamp at={step.at} by={step.by} format={fmt} />
          </Space>
        );
      },
    },
  ];

  return (
    <ScreenCard
      title={t('screen.listingBox')}
      extra={
        <>
          <Button icon={<DownloadOutlined />} loading={exporter.busy === 'export'} onClick={() => exporter.run('export', () => floorApi.exportCartons(exportQuery(filters)))}>
            {t('pickup.box.export')}
          </Button>
          {can('EX-BOX-MANAGE') && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('pickup.boxImport.button')}
            </Button>
          )}
        </>
      }
    >
      <StatusTabs tabs={tabs} value={filters.status} counts={counts} label={t('pickup.box.statusFilter')} tabLabel={tabLabel} onChange={(status) => setFilters({ status })} />
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label={t('pickup.box.filters')}>
        <KeywordFilter value={filters.keyword} label={t('pickup.box.keyword')} onSearch={(keyword) => setFilters({ keyword })} />
        <DateRangeFilter
          from={filters.startDate}
          to={filters.endDate}
          label={t('pickup.box.dates')}
          placeholder={[t('pickup.box.startDate'), t('pickup.box.endDate')]}
          width={240}
          onChange={(startDate, endDate) => setFilters({ startDate, endDate })}
        />
        <PickFilter
          label={t('pickup.box.carrier')}
          allLabel={t('pickup.box.allCarriers')}
          value={filters.carrierId}
          options={carriers.options}
          loading={carriers.loading}
          onChange={(carrierId) => setFilters({ carrierId })}
        />
        <PickFilter
          label={t('pickup.box.warehouse')}
          allLabel={t('pickup.box.allWarehouses')}
          value={filters.warehouseCode}
          options={warehouses.items.map((w) => ({ value: w.code, label: `${w.code} — ${w.name}` }))}
          loading={warehouses.loading}
          onChange={(warehouseCode) => setFilters({ warehouseCode })}
        />
        {filtered && (
          <Button type="link" onClick={clear}>
            {t('pickup.box.clear')}
          </Button>
        )}
      </Space>
      <ResponsiveTable<Carton>
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={data?.rows}
        loading={list.isFetching}
        loadFailure={loadFailureOf(list)}
        locale={{
          emptyText: list.isLoading ? ' ' : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered || filters.status !== 'all' ? t('pickup.box.noMatch') : t('pickup.box.empty')}>
              {filtered && <Button onClick={clear}>{t('pickup.box.clear')}</Button>}
            </Empty>
          ),
        }}
        pagination={serverPagination(Number(filters.page), Number(filters.pageSize), data?.totalCount, (page, pageSize) => setFilters({ page, pageSize }), t)}
      />
      <BoxDrawer cartonId={open} onClose={() => setOpen(null)} />
      {importing && <BoxImportModal onClose={() => setImporting(false)} />}
    </ScreenCard>
  );
}
