import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { wallets } from './wallet.tables';

// The credit terms of a wallet row (limit, period, due date, block). Not the balance: that only
// moves through wallet.ledger.ts. The billing module's use cases call these inside their
// transactions and write the credit history beside them.

export type CreditTermsRow = typeof wallets.$inferSelect;
export type CreditTermsPatch = Partial<Pick<CreditTermsRow, 'creditLimitCents' | 'creditPeriod' | 'creditDueAt' | 'creditRemindedFor' | 'creditBlocked' | 'creditBlockReason'>>;

/** The wallet row locked for a credit change (created at zero first when missing). */
export async function lockCreditTerms(tx: Db, accountId: string): Promise<CreditTermsRow> {
  await tx.insert(wallets).values({ accountId }).onConflictDoNothing();
  const [w] = await tx.select().from(wallets).where(eq(wallets.accountId, accountId)).for('update');
  return w!;
}

/**
 * Writes credit terms. A lower limit may not leave the balance below minus the limit (the table's
 * CHECK): the caller checks first and answers with a clear error.
 */
export async function updateCreditTerms(tx: Db, accountId: string, patch: CreditTermsPatch): Promise<CreditTermsRow> {
  const [w] = await tx.update(wallets).set({ ...patch, updatedAt: new Date() }).where(eq(wallets.accountId, accountId)).returning();
  return w!;
}

export interface CreditListFilter {
  accountId?: string;
  status: 'all' | 'active' | 'blocked' | 'overdue';
  /** Past the due date with money owed, whether or not the line is locked for it. */
  pastDue?: boolean;
  now: Date;
  page: number;
  pageSize: number;
}

/** The wallets with a credit line (a limit above 0), by status, newest change first. */
export async function listCreditWallets(db: Db, f: CreditListFilter) {
  const overdue = and(eq(wallets.creditBlocked, false), lt(wallets.balanceCents, 0), isNotNull(wallets.creditDueAt), lte(wallets.creditDueAt, f.now));
  const byStatus: Record<CreditListFilter['status'], SQL | undefined> = {
    all: undefined,
    blocked: eq(wallets.creditBlocked, true),
    overdue,
    active: and(eq(wallets.creditBlocked, false), or(sql`${wallets.balanceCents} >= 0`, isNull(wallets.creditDueAt), gt(wallets.creditDueAt, f.now))),
  };
  const pastDue = f.pastDue ? and(lt(wallets.balanceCents, 0), isNotNull(wallets.creditDueAt), lt(wallets.creditDueAt, f.now)) : undefined;
  const where = and(gt(wallets.creditLimitCents, 0), f.accountId ? eq(wallets.accountId, f.accountId) : undefined, byStatus[f.status], pastDue);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(wallets).where(where);
  const rows = await db
    .select()
    .from(wallets)
    .where(where)
    .orderBy(sql`${wallets.updatedAt} desc`, asc(wallets.accountId))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Credit lines in use whose due date falls before `until` and whose reminder for that due date has not gone out. */
export async function walletsToRemind(db: Db, now: Date, until: Date): Promise<CreditTermsRow[]> {
  return db
    .select()
    .from(wallets)
    .where(
      and(
        gt(wallets.creditLimitCents, 0),
        lt(wallets.balanceCents, 0),
        isNotNull(wallets.creditDueAt),
        gt(wallets.creditDueAt, now),
        lte(wallets.creditDueAt, until),
        or(isNull(wallets.creditRemindedFor), ne(wallets.creditRemindedFor, wallets.creditDueAt)),
      ),
    );
}

/** Credit lines in use, past their due date, not blocked yet. */
export async function overdueUnlockedWallets(db: Db, now: Date): Promise<CreditTermsRow[]> {
  return db
    .select()
    .from(wallets)
    .where(and(gt(wallets.creditLimitCents, 0), lt(wallets.balanceCents, 0), eq(wallets.creditBlocked, false), isNotNull(wallets.creditDueAt), lte(wallets.creditDueAt, now)));
}

/** The wallet rows of some accounts (for a list's columns). */
export async function walletsOf(db: Db, accountIds: string[]): Promise<CreditTermsRow[]> {
  return accountIds.length === 0 ? [] : db.select().from(wallets).where(inArray(wallets.accountId, accountIds));
}
