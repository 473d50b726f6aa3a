import type { DiscountItem } from '../../api/endpoints';
import { usd } from '../../shared/money';

/** 'YYYY-MM-DDTHH:mm' (local to the discount's time zone) → 'DD-MM-YYYY HH:mm' (SPEC §9 date format). */
export function localDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  return m ? `${m[3]}-${m[2]}-${m[1]} ${m[4]}:${m[5]}` : value;
}

/** '10%' or '$5.00'. */
export function amountOffText(a: DiscountItem['amountOff']): string {
  return a.type === 'percent' ? `${Number(a.value.toFixed(2))}%` : usd(a.value);
}

/** SPEC §3: time zones offered for a discount, default GMT+00:00 Western Europe. */
export const DISCOUNT_TIME_ZONES = [
  { offset: '-08:00', zone: 'Pacific Time' },
  { offset: '-07:00', zone: 'Mountain Time' },
  { offset: '-06:00', zone: 'Central Time' },
  { offset: '-05:00', zone: 'Eastern Time' },
  { offset: '+00:00', zone: 'Western Europe' },
  { offset: '+01:00', zone: 'Central Europe' },
  { offset: '+02:00', zone: 'Eastern Europe' },
  { offset: '+07:00', zone: 'Indochina' },
  { offset: '+08:00', zone: 'China' },
  { offset: '+09:00', zone: 'Japan' },
] as const;
