import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from './db';
import { rateLimits } from './platform.tables';

export interface RateState {
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/** Count one hit on `key` in a fixed window and return the count after it. */
export async function hit(db: Db, key: string, windowMs: number, now = new Date()): Promise<RateState> {
  const cutoff = new Date(now.getTime() - windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const row = rows[0]!;
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
