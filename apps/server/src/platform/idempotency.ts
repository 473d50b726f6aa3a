import crypto from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONTROL_CHARACTERS } from '@exship/contracts';
import type { Db } from './db';
import { AppError } from './errors';
import { idempotencyKeys } from './platform.tables';

// money-and-security.md "Idempotency" (Stripe; IETF draft): a money request may carry an
// `Idempotency-Key` header (≤ 255 characters), scoped to the caller. The same key and body replays
// the first reply; a different body is 422 IDEMPOTENCY_KEY_REUSED. A request that fails stores
// nothing (it can be retried with the same key).
//
// The key's row is inserted IN THE TRANSACTION OF THE WORK, before the work, and committed with it:
// - a crash (kill -9, a lost connection) rolls the row back with the work, so a retry after it runs
//   again: nothing was charged, and no key stays "in use" behind a dead process;
// - a concurrent request with the same key blocks on the unique index until the first one ends,
//   then replays its reply (or runs, if the first rolled back); past LOCK_WAIT it gets 409
//   IDEMPOTENCY_KEY_IN_USE. The work therefore happens once.
// Chosen over a lease on a `running` row because every caller's effect already lives in that one
// transaction (pay, refund, top-ups, checkout, credit payments), and a lease would have to guess how
// long the slowest work may take.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEPT_MS = 24 * 3_600_000;

const hashOf = (body: unknown) => crypto.createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');

/** The request's key, or undefined; 400 when it is empty or longer than 255 characters. */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 255 || CONTROL_CHARACTERS.test(key)) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'Idempotency-Key', message: 'validation.invalid' }] });
  return key;
}

/** How long a request waits for another one with the same key before 409 IDEMPOTENCY_KEY_IN_USE. */
const LOCK_WAIT = '10s';
/** A `running` row older than this was left by a request that claimed its key outside its transaction. */
const STALE_RUNNING_MS = 60_000;

const sqlState = (err: unknown): string | undefined => (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;

/**
 * Runs `work` once per (scope, key): `work` gets the transaction its effect must be written in.
 * Without a key it simply runs in a transaction.
 */
export async function idempotent<T>(db: Db, scope: string, key: string | undefined, body: unknown, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!key) return db.transaction(work);
  const requestHash = hashOf(body);
  const thisKey = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  // Expired keys are forgotten (lazily, for this scope and key only), and so is a `running` row that
  // an earlier version committed before its work and never finished.
  await db
    .delete(idempotencyKeys)
    .where(and(thisKey, or(lt(idempotencyKeys.createdAt, new Date(Date.now() - KEPT_MS)), and(eq(idempotencyKeys.state, 'running'), lt(idempotencyKeys.createdAt, new Date(Date.now() - STALE_RUNNING_MS))))));
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_WAIT}'`));
    let claimed: { key: string }[];
    try {
      claimed = await tx.insert(idempotencyKeys).values({ scope, key, requestHash, state: 'running' }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    } catch (err) {
      if (sqlState(err) === '55P03') throw new AppError('IDEMPOTENCY_KEY_IN_USE', 409);
      throw err;
    }
    // The work's own row locks wait as long as they always did.
    await tx.execute(sql`set local lock_timeout = default`);
    if (claimed.length === 0) {
      const [seen] = await tx.select().from(idempotencyKeys).where(thisKey);
      if (seen && seen.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 422);
      if (seen?.state !== 'done') throw new AppError('IDEMPOTENCY_KEY_IN_USE', 409);
      return seen.reply as T;
    }
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ state: 'done', status: 200, reply: sql`${JSON.stringify(result ?? null)}::jsonb` })
      .where(thisKey);
    return result;
  });
}
