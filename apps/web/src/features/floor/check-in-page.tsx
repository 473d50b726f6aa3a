import { useEffect, useState } from 'react';
import { AutoComplete, Button, Card, Checkbox, Col, Descriptions, Form, Input, Row, Space, Switch, Tag, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FLOOR_LIMITS, RESTRICTED_GOODS, type CheckIn, type FloorParcel, type RestrictedGood, type ScreenDef } from '@exship/contracts';
import { errorText } from '../../shared/api-feedback';
import { useWarehouseOptions } from '../../shared/catalog-options';
import { usd } from '../../shared/money';
import { ScreenCard, useCan } from '../../shared/screen';
import { floorApi, type CheckInBody } from './api';
import { CheckInImportModal } from './check-in-import';
import { RecentScans, ScanBanner, ScanBox, useScanStation, type ScanOutcome, type ScanStation } from '../../shared/scan-station';
import { Fact, MeasureFields, grams, measuresOf, sides, useFormatDate, useOriginWarehouse, type MeasureValues } from './shared';
import { TolerancesDrawer } from './tolerances-drawer';

// SPEC §2 /app/pick-up/check-in (EX-CHECKIN): a parcel reaches the origin warehouse. Scan → the
// parcel's card (declared values, seller, service) → weight and L × W × H typed or from a scale,
// restricted goods found, or manual weighing → check in → the outcome (checked in, beyond the
// tolerance with both prices, manual weighing, check-in error) → back to the scan box.

interface CheckInValues extends MeasureValues {
  restricted: RestrictedGood[];
  manualWeighing: boolean;
  note?: string;
}
const EMPTY: CheckInValues = { weightGr: null, lengthCm: null, widthCm: null, heightCm: null, restricted: [], manualWeighing: false, note: '' };

/**
 * Is there something to weigh? A labeled parcel not yet received (or waiting for its manual weighing,
 * or back from a check-in error). Anything else is answered by the check-in at once: a refusal with
 * its reason (unpaid, cancelled, no label yet, in a carton) or the earlier check-in, unchanged
 * (the rule is the domain's checkInAnswer; the server applies it).
 */
export const toWeigh = (p: FloorParcel) => p.status === 'labeled' && !p.cartonId && (p.checkInStatus === null || p.checkInStatus === 'manual weighing' || p.checkInStatus === 'check-in error');

/** The banner of a check-in's outcome, in the operator's language. */
export function checkInOutcome(c: CheckIn, t: TFunction, fmt: (v: string | null) => string): ScanOutcome {
  const code = c.exOrderId;
  if (c.repeated) return { tone: 'warn', message: c.scan?.message || t('floor.scan.repeated', { code }), detail: t(`pickup.checkIn.outcome.${c.outcome}`) };
  switch (c.outcome) {
    case 'checked-in':
      return { tone: 'ok', message: c.scan?.message || t('floor.scan.checkedIn', { code }) };
    case 'error-dimension':
      return {
        tone: 'warn',
        message: c.scan?.message || t('floor.scan.errorDimension', { code }),
        detail: (
          <span data-testid="check-in-prices">
            {t(c.difference != null && c.difference <= 0 ? 'pickup.checkIn.pricesNoExtra' : 'pickup.checkIn.prices', { declared: usd(c.declaredPrice), measured: usd(c.measuredPrice), difference: usd(c.difference) })}
            {c.confirmBy && <> · {t('pickup.checkIn.confirmBy', { date: fmt(c.confirmBy) })}</>}
          </span>
        ),
      };
    case 'manual weighing':
      return { tone: 'warn', message: c.scan?.message || t('floor.scan.manualWeighing', { code }) };
    default:
      return { tone: 'error', message: c.scan?.message || t('floor.scan.checkInError', { code }), detail: c.restricted.map((r) => t(`floor.restricted.${r}`)).join(', ') };
  }
}

const OUTCOME_COLORS: Record<CheckIn['outcome'], string> = { 'checked-in': 'green', 'error-dimension': 'volcano', 'manual weighing': 'gold', 'check-in error': 'red' };

