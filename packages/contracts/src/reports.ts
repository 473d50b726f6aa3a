import { z } from 'zod';
import { TIME_ZONE_PATTERN } from './auth';
import { idField, parseDateOnly, textField } from './fields';
import { PAYMENT_METHODS } from './orders';
import { ORDER_STATUSES } from './order-statuses';
import type { PermissionCode } from './permissions';

// SPEC §2 /app/report/* and /app/dashboard, §6 (EX-REPORT-*), §9 (USD with 2 decimals, the viewer's
// time zone). docs/reports.md says how the numbers are counted and why they read the rollups.
// Schema factories only: the descriptors live in reports.endpoints.ts.

/** The six reports served from the rollups (the freight report is its own, GET /reports/freight). */
export const REPORT_KINDS = ['revenue', 'payment-method', 'services', 'customers', 'carriers', 'purchase'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The permission each report needs. Sellers hold revenue and services, and see their own account only. */
export const REPORT_PERMISSIONS = {
  revenue: 'EX-REPORT-REVENUE',
  'payment-method': 'EX-REPORT-PAYMENT-METHOD',
  services: 'EX-REPORT-SERVICES',
  customers: 'EX-REPORT-CUSTOMERS',
  carriers: 'EX-REPORT-CARRIERS',
  purchase: 'EX-REPORT-PURCHASE',
  freight: 'EX-REPORT-FREIGHT',
} as const satisfies Record<ReportKind | 'freight', PermissionCode>;

/** The report group's screens (SPEC §2), in menu order. */
export const REPORT_SCREENS = [
  { kind: 'revenue', path: '/app/report/revenue' },
  { kind: 'payment-method', path: '/app/report/payment-method' },
  { kind: 'services', path: '/app/report/services' },
  { kind: 'customers', path: '/app/report/customers' },
  { kind: 'carriers', path: '/app/report/carriers' },
  { kind: 'purchase', path: '/app/report/purchase' },
  { kind: 'freight', path: '/app/report/freight-report' },
] as const;

export const REPORT_GROUP_BY = ['day', 'week', 'month'] as const;
export type ReportGroupBy = (typeof REPORT_GROUP_BY)[number];

/** Range presets of the date picker; `custom` takes startDate/endDate as given. */
export const REPORT_PRESETS = ['today', '7d', 'this-month', 'last-month', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** The purchase report's table: margin per parcel grouped by service, carrier or lane (origin warehouse → destination country). */
export const PURCHASE_BY = ['service', 'carrier', 'lane'] as const;
export type PurchaseBy = (typeof PURCHASE_BY)[number];

export const REPORT_LIMITS = {
  /** The longest range one report reads (days, both ends included). */
  maxRangeDays: 366,
  /** Rows of a report's table on screen (the export has all). */
  maxRows: 1000,
  /** The default time zone when neither the query nor the user gives one (SPEC §9). */
  defaultTimeZone: '+07:00',
} as const;

const offsetMinutes = (tz: string): number => {
  const sign = tz.startsWith('-') ? -1 : 1;
  return sign * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(4, 6)));
};

const ymd = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The calendar range a preset means on `now` in the zone `timeZone` (±HH:MM): both ends included,
 * `YYYY-MM-DD`. `7d` is today and the six days before it. `custom` gives null (the picker's own dates).
 */
export function presetRange(preset: ReportPreset, now: Date, timeZone: string): { startDate: string; endDate: string } | null {
  const local = now.getTime() + offsetMinutes(timeZone) * 60_000;
  const today = ymd(local);
  const d = new Date(local);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (preset) {
    case 'today':
      return { startDate: today, endDate: today };
    case '7d':
      return { startDate: ymd(local - 6 * 86_400_000), endDate: today };
    case 'this-month':
      return { startDate: ymd(Date.UTC(y, m, 1)), endDate: today };
    case 'last-month':
      return { startDate: ymd(Date.UTC(y, m - 1, 1)), endDate: ymd(Date.UTC(y, m, 0)) };
    default:
      return null;
  }
}

/** The UTC instants [from, to) of a local calendar range in `timeZone`. */
export function rangeInstants(startDate: string, endDate: string, timeZone: string): { from: Date; to: Date } {
  const shift = offsetMinutes(timeZone) * 60_000;
  const s = parseDateOnly(startDate);
  const e = parseDateOnly(endDate);
  if (s === null || e === null) throw new Error('rangeInstants: not a date');
  return { from: new Date(s - shift), to: new Date(e + 86_400_000 - shift) };
}

const dayField = () =>
  textField()
    .min(1, { message: 'validation.report.date', abort: true })
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && parseDateOnly(v) !== null, { message: 'validation.report.date', abort: true });
const optional = <T extends z.ZodType>(t: T) => z.preprocess((v) => (v === '' ? undefined : v), t.optional());

/**
 * The query every report takes. `startDate`/`endDate` are calendar days in `timeZone` (both
 * included); `timeZone` defaults to the signed-in user's. Filters a report does not use are ignored.
 * `customerId` is staff's: a seller's report is always its own account.
 */
