import './locales';
import type { ReactNode } from 'react';
import { Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FLIGHT_FEES, type Freight, type FreightStatus } from '@exship/contracts';
import { checkMawb, formatDateTime } from '@exship/domain';
import { useSession } from '../../api/session';
import { PickFilter } from '../../shared/list-filters';
import { airlinesKey, airportsKey, freightApi } from './api';

// Pieces the freight screens share: the status tag, weights and dates as text, the airport and
// airline pick lists, the MAWB check as the server makes it, the fee names.

/** docs/engineering.md "Time": DD-MM-YYYY HH:mm:ss in the signed-in user's offset. */
export function useFormatDate() {
  const { profile } = useSession();
  return (value: string | null | undefined) => (value ? formatDateTime(value, profile?.timeZone) : '—');
}

/** Kilograms with up to 2 decimals. */
export const kg = (v: number | null | undefined) => (v == null ? '—' : `${v.toLocaleString('en-US', { maximumFractionDigits: 2 })} kg`);

const STATUS_COLORS: Record<FreightStatus, string> = {
  open: 'blue',
  closed: 'gold',
  checked: 'green',
  'confirmed-weight': 'cyan',
  shipped: 'geekblue',
  'in-transit': 'processing',
  received: 'purple',
  delivered: 'success',
  exception: 'red',
};

export function FreightStatusTag({ status }: { status: FreightStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{t(`freight.status.${status}`)}</Tag>;
}

/** A MAWB number in a fixed-width face, so its digits read one by one. */
export const Mono = ({ children }: { children: ReactNode }) => (
  <span style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', whiteSpace: 'nowrap' }}>{children}</span>
);

/** SGN → LAX */
export const routeOf = (from: string, to: string) => `${from} → ${to}`;

export function useAirports() {
  return useQuery({ queryKey: airportsKey, queryFn: ({ signal }) => freightApi.airports(signal), staleTime: 60_000 });
}

export function useAirlines() {
  return useQuery({ queryKey: airlinesKey, queryFn: ({ signal }) => freightApi.airlines(signal), staleTime: 60_000 });
}

/** The pick list of active airports (a freight's route); the one already chosen stays in it. */
export function useAirportOptions(keep?: string | null) {
  const q = useAirports();
  const options = (q.data ?? []).filter((a) => a.active || a.code === keep).map((a) => ({ value: a.code, label: `${a.code} — ${a.name}${a.city ? `, ${a.city}` : ''}` }));
  return { options, loading: q.isLoading };
}

export function useAirlineOptions(keep?: string | null) {
  const q = useAirlines();
  const airlines = (q.data ?? []).filter((a) => a.active || a.code === keep);
  return { airlines, options: airlines.map((a) => ({ value: a.code, label: `${a.code} — ${a.name}` })), loading: q.isLoading };
}

/** The airline filter of the freight lists and report (its options from useAirlineOptions). */
export function AirlineFilter({ value, airlines, onChange }: { value: string; airlines: ReturnType<typeof useAirlineOptions>; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  return (
    <PickFilter label={t('air.freight.airline')} allLabel={t('air.freight.allAirlines')} value={value} options={airlines.options} loading={airlines.loading} width={220} onChange={onChange} />
  );
}

/**
 * The MAWB rule as the server checks it (an IATA air waybill: 3-digit prefix, 8-digit serial whose
 * last digit is its first seven mod 7, the airline's prefix when it has one): the message, or null.
 */
export function mawbProblem(value: string, prefix: string | null | undefined, t: TFunction): string | null {
  const v = value.trim();
  if (!v) return t('validation.required');
  const check = checkMawb(v, prefix ?? null);
  if (check.ok) return null;
  if (check.rule === 'format') return t('validation.mawb.format');
  if (check.rule === 'prefix') return t('validation.mawb.prefix', { prefix: prefix ?? '' });
  return t('error.MAWB_INVALID', { mawb: v });
}

/** A fee's name and how it is charged (per kg of the charged weight, or once per shipment). */
export function feeLabel(key: string, t: TFunction): string {
  return t(`air.fee.${key}`, { defaultValue: key });
}
export const feeBasis = (key: string) => FLIGHT_FEES.find((f) => f.key === key)?.basis ?? 'shipment';

/** A label and a value, stacked: the summary cards of a freight. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <span style={{ overflowWrap: 'anywhere' }}>{children}</span>
    </Space>
  );
}

/** Gross, chargeable and confirmed weight, one short line each. */
export function Weights({ f }: { f: Pick<Freight, 'grossWeightKg' | 'chargeableWeightKg' | 'confirmedWeightKg'> }) {
  const { t } = useTranslation();
  const line = (label: string, v: number | null) => (
    <div style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>{' '}
      {kg(v)}
    </div>
  );
  return (
    <div>
      {line(t('air.weight.gross'), f.grossWeightKg)}
      {line(t('air.weight.chargeable'), f.chargeableWeightKg)}
      {line(t('air.weight.confirmed'), f.confirmedWeightKg)}
    </div>
  );
}

/** A keyboard shortcut shown beside a button's text. */
export function Kbd({ children }: { children: string }) {
  return (
    <Typography.Text keyboard style={{ fontSize: 11, marginInlineStart: 4 }}>
      {children}
    </Typography.Text>
  );
}