/** The last check-in on this screen: measured against declared, and the prices when they differ. */
function LastCheckIn({ c }: { c: CheckIn }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const m = c.measured;
  return (
    <Card size="small" title={t('pickup.checkIn.last', { code: c.exOrderId })} extra={<Tag color={OUTCOME_COLORS[c.outcome]}>{t(`pickup.checkIn.outcome.${c.outcome}`)}</Tag>}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} styles={{ label: { whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label={t('pickup.checkIn.declared')}>{`${grams(c.declared.weightGr)} · ${sides(c.declared.lengthCm, c.declared.widthCm, c.declared.heightCm)}`}</Descriptions.Item>
        <Descriptions.Item label={t('pickup.checkIn.measured')}>{m ? `${grams(m.weightGr)} · ${sides(m.lengthCm, m.widthCm, m.heightCm)}` : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('pickup.checkIn.declaredPrice')}>{usd(c.declaredPrice)}</Descriptions.Item>
        <Descriptions.Item label={t('pickup.checkIn.measuredPrice')}>{c.measuredPrice == null ? '—' : usd(c.measuredPrice)}</Descriptions.Item>
        {c.difference != null && <Descriptions.Item label={t('pickup.checkIn.difference')}>{usd(c.difference)}</Descriptions.Item>}
        {c.confirmBy && <Descriptions.Item label={t('pickup.checkIn.confirmByLabel')}>{fmt(c.confirmBy)}</Descriptions.Item>}
        <Descriptions.Item label={t('pickup.checkIn.warehouse')}>{c.warehouseCode}</Descriptions.Item>
        {c.restricted.length > 0 && <Descriptions.Item label={t('pickup.checkIn.restricted')}>{c.restricted.map((r) => t(`floor.restricted.${r}`)).join(', ')}</Descriptions.Item>}
      </Descriptions>
    </Card>
  );
}

/** The scanned parcel: what the seller declared, whose it is, how it ships. */
function ParcelCard({ parcel }: { parcel: FloorParcel }) {
  const { t } = useTranslation();
  const d = parcel.declared;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', gap: 12 }} data-testid="parcel-card">
      <Fact label={t('pickup.parcel.order')}>
        <Typography.Text strong>{parcel.exOrderId}</Typography.Text> <Typography.Text type="secondary">{parcel.orderName}</Typography.Text>
      </Fact>
      <Fact label={t('pickup.parcel.tracking')}>{parcel.trackingNumber ?? '—'}</Fact>
      <Fact label={t('pickup.parcel.seller')}>{parcel.customerEmail}</Fact>
      <Fact label={t('pickup.parcel.service')}>{`${parcel.serviceCode} — ${parcel.serviceName}`}</Fact>
      <Fact label={t('pickup.parcel.destination')}>{[parcel.carrierCode, parcel.warehouseCode].filter(Boolean).join(' · ') || '—'}</Fact>
      <Fact label={t('pickup.parcel.declared')}>{`${grams(d.weightGr)} · ${sides(d.lengthCm, d.widthCm, d.heightCm)}`}</Fact>
      {parcel.checkInStatus && (
        <Fact label={t('pickup.parcel.checkInStatus')}>
          <Tag>{t(`pickup.checkInStatus.${parcel.checkInStatus}`)}</Tag>
        </Fact>
      )}
    </div>
  );
}

/** The weighing form of the scanned parcel. */
function WeighForm({ parcel, origin, station, onDone, onCancel }: { parcel: FloorParcel; origin: string; station: ScanStation; onDone: (c: CheckIn) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const [form] = Form.useForm<CheckInValues>();
  const manual = Form.useWatch('manualWeighing', form) ?? false;
  const restricted = Form.useWatch('restricted', form) ?? [];
  const [saving, setSaving] = useState(false);
  const code = parcel.trackingNumber ?? parcel.exOrderId;
  // The weight takes the focus as soon as the form is there: the scale (or the operator) types next.
  useEffect(() => {
    document.getElementById('check-in-weightGr')?.focus();
  }, []);

  const submit = async (v: CheckInValues) => {
    const measures = measuresOf(v);
    const body: CheckInBody = {
      code,
      ...(origin ? { warehouseCode: origin } : {}),
      ...(!v.manualWeighing && measures ? measures : {}),
      manualWeighing: v.manualWeighing,
      restricted: v.restricted,
      note: v.note?.trim() ?? '',
    };
    setSaving(true);
    try {
      const res = await floorApi.checkIn(body);
      station.report(checkInOutcome(res.data, t, fmt));
      onDone(res.data);
    } catch (err) {
      station.report({ tone: 'error', message: errorText(err, t) });
    } finally {
      setSaving(false);
      void station.refreshScans();
    }
  };

  return (
    <Form<CheckInValues>
      form={form}
      layout="vertical"
      initialValues={EMPTY}
      onFinish={(v) => void submit(v)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
      aria-label={t('pickup.checkIn.formOf', { code: parcel.exOrderId })}
    >
      <MeasureFields
        form={form}
        idPrefix="check-in"
        disabled={manual}
        required={restricted.length === 0}
        beside={{
          weightGr: t('pickup.checkIn.declaredValue', { value: grams(parcel.declared.weightGr) }),
          lengthCm: t('pickup.checkIn.declaredValue', { value: `${parcel.declared.lengthCm} cm` }),
          widthCm: t('pickup.checkIn.declaredValue', { value: `${parcel.declared.widthCm} cm` }),
          heightCm: t('pickup.checkIn.declaredValue', { value: `${parcel.declared.heightCm} cm` }),
        }}
      />
      <Form.Item name="restricted" label={t('pickup.checkIn.restricted')} extra={t('pickup.checkIn.restrictedHelp')}>
        <Checkbox.Group options={RESTRICTED_GOODS.map((r) => ({ value: r, label: t(`floor.restricted.${r}`) }))} />
      </Form.Item>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <Form.Item name="manualWeighing" valuePropName="checked" label={t('pickup.checkIn.manual')} extra={t('pickup.checkIn.manualHelp')} style={{ minWidth: 200, flex: '1 1 200px' }}>
          <Switch
            onChange={(on) => {
              if (on) {
                form.setFields([...(['weightGr', 'lengthCm', 'widthCm', 'heightCm'] as const).map((name) => ({ name, errors: [] }))]);
                setTimeout(() => document.getElementById('check-in-submit')?.focus(), 0);
              }
            }}
          />
        </Form.Item>
        <Form.Item name="note" label={t('pickup.checkIn.note')} style={{ flex: '2 1 240px' }}>
          <Input maxLength={FLOOR_LIMITS.boxTextMax} />
        </Form.Item>
      </div>
      <Space wrap>
        <Button id="check-in-submit" type="primary" size="large" htmlType="submit" icon={<CheckOutlined />} loading={saving}>
          {t('pickup.checkIn.submit')}
        </Button>
        <Button size="large" icon={<CloseOutlined />} onClick={onCancel} disabled={saving} aria-keyshortcuts="Escape">
          {t('pickup.checkIn.cancel')}
        </Button>
      </Space>
    </Form>
  );
}

export default function CheckInPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useFormatDate();
  const station = useScanStation('check-in', () => setLast(null));
  const [origin, setOrigin] = useOriginWarehouse();
  const [parcel, setParcel] = useState<FloorParcel | null>(null);
  const [last, setLast] = useState<CheckIn | null>(null);
  const [tolerances, setTolerances] = useState(false);
  const [importing, setImporting] = useState(false);
  const warehouses = useWarehouseOptions();

  const onScan = async (code: string): Promise<ScanOutcome | null> => {
    setParcel(null);
    const found = await floorApi.lookup(code);
    if (!toWeigh(found)) {
      // Nothing to weigh: the check-in answers at once (a refusal with its reason, or the earlier check-in).
      const res = await floorApi.checkIn({ code, ...(origin ? { warehouseCode: origin } : {}), manualWeighing: false, restricted: [], note: '' });
      setLast(res.data);
      return checkInOutcome(res.data, t, fmt);
    }
    setParcel(found);
    return { tone: 'info', message: t('pickup.checkIn.found', { code: found.exOrderId }) };
  };

  const finish = () => {
    setParcel(null);
    station.focus();
  };

  return (
    <ScreenCard
      title={t('screen.checkIn')}
      extra={
        <>
          <AutoComplete
            aria-label={t('pickup.origin')}
            value={origin}
            onChange={(v: string) => setOrigin(v)}
            options={warehouses.items.map((w) => ({ value: w.code, label: `${w.code} — ${w.name}` }))}
            placeholder={t('pickup.originPlaceholder')}
            style={{ width: 220 }}
            allowClear
            filterOption={(input, option) => String(option?.label ?? '').toLowerCase().includes(input.toLowerCase())}
          />
          <Button icon={<SettingOutlined />} onClick={() => setTolerances(true)}>
            {t('pickup.tolerance.button')}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('pickup.checkInImport.button')}
          </Button>
        </>
      }
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={15}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <ScanBox station={station} onScan={onScan} label={t('pickup.checkIn.scanLabel')} disabled={parcel !== null} />
            <ScanBanner station={station} idle={origin ? t('pickup.checkIn.idle', { warehouse: origin }) : t('pickup.checkIn.idleNoOrigin')} />
            {parcel && (
              <Card title={t('pickup.checkIn.weigh', { code: parcel.exOrderId })} size="small">
                <Space orientation="vertical" size={16} style={{ width: '100%' }}>
                  <ParcelCard parcel={parcel} />
                  <WeighForm
                    key={parcel.orderId}
                    parcel={parcel}
                    origin={origin}
                    station={station}
                    onDone={(c) => {
                      setLast(c);
                      finish();
                    }}
                    onCancel={finish}
                  />
                </Space>
              </Card>
            )}
            {last && <LastCheckIn c={last} />}
          </Space>
        </Col>
        <Col xs={24} lg={9}>
          <RecentScans station={station} />
        </Col>
      </Row>
      <TolerancesDrawer open={tolerances} onClose={() => { setTolerances(false); station.focus(); }} canManage={can('EX-BOX-MANAGE')} />
      {importing && <CheckInImportModal origin={origin} onClose={() => { setImporting(false); station.focus(); }} />}
    </ScreenCard>
  );
}