export const reportQueryShape = () => ({
  startDate: dayField(),
  endDate: dayField(),
  timeZone: optional(textField().regex(TIME_ZONE_PATTERN, 'validation.timeZone.invalid')),
  groupBy: z.enum(REPORT_GROUP_BY, { error: 'validation.report.groupBy' }).default('day'),
  customerId: optional(idField()),
  serviceCode: optional(textField().trim().max(50, 'validation.max50')),
  carrierCode: optional(textField().trim().max(50, 'validation.max50')),
  warehouseCode: optional(textField().trim().max(50, 'validation.max50')),
});

/** Checks of a report query's range: the end not before the start, at most REPORT_LIMITS.maxRangeDays days. */
export function withReportRange<T extends z.ZodObject>(schema: T): T {
  return schema
    .refine(
      (v: Record<string, unknown>) => {
        const s = parseDateOnly(String(v.startDate));
        const e = parseDateOnly(String(v.endDate));
        return s === null || e === null || s <= e;
      },
      { path: ['endDate'], message: 'validation.date.rangeReversed' },
    )
    .refine(
      (v: Record<string, unknown>) => {
        const s = parseDateOnly(String(v.startDate));
        const e = parseDateOnly(String(v.endDate));
        return s === null || e === null || (e - s) / 86_400_000 + 1 <= REPORT_LIMITS.maxRangeDays;
      },
      { path: ['endDate'], message: 'validation.report.rangeTooLong' },
    ) as unknown as T;
}

export type ReportQuery = {
  startDate: string;
  endDate: string;
  timeZone?: string;
  groupBy: ReportGroupBy;
  customerId?: string;
  serviceCode?: string;
  carrierCode?: string;
  warehouseCode?: string;
};

/** The range the reply was computed for (the zone resolved from the user when the query had none). */
export const ReportRangeSchema = () =>
  z.object({ startDate: z.string(), endDate: z.string(), timeZone: z.string(), groupBy: z.enum(REPORT_GROUP_BY) });

/**
 * One point of the chart: `period` is the first day of the day/week (Monday)/month in the viewer's
 * zone (`YYYY-MM-DD`), `key` names the line or column (a measure, a method, a service or carrier
 * code), `value` is USD or a count as the report says. Periods without data are present with 0.
 */
export const ReportPointSchema = () => z.object({ period: z.string(), key: z.string(), value: z.number() });
export type ReportPoint = z.infer<ReturnType<typeof ReportPointSchema>>;

// ── revenue ──────────────────────────────────────────────────────────────────────────────────────

/** What sellers paid per period, USD: net = shipping + fees + surcharges + tax − discounts − refunds. */
export const RevenueRowSchema = () =>
  z.object({
    period: z.string(),
    orders: z.number(),
    shipping: z.number(),
    fees: z.number(),
    surcharges: z.number(),
    tax: z.number(),
    discounts: z.number(),
    refunds: z.number(),
    net: z.number(),
  });
export type RevenueRow = z.infer<ReturnType<typeof RevenueRowSchema>>;

// ── payment method ───────────────────────────────────────────────────────────────────────────────

/** wallet / debit / credit are order payments; `top-up` is money providers brought into wallets. */
export const PAYMENT_REPORT_METHODS = [...PAYMENT_METHODS, 'top-up'] as const;
export type PaymentReportMethod = (typeof PAYMENT_REPORT_METHODS)[number];
export const PaymentMethodRowSchema = () =>
  z.object({ method: z.enum(PAYMENT_REPORT_METHODS), payments: z.number(), amount: z.number(), share: z.number() });
export type PaymentMethodRow = z.infer<ReturnType<typeof PaymentMethodRowSchema>>;

// ── services ─────────────────────────────────────────────────────────────────────────────────────

export const ServiceRowSchema = () =>
  z.object({ serviceCode: z.string(), serviceName: z.string(), parcels: z.number(), weightKg: z.number(), revenue: z.number(), averagePrice: z.number() });
export type ServiceRow = z.infer<ReturnType<typeof ServiceRowSchema>>;

// ── customers ────────────────────────────────────────────────────────────────────────────────────

/** Per seller: `growth` is revenue against the same number of days before the range (null when that was 0). */
export const CustomerRowSchema = () =>
  z.object({
    customerId: z.string(),
    name: z.string(),
    email: z.string(),
    parcels: z.number(),
    revenue: z.number(),
    previousRevenue: z.number(),
    growth: z.number().nullable(),
    unpaid: z.number(),
    creditUsed: z.number(),
  });
export type CustomerRow = z.infer<ReturnType<typeof CustomerRowSchema>>;

// ── carriers ─────────────────────────────────────────────────────────────────────────────────────

/** Rates are 0–1 of the carrier's parcels with an outcome in the range (null without any). */
export const CarrierRowSchema = () =>
  z.object({
    carrierCode: z.string(),
    parcels: z.number(),
    lastMileCost: z.number(),
    delivered: z.number(),
    onTimeRate: z.number().nullable(),
    late: z.number(),
    lost: z.number(),
    lateRate: z.number().nullable(),
    lostRate: z.number().nullable(),
    labelFailures: z.number(),
  });
