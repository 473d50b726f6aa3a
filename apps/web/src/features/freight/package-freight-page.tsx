import './locales';
import { useState } from 'react';
import { Alert, App, Badge, Button, Card, Col, Empty, Row, Select, Skeleton, Space, Typography } from 'antd';
import { LockOutlined, PlusOutlined, RocketOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAWB_PATTERN, type FreightDetail, type ScreenDef } from '@exship/contracts';
import { errorText } from '../../shared/api-feedback';
import { ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard } from '../../shared/screen';
import { useAction } from '../../shared/use-action';
import { RecentScans, ScanBanner, ScanBox, useScanStation, type ScanOutcome, type ScanStation } from '../../shared/scan-station';
import { useAltShortcuts } from '../../shared/use-shortcuts';
import { FREIGHT_KEY, freightApi, freightKey, freightsKey } from './api';
import { FreightFormModal } from './freight-form';
import { Fact, FreightStatusTag, kg, Kbd, Mono, routeOf, useFormatDate } from './shared';

// SPEC §2 /app/freight/package-freight (EX-FREIGHT-MANAGE): pick an open freight (or create one, or
// scan its MAWB), then scan checked-out cartons into it with the floor's scan box — keyboard only,
// each scan answered by a banner and a beep, the freight's cartons updating, the last scan undone
// with Ctrl+Z — and close the freight when it is full. The freight is in the URL (?freight=…).

const OPEN_KEY = [...freightsKey, 'open'];
const digits = (mawb: string) => mawb.replace(/\D/g, '');

type CartonRow = FreightDetail['cartonList'][number];

function FreightPanel({ freight, station }: { freight: FreightDetail; station: ScanStation }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const fmt = useFormatDate();
  const open = freight.status === 'open';
  const close = useAction(() => freightApi.changeStatus(freight._id, { status: 'closed' }), {
    success: false,
    errorMessage: false,
    invalidate: [[FREIGHT_KEY]],
    onSuccess: () => station.report({ tone: 'ok', message: t('air.package.closed', { mawb: freight.mawb, count: freight.cartons }) }),
    onError: (err) => station.report({ tone: 'error', message: errorText(err, t) }),
  });
  const askClose = () =>
    modal.confirm({
      title: t('air.action.closed.title', { mawb: freight.mawb }),
      content: t('air.action.closed.confirm', { mawb: freight.mawb, cartons: freight.cartons, parcels: freight.parcels }),
      okText: t('air.action.closed'),
      cancelText: t('common.cancel'),
      autoFocusButton: 'ok',
      onOk: () => close.run(),
      afterClose: () => station.focus(),
    });
  useAltShortcuts({ c: open && freight.cartons > 0 ? askClose : undefined });

  return (
    <Card
      size="small"
      data-testid="freight-panel"
      title={
        <Space wrap size={8}>
          <RocketOutlined aria-hidden />
          <Typography.Text strong copyable={{ text: freight.mawb }} style={{ fontSize: 16 }}>
            <Mono>{freight.mawb}</Mono>
          </Typography.Text>
          <FreightStatusTag status={freight.status} />
        </Space>
      }
      extra={<Link to={`/app/freight/listing-freight/${freight._id}`}>{t('air.package.openDetail')}</Link>}
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))', gap: 12 }}>
          <Fact label={t('air.freight.name')}>{freight.name}</Fact>
          <Fact label={t('air.freight.airline')}>{`${freight.airlineCode} — ${freight.airlineName}`}</Fact>
          <Fact label={t('air.freight.route')}>{routeOf(freight.departureAirportCode, freight.arrivalAirportCode)}</Fact>
          <Fact label={t('air.freight.departureDate')}>{fmt(freight.departureDate).slice(0, 16)}</Fact>
          <Fact label={t('air.freight.cartons')}>
            <Typography.Text strong data-testid="freight-cartons">
              {freight.cartons}
            </Typography.Text>
          </Fact>
          <Fact label={t('air.freight.parcels')}>
            <span data-testid="freight-parcels">{freight.parcels}</span>
          </Fact>
          <Fact label={t('air.weight.gross')}>{kg(freight.grossWeightKg)}</Fact>
          <Fact label={t('air.weight.chargeable')}>{kg(freight.chargeableWeightKg)}</Fact>
        </div>
        {!open && <Alert type="warning" showIcon title={t('air.package.notOpen', { mawb: freight.mawb, status: t(`freight.status.${freight.status}`) })} />}
        <ResponsiveTable<CartonRow>
          size="small"
          rowKey="cartonId"
          aria-label={t('air.carton.title', { count: freight.cartonList.length })}
          dataSource={[...freight.cartonList].reverse()}
          pagination={freight.cartonList.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={open ? t('air.carton.emptyOpen') : t('air.carton.empty')} /> }}
          columns={[
            { title: t('air.carton.id'), dataIndex: 'cartonId', render: (v: string) => <Mono>{v}</Mono> },
            { title: t('air.carton.name'), dataIndex: 'name', render: (v: string) => v || '—' },
            { title: t('air.freight.parcels'), dataIndex: 'quantity', align: 'right' },
            { title: t('air.weight.gross'), dataIndex: 'weightGr', align: 'right', render: (v: number | null) => kg(v == null ? null : v / 1000) },
            { title: t('air.weight.chargeable'), dataIndex: 'chargeableWeightKg', align: 'right', render: (v: number) => kg(v) },
          ]}
        />
        {open && (
          <Space wrap>
            <Button icon={<LockOutlined />} loading={close.pending} disabled={freight.cartons === 0} onClick={askClose} aria-keyshortcuts="Alt+C">
              {t('air.action.closed')} <Kbd>Alt+C</Kbd>
            </Button>
            {freight.cartons === 0 && <Typography.Text type="secondary">{t('air.package.closeNeedsCartons')}</Typography.Text>}
          </Space>
        )}
      </Space>
    </Card>
  );
}

