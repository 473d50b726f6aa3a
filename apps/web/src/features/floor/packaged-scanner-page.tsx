import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Col, Empty, Form, Input, Row, Select, Skeleton, Space, Typography, type RefSelectProps } from 'antd';
import { DeleteOutlined, FolderOpenOutlined, InboxOutlined, LockOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FLOOR_LIMITS, type CartonDetail, type ScreenDef } from '@exship/contracts';
import { errorText } from '../../shared/api-feedback';
import { ResponsiveTable } from '../../shared/responsive-table';
import { DeleteConfirm, ScreenCard, useCan } from '../../shared/screen';
import { useAction } from '../../shared/use-action';
import { FLOOR_KEY, cartonKey, floorApi, isCartonId, type OpenCartonBody } from './api';
import { openLabel } from './label';
import { RecentScans, ScanBanner, ScanBox, useScanStation, type ScanOutcome, type ScanStation } from '../../shared/scan-station';
import { CartonStatusTag, Fact, Kbd, MeasureFields, grams, measuresOf, sides, useFormatDate, type MeasureValues } from './shared';
import { useAltShortcuts } from '../../shared/use-shortcuts';

// SPEC §2 /app/pick-up/packaged-scanner (EX-SCANNER): open a carton for a destination (carrier, US
// warehouse, service), or scan a carton id to go on with it; scan checked-in parcels into it; close
// it with its weight and size (the parcels' sum beside); print its 4x6 label; reopen it. The carton
// being worked on is in the URL (?carton=CT…), so a reload keeps it.

const LAST_DESTINATION = 'exship.floor.lastDestination';

function lastDestination(): Partial<OpenCartonBody> {
  try {
    return JSON.parse(localStorage.getItem(LAST_DESTINATION) ?? '{}') as Partial<OpenCartonBody>;
  } catch {
    return {};
  }
}

/** The form that opens a carton: each pick moves on to the next field, the last one to Open. */
function OpenCartonForm({ onOpened, station }: { onOpened: (c: CartonDetail) => void; station: ScanStation }) {
  const { t } = useTranslation();
  const can = useCan();
  const [form] = Form.useForm<OpenCartonBody>();
  // The floor's own pick lists (EX-SCANNER): a scanner needs no catalog list permission to open a carton.
  const picks = useQuery({ queryKey: ['floor', 'carton-options'], queryFn: ({ signal }) => floorApi.cartonOptions(signal), staleTime: 30_000 });
  const label = (x: { code: string; name: string }) => `${x.code} — ${x.name}`;
  const carriers = { loading: picks.isLoading, options: (picks.data?.carriers ?? []).map((c) => ({ value: c.id, label: label(c) })) };
  const warehouses = { loading: picks.isLoading, items: picks.data?.warehouses ?? [] };
  const services = { loading: picks.isLoading, options: (picks.data?.services ?? []).map((c) => ({ value: c.id, label: label(c) })) };
  const refs = { carrierId: useRef<RefSelectProps>(null), warehouseCode: useRef<RefSelectProps>(null), serviceId: useRef<RefSelectProps>(null) };
  const open = useAction((body: OpenCartonBody) => floorApi.openCarton(body), {
    success: false,
    form,
    errorMessage: false,
    onSuccess: (res, body) => {
      try {
        localStorage.setItem(LAST_DESTINATION, JSON.stringify({ carrierId: body.carrierId, warehouseCode: body.warehouseCode, serviceId: body.serviceId }));
      } catch {
        /* only a default */
      }
      station.report({ tone: 'ok', message: t('pickup.carton.opened', { carton: res.data._id }) });
      onOpened(res.data);
    },
    onError: (err) => station.report({ tone: 'error', message: errorText(err, t) }),
  });
  const catalogMissing = !can('EX-CARRIER-LIST') || !can('EX-WAREHOUSE-LIST') || !can('EX-SERVICE-LIST');
  const next = (field: 'warehouseCode' | 'serviceId' | 'submit') => setTimeout(() => (field === 'submit' ? document.getElementById('open-carton-submit')?.focus() : refs[field].current?.focus()), 0);
  useAltShortcuts({ n: () => refs.carrierId.current?.focus() });

  return (
    <Card size="small" title={t('pickup.carton.openTitle')} extra={<Kbd>Alt+N</Kbd>}>
      {catalogMissing && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('pickup.carton.catalogMissing')} />}
      <Form<OpenCartonBody> form={form} layout="vertical" initialValues={{ name: '', ...lastDestination() }} onFinish={(v) => void open.run({ ...v, name: v.name?.trim() ?? '' })}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: '0 12px' }}>
          <Form.Item name="carrierId" label={t('pickup.carton.carrier')} htmlFor="open-carton-carrier" rules={[{ required: true, message: t('validation.required') }]}>
            <Select
              id="open-carton-carrier"
              ref={refs.carrierId}
              showSearch={{ optionFilterProp: 'label' }}
              loading={carriers.loading}
              options={carriers.options}
              placeholder={t('pickup.carton.pick')}
              onChange={() => next('warehouseCode')}
            />
          </Form.Item>
          <Form.Item name="warehouseCode" label={t('pickup.carton.warehouse')} htmlFor="open-carton-warehouse" rules={[{ required: true, message: t('validation.required') }]}>
            <Select
              id="open-carton-warehouse"
              ref={refs.warehouseCode}
              showSearch={{ optionFilterProp: 'label' }}
              loading={warehouses.loading}
              options={warehouses.items.map((w) => ({ value: w.code, label: `${w.code} — ${w.name}` }))}
              placeholder={t('pickup.carton.pick')}
              onChange={() => next('serviceId')}
            />
          </Form.Item>
          <Form.Item name="serviceId" label={t('pickup.carton.service')} htmlFor="open-carton-service" rules={[{ required: true, message: t('validation.required') }]}>
            <Select
              id="open-carton-service"
              ref={refs.serviceId}
              showSearch={{ optionFilterProp: 'label' }}
              loading={services.loading}
              options={services.options}
              placeholder={t('pickup.carton.pick')}
              onChange={() => next('submit')}
            />
          </Form.Item>
          <Form.Item name="name" label={t('pickup.carton.name')} rules={[{ max: FLOOR_LIMITS.cartonNameMax, message: t('validation.max50') }]}>
            <Input maxLength={FLOOR_LIMITS.cartonNameMax} />
          </Form.Item>
        </div>
        <Button id="open-carton-submit" type="primary" htmlType="submit" icon={<PlusOutlined />} loading={open.pending}>
          {t('pickup.carton.open')}
        </Button>
      </Form>
    </Card>
  );
}

