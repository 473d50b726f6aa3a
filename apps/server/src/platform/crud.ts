import { and, count, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { dateFilterBound } from '@exship/contracts';
import type { Db } from './db';
import { AppError, sqlState } from './errors';

/** The keyword with LIKE's wildcards (% and _) and escape character escaped: it matches literally. */
export const escapeLike = (keyword: string) => keyword.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern that matches the keyword literally anywhere in the value. */
export const likePattern = (keyword: string) => `%${escapeLike(keyword)}%`;

/**
 * A list's date filter pair on a timestamp column, read as every list reads it (contracts
 * `dateFilterBound`): a day is included whole, the start inclusive, the end exclusive.
 */
export function dateRangeWhere(column: PgColumn, from: string | undefined, to: string | undefined): SQL | undefined {
  const start = from ? dateFilterBound(from, 'from') : null;
  const end = to ? dateFilterBound(to, 'to') : null;
  return and(start === null ? undefined : gte(column, new Date(start)), end === null ? undefined : lt(column, new Date(end)));
}

/** Filters shared by the staff lists: a keyword over some columns and an optional status. */
export function listFilters(opts: { keyword?: string; keywordColumns: PgColumn[]; status?: string; statusColumn?: PgColumn }, extra: (SQL | undefined)[] = []) {
  const conditions: (SQL | undefined)[] = [...extra];
  if (opts.keyword) {
    const like = likePattern(opts.keyword);
    conditions.push(or(...opts.keywordColumns.map((c) => ilike(c, like))));
  }
  if (opts.status && opts.status !== 'all' && opts.statusColumn) conditions.push(eq(opts.statusColumn, opts.status));
  return and(...conditions);
}

/** One page of rows and the total count, for server-side pagination. */
export async function paginate<T>(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  page: { page: number; pageSize: number },
  rows: (offset: number, limit: number) => Promise<T[]>,
): Promise<{ items: T[]; total: number; page: number; pageSize: number }> {
  const [totalRow] = await db.select({ n: count() }).from(table).where(where);
  const items = await rows((page.page - 1) * page.pageSize, page.pageSize);
  return { items, total: Number(totalRow?.n ?? 0), page: page.page, pageSize: page.pageSize };
}

/** Runs a write; a unique violation becomes CODE_TAKEN on `field`, a foreign-key one REFERENCE_NOT_FOUND. */
export async function uniqueWrite<T>(field: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const state = sqlState(err);
    if (state === '23505') throw new AppError('CODE_TAKEN', 409, { errors: [{ field, message: 'error.CODE_TAKEN' }] });
    if (state === '23503') throw new AppError('REFERENCE_NOT_FOUND', 400);
    throw err;
  }
}

export function notFound(found: unknown): asserts found {
  if (!found) throw new AppError('NOT_FOUND', 404);
}
