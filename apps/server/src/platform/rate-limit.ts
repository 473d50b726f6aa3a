import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from './db';
import { rateLimits } from './platform.tables';

export interface RateState {
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/** One upsert: the count starts again at 1 when the row's window start is at or before `cutoff`, else grows by one. */
async function bump(db: Db, key: string, cutoff: Date, now: Date) {
  const expired = sql`${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return rows[0]!;
}

/** Count one hit on `key` in a fixed window and return the count after it. */
export async function hit(db: Db, key: string, windowMs: number, now = new Date()): Promise<RateState> {
  const row = await bump(db, key, new Date(now.getTime() - windowMs), now);
  return { count: row.count, retryAfter: retryAfter(row.windowStart, windowMs, now) };
}

/** The count in the current window without adding to it. */
export async function peek(db: Db, key: string, windowMs: number, now = new Date()): Promise<RateState> {
  const rows = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  const row = rows[0];
  if (!row || row.windowStart.getTime() <= now.getTime() - windowMs) return { count: 0, retryAfter: 0 };
  return { count: row.count, retryAfter: retryAfter(row.windowStart, windowMs, now) };
}

export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

function retryAfter(windowStart: Date, windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
}

export async function purgeBefore(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}

export interface StrikeState {
  /** Failures since the last quiet period. */
  count: number;
  /** When the latest failure happened (null without any). */
  lastAt: Date | null;
}

/** The failures recorded on `key` by takeStrike(), without adding one. */
export async function strikes(db: Db, key: string, quietMs: number, now = new Date()): Promise<StrikeState> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row || row.windowStart.getTime() <= now.getTime() - quietMs) return { count: 0, lastAt: null };
  return { count: row.count, lastAt: row.windowStart };
}

export interface BackoffOptions {
  /** Failures after which the delay starts. */
  free: number;
  capSeconds: number;
  /** A quiet period this long without a failure starts the count again. */
  quietMs: number;
}

/**
 * Take a strike on `key` BEFORE the attempt it stands for is checked, in one upsert: it is taken
 * (the count grows, the latest failure is now) unless the key is backing off, and the row lock
 * orders concurrent callers, so a burst counts like a sequence. The caller checks the attempt only
 * when it is allowed, and clears the key with reset() when the attempt succeeds.
 */
export async function takeStrike(db: Db, key: string, opts: BackoffOptions, now = new Date()): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const cutoff = sql`${new Date(now.getTime() - opts.quietMs).toISOString()}::timestamptz`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const quiet = sql`${rateLimits.windowStart} <= ${cutoff}`;
  // The exponent is capped so a long-running count cannot overflow power().
  const delay = sql`least(power(2::float8, least(${rateLimits.count} - ${opts.free}, 30)), ${opts.capSeconds}) * interval '1 second'`;
  const taken = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: sql`case when ${quiet} then 1 else ${rateLimits.count} + 1 end`, windowStart: at },
      setWhere: sql`${quiet} or ${rateLimits.count} < ${opts.free} or ${rateLimits.windowStart} + ${delay} <= ${at}`,
    })
    .returning({ count: rateLimits.count });
  if (taken.length > 0) return { allowed: true };
  // Refused: the wait is read back for Retry-After (at least 1 s, the row may have moved since).
  const wait = backoffSeconds(await strikes(db, key, opts.quietMs, now), opts, now);
  return { allowed: false, retryAfter: Math.max(1, wait) };
}

/**
 * Progressive delay: the first `free` failures cost nothing; after them the next attempt waits
 * 1 s, then 2 s, 4 s … up to `capSeconds`, counted from the latest failure. Returns the seconds
 * still to wait (0 = go ahead).
 */
export function backoffSeconds(state: StrikeState, opts: { free: number; capSeconds: number }, now = new Date()): number {
  if (!state.lastAt || state.count < opts.free) return 0;
  const delayMs = Math.min(2 ** (state.count - opts.free), opts.capSeconds) * 1000;
  const remaining = state.lastAt.getTime() + delayMs - now.getTime();
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
}

/** Forget every counter whose key starts with `prefix` (e.g. one account's failures from every address). */
export async function resetPrefix(db: Db, prefix: string): Promise<void> {
  await db.delete(rateLimits).where(sql`left(${rateLimits.key}, ${prefix.length}) = ${prefix}`);
}