/** The carton being packed: its parcels, the closing form, the label and reopen. */
function CartonPanel({ carton, station, onNew }: { carton: CartonDetail; station: ScanStation; onNew: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const fmt = useFormatDate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MeasureValues>();
  const [printing, setPrinting] = useState(false);
  const isOpen = carton.status === 'open';
  const isPackaged = carton.status === 'packaged';
  const show = (c: CartonDetail) => {
    queryClient.setQueryData(cartonKey(c._id), c);
    void queryClient.invalidateQueries({ queryKey: [FLOOR_KEY, 'cartons'] });
  };
  const close = useAction((m: NonNullable<ReturnType<typeof measuresOf>>) => floorApi.closeCarton(carton._id, m), {
    success: false,
    form,
    errorMessage: false,
    onSuccess: (res) => {
      show(res.data);
      form.resetFields();
      station.report({ tone: 'ok', message: t('pickup.carton.closed', { carton: carton._id, count: res.data.quantity }) });
      // The label is the next step: Alt+P, or the button that now has the focus.
      setTimeout(() => document.getElementById('carton-print')?.focus(), 0);
    },
    onError: (err) => station.report({ tone: 'error', message: errorText(err, t) }),
  });
  const reopen = useAction(() => floorApi.reopenCarton(carton._id), {
    success: false,
    errorMessage: false,
    onSuccess: (res) => {
      show(res.data);
      station.report({ tone: 'ok', message: t('pickup.carton.reopened', { carton: carton._id }) });
      station.focus();
    },
    onError: (err) => station.report({ tone: 'error', message: errorText(err, t) }),
  });
  const unpack = useAction((orderId: string) => floorApi.unpack(carton._id, orderId), {
    success: 'floor.parcelRemoved',
    onSuccess: (res) => {
      show(res.data);
      station.focus();
    },
  });

  const print = async () => {
    if (printing) return;
    setPrinting(true);
    try {
      await openLabel(carton._id);
      station.report({ tone: 'ok', message: t('pickup.carton.printed', { carton: carton._id }) });
    } catch (err) {
      station.report({ tone: 'error', message: errorText(err, t) });
    } finally {
      setPrinting(false);
      station.focus();
    }
  };
  const askReopen = () => {
    modal.confirm({
      title: t('pickup.carton.reopenTitle', { carton: carton._id }),
      content: t('pickup.carton.reopenBody'),
      okText: t('pickup.carton.reopen'),
      cancelText: t('common.cancel'),
      autoFocusButton: 'ok',
      onOk: () => reopen.run(),
      afterClose: () => station.focus(),
    });
  };
  // A carton shown (opened, scanned, reopened): its scans go to the scan box.
  const { focus } = station;
  useEffect(() => {
    if (isOpen) focus();
  }, [carton._id, isOpen, focus]);
  useAltShortcuts({
    c: isOpen ? () => document.getElementById('carton-close-weightGr')?.focus() : undefined,
    p: isOpen ? undefined : () => void print(),
    r: isPackaged ? askReopen : undefined,
    n: () => {
      onNew();
      setTimeout(() => document.getElementById('open-carton-carrier')?.focus(), 50);
    },
  });

  return (
    <Card
      size="small"
      data-testid="carton-panel"
      title={
        <Space wrap size={8}>
          <InboxOutlined aria-hidden />
          <Typography.Text strong copyable style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 16 }}>
            {carton._id}
          </Typography.Text>
          <CartonStatusTag status={carton.status} />
        </Space>
      }
      extra={
        <Button size="small" icon={<PlusOutlined />} onClick={onNew}>
          {t('pickup.carton.new')}
        </Button>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))', gap: 12 }}>
          <Fact label={t('pickup.carton.destination')}>{`${carton.carrierCode} · ${carton.warehouseCode} · ${carton.serviceCode}`}</Fact>
          {carton.name && <Fact label={t('pickup.carton.name')}>{carton.name}</Fact>}
          <Fact label={t('pickup.carton.quantity')}>
            <Typography.Text strong data-testid="carton-quantity">
              {carton.quantity}
            </Typography.Text>
          </Fact>
          <Fact label={t('pickup.carton.parcelsWeight')}>{grams(carton.parcelsWeightGr)}</Fact>
          {carton.weightGr != null && <Fact label={t('pickup.carton.weight')}>{`${grams(carton.weightGr)} · ${sides(carton.lengthCm, carton.widthCm, carton.heightCm)}`}</Fact>}
          {carton.packagedAt && <Fact label={t('pickup.carton.packagedAt')}>{`${fmt(carton.packagedAt)} · ${carton.packagedBy ?? ''}`}</Fact>}
        </div>
        <ResponsiveTable<CartonDetail['parcels'][number]>
          size="small"
          rowKey="orderId"
          pagination={carton.parcels.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          dataSource={carton.parcels}
          aria-label={t('pickup.carton.parcels')}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={isOpen ? t('pickup.carton.emptyOpen') : t('pickup.carton.empty')} /> }}
          columns={[
            { title: t('pickup.parcel.order'), dataIndex: 'exOrderId' },
            { title: t('pickup.parcel.tracking'), dataIndex: 'trackingNumber', render: (v: string | null) => v ?? '—' },
            { title: t('pickup.carton.parcelWeight'), dataIndex: 'weightGr', align: 'right', render: (v: number) => grams(v) },
            ...(isOpen
              ? [
                  {
                    title: t('pickup.actions'),
                    key: 'actions',
                    render: (_: unknown, p: CartonDetail['parcels'][number]) => (
                      <DeleteConfirm title={t('pickup.carton.removeTitle', { code: p.exOrderId })} okText={t('pickup.carton.remove')} onConfirm={() => unpack.run(p.orderId)}>
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('pickup.carton.removeOf', { code: p.exOrderId })}>
                          {t('pickup.carton.remove')}
                        </Button>
                      </DeleteConfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
        {isOpen && (
          <Form<MeasureValues>
            form={form}
            layout="vertical"
            aria-label={t('pickup.carton.closeTitle')}
            onFinish={(v) => {
              const m = measuresOf(v);
              if (m) void close.run(m);
            }}
          >
            <Typography.Title level={3} style={{ fontSize: 15 }}>
              {t('pickup.carton.closeTitle')} <Kbd>Alt+C</Kbd>
            </Typography.Title>
            <MeasureFields form={form} idPrefix="carton-close" beside={{ weightGr: t('pickup.carton.sumBeside', { weight: grams(carton.parcelsWeightGr), count: carton.quantity }) }} />
            <Button type="primary" htmlType="submit" icon={<LockOutlined />} loading={close.pending} disabled={carton.quantity === 0}>
              {t('pickup.carton.close')}
            </Button>
          </Form>
        )}
        {!isOpen && (
          <Space wrap>
            <Button id="carton-print" type="primary" icon={<PrinterOutlined />} loading={printing} onClick={() => void print()} aria-keyshortcuts="Alt+P">
              {t('pickup.carton.print')} <Kbd>Alt+P</Kbd>
            </Button>
            {isPackaged && (
              <Button icon={<FolderOpenOutlined />} loading={reopen.pending} onClick={askReopen} aria-keyshortcuts="Alt+R">
                {t('pickup.carton.reopen')} <Kbd>Alt+R</Kbd>
              </Button>
            )}
            {!isPackaged && <Typography.Text type="secondary">{t('pickup.carton.notReopenable')}</Typography.Text>}
          </Space>
        )}
      </Space>
    </Card>
  );
}

export default function PackagedScannerPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const cartonId = params.get('carton') ?? '';
  const carton = useQuery({ queryKey: cartonKey(cartonId), queryFn: ({ signal }) => floorApi.carton(cartonId, signal), enabled: !!cartonId, retry: false });
  const station = useScanStation('carton', () => (cartonId ? queryClient.invalidateQueries({ queryKey: cartonKey(cartonId) }) : undefined));
  const current = carton.data;
  const choose = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('carton', id);
    else next.delete('carton');
    setParams(next, { replace: true });
  };
  // A carton id in the URL that is not there any more: say so once, and start from the open form.
  const failure = carton.isError ? errorText(carton.error, t) : null;
  const { report } = station;
  useEffect(() => {
    if (failure) report({ tone: 'error', message: failure });
  }, [failure, report]);

  const onScan = async (raw: string): Promise<ScanOutcome | null> => {
    const code = raw.trim();
    if (isCartonId(code)) {
      const c = await floorApi.carton(code.toUpperCase());
      queryClient.setQueryData(cartonKey(c._id), c);
      choose(c._id);
      return { tone: 'info', message: t(c.status === 'open' ? 'pickup.carton.continue' : 'pickup.carton.shown', { carton: c._id, status: t(`floor.cartonStatus.${c.status}`) }) };
    }
    if (!current || current.status !== 'open') return { tone: 'error', message: t('pickup.carton.noOpenCarton', { code }) };
    const res = await floorApi.pack(current._id, code);
    queryClient.setQueryData(cartonKey(current._id), res.data.carton);
    void queryClient.invalidateQueries({ queryKey: [FLOOR_KEY, 'cartons'] });
    if (res.data.repeated) return { tone: 'warn', message: res.data.scan?.message || t('floor.scan.repeated', { code: res.data.exOrderId }) };
    return {
      tone: 'ok',
      message: res.data.scan?.message || t('floor.scan.packed', { code: res.data.exOrderId, carton: current._id }),
      detail: t('pickup.carton.nowHolds', { count: res.data.carton.quantity, weight: grams(res.data.carton.parcelsWeightGr) }),
    };
  };

  const idle = current ? (current.status === 'open' ? t('pickup.carton.idleOpen', { carton: current._id }) : t('pickup.carton.idleClosed', { carton: current._id })) : t('pickup.carton.idleNone');

  return (
    <ScreenCard title={t('screen.packagedScanner')}>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={15}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <ScanBox station={station} onScan={onScan} label={current?.status === 'open' ? t('pickup.carton.scanInto', { carton: current._id }) : t('pickup.carton.scanCarton')} />
            <ScanBanner station={station} idle={idle} />
            {cartonId && carton.isLoading && <Skeleton active paragraph={{ rows: 5 }} />}
            {current && <CartonPanel carton={current} station={station} onNew={() => choose(null)} />}
            {!current && !carton.isLoading && (
              <OpenCartonForm
                station={station}
                onOpened={(c) => {
                  queryClient.setQueryData(cartonKey(c._id), c);
                  void queryClient.invalidateQueries({ queryKey: [FLOOR_KEY, 'cartons'] });
                  choose(c._id);
                  station.focus();
                }}
              />
            )}
          </Space>
        </Col>
        <Col xs={24} lg={9}>
          <RecentScans station={station} />
        </Col>
      </Row>
    </ScreenCard>
  );
}
