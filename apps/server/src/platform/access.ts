// docs/engineering.md "Tenancy" and "Access as data": which rows an actor may see is decided here,
// from the actor's permissions, and nowhere else. A seller sees the rows of their own account
// (team members share it); an actor holding EX-ACT-FOR-CUSTOMER (the staff roles) sees every
// account, or the one customer they name. Services never branch on the role's kind.
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ErrorCode, PermissionCode } from '@exship/contracts';
import type { Db } from './db';
import { AppError } from './errors';
import type { AuthContext } from './http';

/** The permission that lifts the own-account limit. */
export const ACT_FOR_ANY_ACCOUNT = 'EX-ACT-FOR-CUSTOMER' satisfies PermissionCode;

/** What access decisions need to know about the caller. */
export type Actor = Pick<AuthContext, 'userId' | 'accountId' | 'permissions'>;

/** True when the actor may see and act on every account (staff acting for customers). */
export function actsForAnyAccount(actor: Pick<Actor, 'permissions'>): boolean {
  return actor.permissions.has(ACT_FOR_ANY_ACCOUNT);
}

/**
 * The one account an actor's query is limited to: always their own without the permission; with
 * it, the customer they name, or `undefined` for every account.
 */
export function accountScope(actor: Actor, requestedAccountId?: string): string | undefined {
  return actsForAnyAccount(actor) ? requestedAccountId : actor.accountId;
}

/**
 * The SQL condition for the rows of `accountColumn` the actor may see (`undefined` = no limit, which
 * drizzle's `and()` drops). `requestedAccountId` narrows an all-accounts actor to one customer.
 */
export function scope(actor: Actor, accountColumn: PgColumn, requestedAccountId?: string): SQL | undefined {
  const accountId = accountScope(actor, requestedAccountId);
  return accountId === undefined ? undefined : eq(accountColumn, accountId);
}

/** May the actor see rows of this account? (For a file path or a single account id.) */
export function maySeeAccount(actor: Actor, accountId: string): boolean {
  return actsForAnyAccount(actor) || actor.accountId === accountId;
}

type OwnedTable = PgTable & { id: PgColumn; accountId: PgColumn };

/**
 * Loads every row of `ids` the actor may see, in one query, in the order asked. Any id that is not
 * visible (another account's, deleted by `where`, or unknown) fails the whole set with 404 `notFound`
 * listing those ids: a seller cannot tell another seller's id from a missing one (never a 403).
 */
export async function requireOwned<T extends OwnedTable>(
  db: Db,
  actor: Actor,
  table: T,
  ids: Iterable<string>,
  opts: { notFound: ErrorCode; where?: SQL; forUpdate?: boolean },
): Promise<T['$inferSelect'][]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(inArray(table.id, wanted), scope(actor, table.accountId), opts.where));
  // Locked in id order, so two transactions locking overlapping sets take them in the same order.
  const rows = (opts.forUpdate ? await query.orderBy(asc(table.id)).for('update') : await query) as (T['$inferSelect'] & { id: string })[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = wanted.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new AppError(opts.notFound, 404, wanted.length > 1 ? { details: { ids: missing } } : {});
  return wanted.map((id) => byId.get(id)!);
}
