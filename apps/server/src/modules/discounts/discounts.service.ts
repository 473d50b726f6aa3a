import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DiscountBodySchema, type DiscountListQuerySchema } from '@exship/contracts';
import { discountState, fromCents, toCents, type DiscountRule } from '@exship/domain';
import { listFilters, notFound, paginate, uniqueWrite } from '../../platform/crud';
import type { Db } from '../../platform/db';
import { discounts, discountUsages } from './discounts.tables';

type DiscountBody = z.infer<typeof DiscountBodySchema>;
type DiscountRow = typeof discounts.$inferSelect;

function toRow(b: DiscountBody) {
  return {
    code: b.code,
    name: b.name,
    enabled: b.enabled,
    method: b.method,
    amountType: b.amountOff.type,
    amountValue: toCents(b.amountOff.value), // basis points for percent, cents for fixed: both ×100
    minimumWeight: b.minimumWeight,
    limitUseTotal: b.limitUseTotal,
    limitUsePerUser: b.limitUsePerUser,
    typeCustomers: b.typeCustomers,
    customers: b.typeCustomers === 'all' ? [] : b.customers,
    services: b.services,
    startDate: b.startDate,
    endDate: b.endDate,
    tzOffset: b.timeZone.offset,
    tzZone: b.timeZone.zone,
  };
}

function toDto(r: DiscountRow, now: number, used = 0) {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    status: discountState({ enabled: r.enabled, startDate: r.startDate, endDate: r.endDate, offset: r.tzOffset }, now),
    enabled: r.enabled,
    method: r.method,
    amountOff: { type: r.amountType, value: fromCents(r.amountValue) },
    minimumWeight: r.minimumWeight,
    limitUseTotal: r.limitUseTotal,
    limitUsePerUser: r.limitUsePerUser,
    typeCustomers: r.typeCustomers,
    customers: r.customers,
    services: r.services,
    startDate: r.startDate,
    endDate: r.endDate,
    timeZone: { offset: r.tzOffset, zone: r.tzZone },
    used,
  };
}

/** SQL for "the current instant is before/after this local time in its offset". */
const instant = (col: typeof discounts.startDate | typeof discounts.endDate) => sql`((${col} || ${discounts.tzOffset})::timestamptz)`;

function stateCondition(tab: string): SQL | undefined {
  const now = sql`now()`;
  switch (tab) {
    case 'deactive':
      return eq(discounts.enabled, false);
    case 'schedules':
      return and(eq(discounts.enabled, true), sql`${now} < ${instant(discounts.startDate)}`);
    case 'active':
      return and(eq(discounts.enabled, true), sql`${now} >= ${instant(discounts.startDate)}`, sql`${now} < ${instant(discounts.endDate)}`);
    case 'expired':
      return and(eq(discounts.enabled, true), sql`${now} >= ${instant(discounts.endDate)}`);
    default:
      return undefined;
  }
}

/** Demo data: WELCOME10, 10% off the shipping fee for everyone through 2030. */
export async function seedDemoDiscount(discounts: DiscountService): Promise<void> {
  await discounts.create(
    DiscountBodySchema.parse({ code: 'WELCOME10', name: 'Welcome: 10% off shipping', amountOff: { type: 'percent', value: 10 }, startDate: '2026-01-01T00:00', endDate: '2030-12-31T23:59' }),
  );
}

export function createDiscountService(db: Db, onChange: () => Promise<void>) {
  async function usedCount(id: string) {
    const [r] = await db.select({ n: count() }).from(discountUsages).where(eq(discountUsages.discountId, id));
    return Number(r?.n ?? 0);
  }
  return {
    async list(q: z.infer<typeof DiscountListQuerySchema>) {
      const where = listFilters({ keyword: q.searchKey, keywordColumns: [discounts.code, discounts.name] }, [
        stateCondition(q.status),
        q.startDate ? gte(discounts.startDate, q.startDate) : undefined,
        q.endDate ? lte(discounts.endDate, q.endDate) : undefined,
      ]);
      const now = Date.now();
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
      const [r] = await uniqueWrite('code', () => db.insert(discounts).values(toRow(body)).returning());
      await onChange();
      return toDto(r!, Date.now());
    },
    async update(code: string, body: DiscountBody) {
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
  const [rows, usage] = await Promise.all([
    db.select().from(discounts),
    db.select({ discountId: discountUsages.discountId, accountId: discountUsages.accountId, n: count() }).from(discountUsages).groupBy(discountUsages.discountId, discountUsages.accountId),
  ]);
  return rows.map((r) => {
    const mine = usage.filter((u) => u.discountId === r.id);
    return {
      id: r.id,
      code: r.code,
      enabled: r.enabled,
      amountOff: r.amountType === 'percent' ? { type: 'percent' as const, basisPoints: r.amountValue } : { type: 'fixed' as const, cents: r.amountValue },
      minimumWeight: r.minimumWeight,
      limitUseTotal: r.limitUseTotal,
      limitUsePerUser: r.limitUsePerUser,
      customers: r.typeCustomers === 'all' ? ('all' as const) : r.customers,
      services: r.services,
      startDate: r.startDate,
      endDate: r.endDate,
      offset: r.tzOffset,
      usedTotal: mine.reduce((s, u) => s + Number(u.n), 0),
      usedBy: Object.fromEntries(mine.map((u) => [u.accountId, Number(u.n)])),
    };
  });
}

export type DiscountService = ReturnType<typeof createDiscountService>;