export type CarrierRow = z.infer<ReturnType<typeof CarrierRowSchema>>;

// ── purchase ─────────────────────────────────────────────────────────────────────────────────────

/** What we paid (last-mile + the parcel's share of air freight) against what the seller paid. */
export const PurchaseRowSchema = () =>
  z.object({
    key: z.string(),
    label: z.string(),
    parcels: z.number(),
    revenue: z.number(),
    lastMileCost: z.number(),
    freightCost: z.number(),
    cost: z.number(),
    margin: z.number(),
    marginPerParcel: z.number(),
    marginRate: z.number().nullable(),
  });
export type PurchaseRow = z.infer<ReturnType<typeof PurchaseRowSchema>>;

/** A report reply: the chart's points, the table's rows, the totals row. */
export const reportReply = <R extends z.ZodObject, T extends z.ZodType>(row: R, totals: T) =>
  z.object({ range: ReportRangeSchema(), series: z.array(ReportPointSchema()), rows: z.array(row), totals });

/** The xlsx export's file name: `<report>_<start>_<end>.xlsx`. */
export const reportFileName = (kind: ReportKind, startDate: string, endDate: string): string => `${kind}_${startDate}_${endDate}.xlsx`;

// ── dashboards ───────────────────────────────────────────────────────────────────────────────────

/** A count with the list it opens: `path` under /app and the list's query (its own filter names). */
export const DashboardLinkSchema = () => z.object({ path: z.string(), query: z.record(z.string(), z.string()) });

export const SELLER_ACTION_KEYS = ['error-dimension', 'label-error', 'surcharge-unpaid'] as const;

export const SellerDashboardSchema = () =>
  z.object({
    timeZone: z.string(),
    wallet: z.object({ balance: z.number(), unpaid: z.number(), creditLimit: z.number(), creditLeft: z.number().nullable(), creditBlocked: z.boolean() }),
    /** Orders created this week (Monday in the user's zone) by status. */
    weekByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number() })),
    needsAction: z.array(z.object({ key: z.enum(SELLER_ACTION_KEYS), count: z.number(), link: DashboardLinkSchema() })),
    inTransit: z.object({ count: z.number(), link: DashboardLinkSchema() }),
    exceptions: z.object({ count: z.number(), link: DashboardLinkSchema() }),
    recentOrders: z.array(
      z.object({ _id: z.string(), exOrderId: z.string(), orderName: z.string(), status: z.enum(ORDER_STATUSES), total: z.number(), createdAt: z.string() }),
    ),
  });
export type SellerDashboard = z.infer<ReturnType<typeof SellerDashboardSchema>>;

/** Staff work queues; each is shown only to holders of its permission. */
export const STAFF_QUEUES = [
  { key: 'top-ups', permission: 'EX-TOPUP-LIST' },
  { key: 'products-approval', permission: 'EX-PRODUCT-APPROVE' },
  { key: 'label-errors', permission: 'EX-ORDER-LIST' },
  { key: 'dimension-errors', permission: 'EX-ORDER-LIST' },
  { key: 'lost-late', permission: 'EX-ORDER-LIST' },
  { key: 'overdue-tickets', permission: 'EX-TICKET-MANAGE' },
  { key: 'overdue-claims', permission: 'EX-TICKET-MANAGE' },
  { key: 'credit-overdue', permission: 'EX-CREDIT-LIST' },
  { key: 'dead-jobs', permission: 'EX-CRONJOB-MANAGE' },
] as const satisfies readonly { key: string; permission: PermissionCode }[];
export type StaffQueueKey = (typeof STAFF_QUEUES)[number]['key'];
export const STAFF_QUEUE_KEYS = STAFF_QUEUES.map((q) => q.key) as [StaffQueueKey, ...StaffQueueKey[]];

export const KpiSchema = () =>
  z.object({
    /** Today so far in the user's zone. */
    today: z.number(),
    /** The daily average of the 7 days before today. */
    last7DaysAverage: z.number(),
    /** The last 14 days, oldest first, today last. */
    sparkline: z.array(z.object({ day: z.string(), value: z.number() })),
  });

export const StaffDashboardSchema = () =>
  z.object({
    timeZone: z.string(),
    queues: z.array(z.object({ key: z.enum(STAFF_QUEUE_KEYS), count: z.number(), link: DashboardLinkSchema() })),
    /** Null for staff without the revenue report (EX-REPORT-REVENUE); margin needs EX-REPORT-PURCHASE, on-time EX-REPORT-CARRIERS. */
    kpis: z
      .object({
        orders: KpiSchema(),
        revenue: KpiSchema(),
        /** Revenue minus cost of the last 7 days and today, USD; null without EX-REPORT-PURCHASE. */
        margin: KpiSchema().nullable(),
        /** Share of parcels delivered on time, 0–1; null without EX-REPORT-CARRIERS. */
        onTimeRate: KpiSchema().nullable(),
      })
      .nullable(),
  });
export type StaffDashboard = z.infer<ReturnType<typeof StaffDashboardSchema>>;
