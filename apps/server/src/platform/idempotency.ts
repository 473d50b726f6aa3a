import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONTROL_CHARACTERS } from '@exship/contracts';
import type { Db } from './db';
import { AppError } from './errors';
import { idempotencyKeys } from './platform.tables';

// money-and-security.md "Idempotency" (Stripe; IETF draft): a money request may carry an
// `Idempotency-Key` header (≤ 255 characters), scoped to the caller. The first request claims the key
// before it runs; its reply is stored IN THE SAME TRANSACTION as its effect, so the effect and the
// stored reply commit together. The same key and body replays that reply; a different body is 422
// IDEMPOTENCY_KEY_REUSED; the same key while the first still runs is 409 IDEMPOTENCY_KEY_IN_USE.
// A request that fails with a client error stores nothing (it can be retried with the same key).

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

/**
 * Runs `work` once per (scope, key): `work` gets the transaction its effect must be written in.
 * Without a key it simply runs in a transaction.
 */
export async function idempotent<T>(db: Db, scope: string, key: string | undefined, body: unknown, work: (tx: Db) => Promise<T>): Promise<T> {
  if (!key) return db.transaction(work);
  const requestHash = hashOf(body);
  // Expired keys are forgotten (lazily, for this scope and key only).
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), lt(idempotencyKeys.createdAt, new Date(Date.now() - KEPT_MS))));
  const claimed = await db.insert(idempotencyKeys).values({ scope, key, requestHash, state: 'running' }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const [seen] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!seen) return idempotent(db, scope, key, body, work); // released meanwhile: claim again
    if (seen.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED', 422);
    if (seen.state !== 'done') throw new AppError('IDEMPOTENCY_KEY_IN_USE', 409);
    return seen.reply as T;
  }
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ state: 'done', status: 200, reply: sql`${JSON.stringify(result ?? null)}::jsonb` })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      return result;
    });
  } catch (err) {
    // Nothing happened: release the key so the same request can be tried again.
    await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), eq(idempotencyKeys.state, 'running')));
    throw err;
  }
}
