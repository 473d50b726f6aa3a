import { and, count, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DiscountBodySchema, parseLocalDateTime, parseTimestamp, type DiscountListQuerySchema, type FieldError } from '@exship/contracts';
import { discountState, fromCents, localToInstant, toCents, type DiscountRule } from '@exship/domain';
import { listFilters, notFound, paginate, uniqueWrite } from '../../platform/crud';
import { readAll, type Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { discounts, discountUsages } from './discounts.tables';

type DiscountBody = z.infer<typeof DiscountBodySchema>;
type DiscountRow = typeof discounts.$inferSelect;

/** An instant as the wall-clock time at a ±HH:MM offset: `YYYY-MM-DDTHH:mm`, with `:ss` when the seconds are not zero. */
export function instantToLocal(instant: Date, offset: string): string {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  const t = new Date(instant.getTime() + minutes * 60_000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const date = `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}T${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
  return t.getUTCSeconds() ? `${date}:${pad(t.getUTCSeconds())}` : date;
}

/** Which of the given services and customers exist: answers the ids that do not. */
export interface DiscountReferences {
  missingServices(ids: string[]): Promise<string[]>;
  missingCustomers(ids: string[]): Promise<string[]>;
}

function toRow(b: DiscountBody) {
  return {
    code: b.code,
    name: b.name,
    enabled: b.enabled,
    method: b.method,
    amountType: b.amountOff.type,
    amountOffPercentBasisPoints: b.amountOff.type === 'percent' ? toCents(b.amountOff.value) : null,
    amountOffCents: b.amountOff.type === 'fixed' ? toCents(b.amountOff.value) : null,
    minimumWeight: b.minimumWeight,
    limitUseTotal: b.limitUseTotal,
    limitUsePerUser: b.limitUsePerUser,
    typeCustomers: b.typeCustomers,
    customers: b.typeCustomers === 'all' ? [] : b.customers,
    services: b.services,
    startsAt: new Date(localToInstant(b.startDate, b.timeZone.offset)),
    endsAt: new Date(localToInstant(b.endDate, b.timeZone.offset)),
    tzOffset: b.timeZone.offset,
    tzZone: b.timeZone.zone,
  };
}

const amountOff = (r: DiscountRow) =>
  r.amountType === 'percent' ? { type: 'percent' as const, basisPoints: r.amountOffPercentBasisPoints ?? 0 } : { type: 'fixed' as const, cents: r.amountOffCents ?? 0 };

function toDto(r: DiscountRow, now: number, used = 0) {
  const startDate = instantToLocal(r.startsAt, r.tzOffset);
  const endDate = instantToLocal(r.endsAt, r.tzOffset);
  const amount = amountOff(r);
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    status: discountState({ enabled: r.enabled, startDate, endDate, offset: r.tzOffset }, now),
    enabled: r.enabled,
    method: r.method,
    amountOff: amount.type === 'percent' ? { type: amount.type, value: fromCents(amount.basisPoints) } : { type: amount.type, value: fromCents(amount.cents) },
    minimumWeight: r.minimumWeight,
    limitUseTotal: r.limitUseTotal,
    limitUsePerUser: r.limitUsePerUser,
    typeCustomers: r.typeCustomers,
    customers: r.customers,
    services: r.services,
    startDate,
    endDate,
    timeZone: { offset: r.tzOffset, zone: r.tzZone },
    used,
  };
}

function stateCondition(tab: string, now: Date): SQL | undefined {
  switch (tab) {
    case 'deactive':
      return eq(discounts.enabled, false);
    case 'schedules':
      return and(eq(discounts.enabled, true), gt(discounts.startsAt, now));
    case 'active':
      return and(eq(discounts.enabled, true), lte(discounts.startsAt, now), gt(discounts.endsAt, now));
    case 'expired':
      return and(eq(discounts.enabled, true), lte(discounts.endsAt, now));
    default:
      return undefined;
  }
}

/**
 * A date filter against a discount's start or end. A timestamp with an offset is an instant; a date
 * or a local time is read in each discount's own offset (as its dates are shown). A bare date means
 * the start of that day for `from`, the end of it for `to`.
 */
function dateBound(col: typeof discounts.startsAt | typeof discounts.endsAt, value: string | undefined, side: 'from' | 'to'): SQL | undefined {
  if (!value) return undefined;
  const instant = parseTimestamp(value);
  if (instant !== null) return side === 'from' ? gte(col, new Date(instant)) : lte(col, new Date(instant));
  const local = parseLocalDateTime(value.length === 10 ? `${value}T${side === 'from' ? '00:00:00' : '23:59:59'}` : value);
  if (local === null) return undefined;
  const text = new Date(local).toISOString().slice(0, 19);
  const bound = sql`((${text} || ${discounts.tzOffset})::timestamptz)`;
  return side === 'from' ? sql`${col} >= ${bound}` : sql`${col} <= ${bound}`;
}

/** Demo data: WELCOME10, 10% off the shipping fee for everyone through 2030. */
export async function seedDemoDiscount(discounts: DiscountService): Promise<void> {
  await discounts.create(
    DiscountBodySchema.parse({ code: 'WELCOME10', name: 'Welcome: 10% off shipping', amountOff: { type: 'percent', value: 10 }, startDate: '2026-01-01T00:00', endDate: '2030-12-31T23:59' }),
  );
}

export function createDiscountService(db: Db, onChange: () => Promise<void>, refs: DiscountReferences) {
  async function usedCount(id: string) {
    const [r] = await db.select({ n: count() }).from(discountUsages).where(eq(discountUsages.discountId, id));
    return Number(r?.n ?? 0);
  }
  /** Every named service and customer exists: one query per set, 422 naming the field otherwise. */
  async function assertReferences(b: DiscountBody) {
    const services = [...new Set(b.services)];
    const customers = b.typeCustomers === 'all' ? [] : [...new Set(b.customers)];
    const [missingServices, missingCustomers] = await Promise.all([
      services.length ? refs.missingServices(services) : [],
      customers.length ? refs.missingCustomers(customers) : [],
    ]);
    const errors: FieldError[] = [];
    if (missingServices.length) errors.push({ field: 'services', message: 'validation.discount.serviceUnknown' });
    if (missingCustomers.length) errors.push({ field: 'customers', message: 'validation.discount.customerUnknown' });
    if (errors.length) throw new AppError('REFERENCE_NOT_FOUND', 422, { errors, details: { missingServices, missingCustomers } });
  }
  return {
    async list(q: z.infer<typeof DiscountListQuerySchema>) {
      const now = Date.now();
      const where = listFilters({ keyword: q.searchKey, keywordColumns: [discounts.code, discounts.name] }, [
        stateCondition(q.status, new Date(now)),
        dateBound(discounts.startsAt, q.startDate, 'from'),
        dateBound(discounts.endsAt, q.endDate, 'to'),
      ]);
      return paginate(db, discounts, where, { page: q.current, pageSize: q.pageSize }, async (offset, limit) => {
        const rows = await db.select().from(discounts).where(where).orderBy(desc(discounts.createdAt)).offset(offset).limit(limit);
        return Promise.all(rows.map(async (r) => toDto(r, now, await usedCount(r.id))));
      });
    },
    async get(code: string) {
      const [r] = await db.select().from(discounts).where(eq(discounts.code, code.toUpperCase()));
      notFound(r);
      return toDto(r, Date.now(), await usedCount(r.id));
    },
    async create(body: DiscountBody) {
      await assertReferences(body);
      const [r] = await uniqueWrite('code', () => db.insert(discounts).values(toRow(body)).returning());
      await onChange();
      return toDto(r!, Date.now());
    },
    async update(code: string, body: DiscountBody) {
      await assertReferences(body);
      const [r] = await uniqueWrite('code', () =>
        db.update(discounts).set({ ...toRow(body), updatedAt: new Date() }).where(eq(discounts.code, code.toUpperCase())).returning(),
      );
      notFound(r);
      await onChange();
      return toDto(r, Date.now(), await usedCount(r.id));
    },
    async remove(code: string) {
      const [r] = await db.delete(discounts).where(eq(discounts.code, code.toUpperCase())).returning({ id: discounts.id });
      notFound(r);
      await onChange();
    },
  };
}

/** Every discount as a pricing rule, with its use counts (for the quote snapshot). */
export async function loadDiscountRules(db: Db): Promise<(DiscountRule & { id: string })[]> {
  const [rows, usage] = await readAll(db, [
    () => db.select().from(discounts),
    () => db.select({ discountId: discountUsages.discountId, accountId: discountUsages.accountId, n: count() }).from(discountUsages).groupBy(discountUsages.discountId, discountUsages.accountId),
  ]);
  return rows.map((r) => {
    const mine = usage.filter((u) => u.discountId === r.id);
    return {
      id: r.id,
      code: r.code,
      enabled: r.enabled,
      amountOff: amountOff(r),
      minimumWeight: r.minimumWeight,
      limitUseTotal: r.limitUseTotal,
      limitUsePerUser: r.limitUsePerUser,
      customers: r.typeCustomers === 'all' ? ('all' as const) : r.customers,
      services: r.services,
      startDate: instantToLocal(r.startsAt, r.tzOffset),
      endDate: instantToLocal(r.endsAt, r.tzOffset),
      offset: r.tzOffset,
      usedTotal: mine.reduce((s, u) => s + Number(u.n), 0),
      usedBy: Object.fromEntries(mine.map((u) => [u.accountId, Number(u.n)])),
    };
  });
}

export type DiscountService = ReturnType<typeof createDiscountService>;
