import { useState } from 'react';
import { Form, InputNumber, Space, Tag, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { FLOOR_LIMITS, type CartonStatus } from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { useSession } from '../../api/session';
import './locales';

// Pieces the floor screens share: dates, weights and sizes as text, the carton status tag, the
// keyboard-chained measure fields, the remembered origin warehouse.

/** docs/engineering.md "Time": DD-MM-YYYY HH:mm:ss in the signed-in user's offset. */
export function useFormatDate() {
  const { profile } = useSession();
  return (value: string | null | undefined) => (value ? formatDateTime(value, profile?.timeZone) : '—');
}

/** Grams with thousands separators. */
export const grams = (g: number | null | undefined) => (g == null ? '—' : `${g.toLocaleString('en-US', { maximumFractionDigits: 2 })} g`);
/** L × W × H cm, or a dash while a side is unknown. */
export const sides = (l: number | null | undefined, w: number | null | undefined, h: number | null | undefined) =>
  l == null || w == null || h == null ? '—' : `${l} × ${w} × ${h} cm`;

const CARTON_COLORS: Record<CartonStatus, string> = {
  open: 'blue',
  packaged: 'gold',
  checked: 'green',
  'confirmed-weight': 'cyan',
  shipped: 'geekblue',
  received: 'purple',
  'in-transit': 'processing',
  delivered: 'success',
  exception: 'red',
};

export function CartonStatusTag({ status }: { status: CartonStatus }) {
  const { t } = useTranslation();
  return <Tag color={CARTON_COLORS[status] ?? 'default'}>{t(`floor.cartonStatus.${status}`)}</Tag>;
}

/** What the measure fields hold (antd InputNumber gives null when emptied). */
export interface MeasureValues {
  weightGr?: number | null;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
}
export const MEASURE_FIELDS = ['weightGr', 'lengthCm', 'widthCm', 'heightCm'] as const;

/** The measures once all four are there, else null. */
export function measuresOf(v: MeasureValues): { weightGr: number; lengthCm: number; widthCm: number; heightCm: number } | null {
  const { weightGr, lengthCm, widthCm, heightCm } = v;
  if (weightGr == null || lengthCm == null || widthCm == null || heightCm == null) return null;
  return { weightGr, lengthCm, widthCm, heightCm };
}

/** SPEC §5 weight and side bounds (the same as the server's: above 3 g, above 0.25 cm). */
export function measureRules(field: (typeof MEASURE_FIELDS)[number], t: TFunction, required: boolean) {
  const weight = field === 'weightGr';
  const [min, max, key] = weight ? [3, FLOOR_LIMITS.weightMaxGr, 'validation.product.weight'] : [0.25, FLOOR_LIMITS.dimensionMaxCm, 'validation.dimension.range'];
  return [
    { required, message: t('validation.required') },
    {
      validator: async (_: unknown, v: number | null | undefined) => {
        if (v == null) return;
        if (!(v > min && v < max)) throw new Error(t(key));
      },
    },
  ];
}

/**
 * Weight (g) and L × W × H (cm), chained by Enter: Enter in a field moves to the next (a scale that
 * types digits and Enter fills the weight and moves on); Enter in the last one submits the form.
 * The fields' ids are `${idPrefix}-weightGr` …, so a screen can put the focus on the first one.
 */
export function MeasureFields({
  form,
  idPrefix,
  disabled = false,
  required = true,
  beside,
}: {
  form: FormInstance;
  idPrefix: string;
  disabled?: boolean;
  required?: boolean;
  /** A hint under a field (the parcels' sum beside the carton's weight, the declared value). */
  beside?: Partial<Record<(typeof MEASURE_FIELDS)[number], string>>;
}) {
  const { t } = useTranslation();
  const next = (i: number) => {
    const field = MEASURE_FIELDS[i + 1];
    if (field) document.getElementById(`${idPrefix}-${field}`)?.focus();
    else form.submit();
  };
  const label = { weightGr: t('pickup.measure.weight'), lengthCm: t('pickup.measure.length'), widthCm: t('pickup.measure.width'), heightCm: t('pickup.measure.height') };
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(110px, 1fr))', gap: '0 12px' }}>
      {MEASURE_FIELDS.map((field, i) => (
        <Form.Item key={field} name={field} label={label[field]} htmlFor={`${idPrefix}-${field}`} rules={measureRules(field, t, required && !disabled)} extra={beside?.[field]}>
          <InputNumber
            id={`${idPrefix}-${field}`}
            size="large"
            disabled={disabled}
            min={0}
            inputMode="decimal"
            style={{ width: '100%' }}
            // What was there is replaced by what comes next (a scale's new reading, a carton closed again).
            onFocus={(e) => e.target.select()}
            onPressEnter={(e) => {
              e.preventDefault();
              // The typed value is committed on blur: let the next field take the focus, then go on.
              next(i);
            }}
          />
        </Form.Item>
      ))}
    </div>
  );
}

const ORIGIN_KEY = 'exship.floor.originWarehouse';

/** The origin warehouse the operator works in, remembered on this browser. */
export function useOriginWarehouse(): [string, (code: string) => void] {
  const [code, setCode] = useState(() => {
    try {
      return localStorage.getItem(ORIGIN_KEY) ?? '';
    } catch {
      return '';
    }
  });
  const set = (next: string) => {
    const v = next.trim().toUpperCase();
    try {
      if (v) localStorage.setItem(ORIGIN_KEY, v);
      else localStorage.removeItem(ORIGIN_KEY);
    } catch {
      /* kept for this page only */
    }
    setCode(v);
  };
  return [code, set];
}

/** A keyboard shortcut shown beside a button's text or a title, in the colour of the text around it. */
export function Kbd({ children }: { children: string }) {
  return (
    <kbd style={{ font: 'inherit', fontSize: 11, lineHeight: '16px', color: 'inherit', background: 'transparent', border: '1px solid currentColor', borderRadius: 3, padding: '0 4px', marginInlineStart: 6, whiteSpace: 'nowrap' }}>
      {children}
    </kbd>
  );
}

/** A label and a value, stacked, for the parcel and carton cards. */
export function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <span style={{ overflowWrap: 'anywhere' }}>{children}</span>
    </Space>
  );
}

/** A date and who: two short lines in a cell. */
export function Stamp({ at, by, format }: { at: string | null; by: string | null; format: (v: string | null) => string }) {
  if (!at) return <span>—</span>;
  return (
    <Space orientation="vertical" size={0}>
      <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{format(at)}</span>
      {by && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{by}</Typography.Text>}
    </Space>
  );
}
