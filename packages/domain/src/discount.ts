import type { DiscountState } from '@exship/contracts';
import { offsetMinutes } from './time';

export interface DiscountRule {
  code: string;
  enabled: boolean;
  amountOff: { type: 'percent'; basisPoints: number } | { type: 'fixed'; cents: number };
  minimumWeight: number;
  limitUseTotal: number | null;
  limitUsePerUser: number | null;
  customers: readonly string[] | 'all';
  /** Service ids; empty = every service. */
  services: readonly string[];
  /** Local wall-clock times (YYYY-MM-DDTHH:mm[:ss]) in `offset`. */
  startDate: string;
  endDate: string;
  offset: string;
  usedTotal: number;
  usedBy: Readonly<Record<string, number>>;
}

/** A local wall-clock time in a ±HH:MM offset, as a UTC instant. */
export function localToInstant(local: string, offset: string): number {
  const withSeconds = local.length === 16 ? `${local}:00` : local;
  return Date.parse(`${withSeconds}Z`) - offsetMinutes(offset) * 60_000;
}

/** SPEC §4: deactive when switched off, else schedule / active / expired by the time in the discount's zone. */
export function discountState(d: Pick<DiscountRule, 'enabled' | 'startDate' | 'endDate' | 'offset'>, now: number): DiscountState {
  if (!d.enabled) return 'deactive';
  if (now < localToInstant(d.startDate, d.offset)) return 'schedule';
  if (now >= localToInstant(d.endDate, d.offset)) return 'expired';
  return 'active';
}

export type DiscountRefusal =
  | 'DISCOUNT_NOT_ACTIVE'
  | 'DISCOUNT_EXPIRED'
  | 'DISCOUNT_NOT_STARTED'
  | 'DISCOUNT_USED_UP'
  | 'DISCOUNT_NOT_FOR_CUSTOMER'
  | 'DISCOUNT_NOT_FOR_SERVICE'
  | 'DISCOUNT_MIN_WEIGHT';

/** Why a discount cannot apply to this parcel, or null when it can. */
export function discountRefusal(d: DiscountRule, ctx: { now: number; customerId: string; serviceId: string; weight: number }): DiscountRefusal | null {
  const state = discountState(d, ctx.now);
  if (state === 'deactive') return 'DISCOUNT_NOT_ACTIVE';
  if (state === 'schedule') return 'DISCOUNT_NOT_STARTED';
  if (state === 'expired') return 'DISCOUNT_EXPIRED';
  if (d.customers !== 'all' && !d.customers.includes(ctx.customerId)) return 'DISCOUNT_NOT_FOR_CUSTOMER';
  if (d.services.length > 0 && !d.services.includes(ctx.serviceId)) return 'DISCOUNT_NOT_FOR_SERVICE';
  if (d.minimumWeight > 0 && ctx.weight < d.minimumWeight) return 'DISCOUNT_MIN_WEIGHT';
  if (d.limitUseTotal !== null && d.usedTotal >= d.limitUseTotal) return 'DISCOUNT_USED_UP';
  if (d.limitUsePerUser !== null && (d.usedBy[ctx.customerId] ?? 0) >= d.limitUsePerUser) return 'DISCOUNT_USED_UP';
  return null;
}

/** The discount on a shipping fee: a percent of it or a fixed amount, never more than the fee. */
export function discountCents(d: Pick<DiscountRule, 'amountOff'>, shippingFeeCents: number): number {
  const raw = d.amountOff.type === 'percent' ? percentOf(shippingFeeCents, d.amountOff.basisPoints) : d.amountOff.cents;
  return Math.max(0, Math.min(raw, shippingFeeCents));
}

/** amount × basisPoints / 10000, rounded half up, in integer cents. */
export function percentOf(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + 5000) / 10000);
}