export default function PackageFreightPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const freightId = params.get('freight') ?? '';
  const openList = useQuery({ queryKey: OPEN_KEY, queryFn: ({ signal }) => freightApi.freights({ status: 'open', pageSize: 100 }, signal) });
  const freight = useQuery({ queryKey: freightKey(freightId), queryFn: ({ signal }) => freightApi.freight(freightId, signal), enabled: !!freightId, retry: false });
  const station = useScanStation('freight', () => queryClient.invalidateQueries({ queryKey: [FREIGHT_KEY] }));
  const current = freight.data;
  const choose = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('freight', id);
    else next.delete('freight');
    setParams(next, { replace: true });
    station.focus();
  };
  useAltShortcuts({ n: () => setCreating(true) });

  const openFreights = openList.data?.rows ?? [];
  const options = openFreights.map((f) => ({ value: f._id, label: `${f.mawb} · ${f.name} · ${routeOf(f.departureAirportCode, f.arrivalAirportCode)}` }));
  if (current && !options.some((o) => o.value === current._id)) options.unshift({ value: current._id, label: `${current.mawb} · ${current.name} · ${t(`freight.status.${current.status}`)}` });

  const onScan = async (raw: string): Promise<ScanOutcome | null> => {
    const code = raw.trim();
    // A MAWB scanned (or typed) picks that open freight.
    if (MAWB_PATTERN.test(code)) {
      const found = openFreights.find((f) => digits(f.mawb) === digits(code));
      if (!found) return { tone: 'error', message: t('air.package.noOpenMawb', { mawb: code }) };
      choose(found._id);
      return { tone: 'info', message: t('air.package.picked', { mawb: found.mawb, name: found.name }) };
    }
    if (!current) return { tone: 'error', message: t('air.package.pickFirst', { code }) };
    const res = await freightApi.addCarton(current._id, code);
    queryClient.setQueryData(freightKey(current._id), res.data.freight);
    void queryClient.invalidateQueries({ queryKey: freightsKey });
    const f = res.data.freight;
    const detail = t('air.package.nowHolds', { cartons: f.cartons, parcels: f.parcels, weight: kg(f.chargeableWeightKg) });
    if (res.data.repeated) return { tone: 'warn', message: res.data.scan?.message || t('freight.scan.repeated', { carton: res.data.cartonId, freight: f.mawb }), detail };
    return { tone: 'ok', message: res.data.scan?.message || t('freight.scan.added', { carton: res.data.cartonId, freight: f.mawb }), detail };
  };

  const idle = current ? (current.status === 'open' ? t('air.package.idleOpen', { mawb: current.mawb }) : t('air.package.idleClosed', { mawb: current.mawb })) : t('air.package.idleNone');

  return (
    <ScreenCard title={t('screen.packageFreight')}>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={15}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card size="small" title={t('air.package.pickTitle')} extra={<Kbd>Alt+N</Kbd>}>
              <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end' }}>
                <div style={{ flex: '1 1 260px', minWidth: 0 }}>
                  <label htmlFor="package-freight-pick" style={{ display: 'block', marginBottom: 4 }}>
                    {t('air.package.openFreight')}{' '}
                    {openList.data && <Badge count={openList.data.totalCount} showZero size="small" color="#1d4ed8" />}
                  </label>
                  <Select
                    id="package-freight-pick"
                    showSearch={{ optionFilterProp: 'label' }}
                    allowClear
                    value={freightId || undefined}
                    placeholder={t('air.package.pickPlaceholder')}
                    loading={openList.isLoading}
                    options={options}
                    onChange={(id?: string) => choose(id ?? null)}
                    notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('air.package.noOpen')} />}
                    style={{ width: '100%' }}
                  />
                </div>
                <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} aria-keyshortcuts="Alt+N">
                  {t('air.freight.new')}
                </Button>
              </div>
            </Card>
            <ScanBox station={station} onScan={onScan} label={current?.status === 'open' ? t('air.package.scanInto', { mawb: current.mawb }) : t('air.package.scanLabel')} placeholder={t('air.package.placeholder')} />
            <ScanBanner station={station} idle={idle} />
            {freightId && freight.isLoading && <Skeleton active paragraph={{ rows: 5 }} />}
            {freight.isError && (
              <Alert type="error" showIcon title={errorText(freight.error, t)} action={<Button size="small" onClick={() => choose(null)}>{t('air.package.pickAnother')}</Button>} />
            )}
            {current && <FreightPanel freight={current} station={station} />}
          </Space>
        </Col>
        <Col xs={24} lg={9}>
          <RecentScans station={station} />
        </Col>
      </Row>
      <FreightFormModal
        editing={creating ? 'new' : null}
        onClose={() => setCreating(false)}
        afterClose={station.focus}
        onSaved={(f) => {
          queryClient.setQueryData(freightKey(f._id), f);
          choose(f._id);
        }}
      />
    </ScreenCard>
  );
}
