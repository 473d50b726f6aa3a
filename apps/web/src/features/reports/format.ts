import dayjs from 'dayjs';
import type { ReportGroupBy } from '@exship/contracts';
import { usd } from '../../shared/money';

// How report cells read (SPEC §9: USD with 2 decimals, dates DD-MM-YYYY).

/** What a column holds, and so how its cells and its total read. */
export type CellKind = 'text' | 'period' | 'money' | 'signedMoney' | 'count' | 'rate' | 'growth' | 'kg';

export interface ChartSpec {
  type: 'line' | 'column';
  /** USD or a count: the axis and the tooltip read so. */
  unit: 'money' | 'count';
  /** Only these series keys are drawn (all when absent). */
  keys?: readonly string[];
}

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const weight = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const countText = (v: number): string => count.format(v);
export const kgText = (v: number): string => `${weight.format(v)} kg`;
/** A 0–1 share as a percentage with one decimal; a dash when there is nothing to rate. */
export const rateText = (v: number | null | undefined): string => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);
/** Growth against the previous period, signed. */
export const growthText = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : `${v > 0 ? '+' : ''}${(v * 100).toFixed(1)}%`;

/** A period's first day as the grouping reads it: DD-MM-YYYY for a day or a week (its Monday), MM-YYYY for a month. */
export const periodText = (period: string, groupBy: ReportGroupBy | string): string => {
  const d = dayjs(period);
  if (!d.isValid()) return period;
  return d.format(groupBy === 'month' ? 'MM-YYYY' : 'DD-MM-YYYY');
};

/** A cell's text (numbers that are null read as a dash). */
export function cellText(kind: CellKind, value: unknown, groupBy: string): string {
  if (value === null || value === undefined) return '—';
  switch (kind) {
    case 'money':
    case 'signedMoney':
      return usd(Number(value));
    case 'count':
      return countText(Number(value));
    case 'rate':
      return rateText(Number(value));
    case 'growth':
      return growthText(Number(value));
    case 'kg':
      return kgText(Number(value));
    case 'period':
      return periodText(String(value), groupBy);
    default:
      return String(value);
  }
}
