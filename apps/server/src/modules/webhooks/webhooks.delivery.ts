import { and, asc, eq, inArray, isNotNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_LIMITS } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { emit } from '../../platform/jobs';
import type { Outbound } from '../../platform/outbound';
import { openSecret, type SecretKeyring } from '../../platform/secrets';
import { WebhookEndpointDisabled } from './webhooks.events';
import { signedHeaders } from './webhooks.signing';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookMessages } from './webhooks.tables';

// The delivery worker (docs/webhooks.md): the deliveries table is its queue. A round claims due
// deliveries (pending and due; one sending with a lapsed lease, whose sender died, is pending again), never more than
// `perEndpoint` in flight for one endpoint (a dead endpoint that times out holds its own slots only),
// and never a delivery of an order while an earlier event of that order to the same endpoint is
// still pending or sending (a later event waits while an earlier one waits for its retry).
// Each attempt is signed at send time, recorded with its reply, and the delivery is retried on the
// schedule of WEBHOOK_LIMITS (with jitter, or later when the endpoint says Retry-After), failed when
// the schedule is spent; HTTP 410 disables the endpoint, and so do 5 days without a success.

export interface WebhookDeliveryDeps {
  db: Db;
  keyring: SecretKeyring;
  /** Read at each attempt (tests give one with an injected DNS lookup). */
  outbound: () => Outbound;
  clock?: () => Date;
  /** In [0, 1): the jitter's draw. */
  random?: () => number;
  timeoutMs?: number;
  log?: FastifyBaseLogger;
}

export interface AttemptOutcome {
  succeeded: boolean;
  httpStatus: number | null;
  durationMs: number;
  replyExcerpt: string | null;
  error: string | null;
}

/** A claimed delivery with what sending it needs. */
interface Claimed {
  id: string;
  accountId: string;
  endpointId: string;
  attempts: number;
  retryIndex: number;
  url: string;
  headerName: string | null;
  headerValueSealed: string | null;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
  publicId: string;
  body: string;
}

/** Seconds of a Retry-After header (delta-seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now.getTime()) / 1000)) : null;
}

/** The wait before retry number `retryIndex` (0 = the first retry), jittered, never sooner than Retry-After. */
export function retryDelayMs(retryIndex: number, random: () => number, retryAfterSeconds: number | null = null): number {
  const base = WEBHOOK_LIMITS.retryScheduleSeconds[retryIndex]! * 1000;
  const jittered = base * (1 + WEBHOOK_LIMITS.jitter * (2 * random() - 1));
  const asked = retryAfterSeconds === null ? 0 : Math.min(retryAfterSeconds, WEBHOOK_LIMITS.maxRetryAfterSeconds) * 1000;
  return Math.round(Math.max(jittered, asked));
}

const LEASE_MS = WEBHOOK_LIMITS.timeoutMs + 60_000;
const FLUSH_GATHER_MS = 5;

export function createDeliveryWorker(deps: WebhookDeliveryDeps, opts: { concurrency?: number; perEndpoint?: number; pollMs?: number } = {}) {
  const { db, keyring } = deps;
  const clock = deps.clock ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_LIMITS.timeoutMs;
  const concurrency = opts.concurrency ?? 64;
  const perEndpoint = opts.perEndpoint ?? 8;
  const pollMs = opts.pollMs ?? 250;
  const minClaim = Math.max(1, Math.floor(concurrency / 4));

  // Opening a sealed secret costs an AES-GCM decryption: kept per sealed text (it changes on rotation).
  const opened = new Map<string, string>();
  const open = (sealed: string) => {
    let plain = opened.get(sealed);
    if (plain === undefined) {
      if (opened.size > 5000) opened.clear();
      plain = openSecret(keyring, sealed);
      opened.set(sealed, plain);
    }
    return plain;
  };

  /** Counters for benches: claim rounds and group commits, and the time they took. */
  const stats = { claims: 0, claimMs: 0, flushes: 0, flushMs: 0, recorded: 0 };
  const inflight = new Map<string, number>();
  let leasesCheckedAt = Number.NEGATIVE_INFINITY;
  let inflightTotal = 0;

  /** Claims up to `n` due deliveries (marked sending with a lease) and loads what sending them needs. */
  async function claim(n: number): Promise<Claimed[]> {
    if (n <= 0) return [];
    const t0 = performance.now();
    try {
      return await claimNow(n);
    } finally {
      stats.claims++;
      stats.claimMs += performance.now() - t0;
    }
  }
  async function claimNow(n: number): Promise<Claimed[]> {
    const now = clock();
    const d = webhookDeliveries;
    const p = alias(webhookDeliveries, 'p');
    // A delivery whose sender died (its lease lapsed) is pending again, due now; the claim below reads
    // pending rows only, through their partial index.
    // Looked for once a second at most (a lease lasts over a minute).
    if (Math.abs(now.getTime() - leasesCheckedAt) >= 1000) {
      leasesCheckedAt = now.getTime();
      await db
        .update(d)
        .set({ status: 'pending', leaseUntil: null, nextAttemptAt: now })
        .where(and(eq(d.status, 'sending'), lt(d.leaseUntil, now)));
    }
    const saturated = [...inflight].filter(([, k]) => k >= perEndpoint).map(([id]) => id);
    const candidates = await db
      .select({ id: d.id, endpointId: d.endpointId })
      .from(d)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, d.endpointId))
      .where(
        and(
          eq(webhookEndpoints.status, 'active'),
          eq(d.status, 'pending'),
          lte(d.nextAttemptAt, now),
          saturated.length > 0 ? notInArray(d.endpointId, saturated) : undefined,
          // Per order and endpoint, in the order the events happened: an earlier one still on its way holds the later ones.
          sql`(${d.orderId} is null or not exists (select 1 from webhook_deliveries as p where ${p.endpointId} = ${d.endpointId} and ${p.orderId} = ${d.orderId}
                and ${p.status} in ('pending', 'sending') and (${p.occurredAt}, ${p.rank}, ${p.seq}) < (${d.occurredAt}, ${d.rank}, ${d.seq})))`,
        ),
      )
      .orderBy(asc(d.nextAttemptAt), asc(d.seq))
      .limit(n * 2);
    const room = new Map<string, number>();
    const chosen: string[] = [];
    for (const c of candidates) {
      if (chosen.length >= n) break;
      const left = room.get(c.endpointId) ?? perEndpoint - (inflight.get(c.endpointId) ?? 0);
      if (left <= 0) continue;
      room.set(c.endpointId, left - 1);
      chosen.push(c.id);
    }
    if (chosen.length === 0) return [];
    // Guarded on the state read: another worker that took a row first makes this update miss it.
    // It answers with what sending needs (the endpoint's and the message's columns): one statement.
    const e = webhookEndpoints;
    const taken = await db
      .update(d)
      .set({ status: 'sending', leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .from(e)
      // The join's conditions are in WHERE: the updated table cannot be named in a FROM join's ON.
      .innerJoin(webhookMessages, sql`true`)
      .where(and(inArray(d.id, chosen), eq(d.status, 'pending'), eq(e.id, d.endpointId), eq(webhookMessages.id, d.messageId)))
      .returning({
        id: d.id,
        accountId: d.accountId,
        endpointId: d.endpointId,
        attempts: d.attempts,
        retryIndex: d.retryIndex,
        seq: d.seq,
        url: e.url,
        headerName: e.headerName,
        headerValueSealed: e.headerValueSealed,
        secretSealed: e.secretSealed,
        previousSecretSealed: e.previousSecretSealed,
        previousSecretExpiresAt: e.previousSecretExpiresAt,
        publicId: webhookMessages.publicId,
        body: webhookMessages.body,
      });
    return taken.sort((a, b) => a.seq - b.seq);
  }

  async function load(ids: string[]): Promise<Claimed[]> {
    if (ids.length === 0) return [];
    const e = webhookEndpoints;
    return db
      .select({
        id: webhookDeliveries.id,
        accountId: webhookDeliveries.accountId,
        endpointId: webhookDeliveries.endpointId,
        attempts: webhookDeliveries.attempts,
        retryIndex: webhookDeliveries.retryIndex,
        url: e.url,
        headerName: e.headerName,
        headerValueSealed: e.headerValueSealed,
        secretSealed: e.secretSealed,
        previousSecretSealed: e.previousSecretSealed,
        previousSecretExpiresAt: e.previousSecretExpiresAt,
        publicId: webhookMessages.publicId,
        body: webhookMessages.body,
      })
      .from(webhookDeliveries)
      .innerJoin(e, eq(e.id, webhookDeliveries.endpointId))
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .where(inArray(webhookDeliveries.id, ids))
      .orderBy(asc(webhookDeliveries.seq));
  }

  /** One HTTP attempt: signed now, POST, redirects refused, 15 s, the reply's first 4 KB kept. */
  async function send(c: Claimed): Promise<AttemptOutcome & { retryAfter: number | null }> {
    const now = clock();
    const secrets = [open(c.secretSealed)];
    // SPEC: a rotated-out secret keeps signing for 24 h, so receivers can switch without a gap.
    if (c.previousSecretSealed && c.previousSecretExpiresAt && c.previousSecretExpiresAt > now) secrets.push(open(c.previousSecretSealed));
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'ExShip-Webhooks/1.0',
      ...signedHeaders(secrets, c.publicId, Math.floor(now.getTime() / 1000), c.body),
    };
    // SPEC §9: the seller's header key goes with every delivery.
    if (c.headerName && c.headerValueSealed) headers[c.headerName.toLowerCase()] = open(c.headerValueSealed);
    const started = performance.now();
    try {
      const res = await deps.outbound().fetch(c.url, { method: 'POST', headers, body: c.body, timeoutMs, keepBytes: WEBHOOK_LIMITS.replyExcerptBytes });
      const text = await res.text();
      return {
        succeeded: res.status >= 200 && res.status < 300,
        httpStatus: res.status,
        durationMs: Math.round(performance.now() - started),
        replyExcerpt: text.length > 0 ? text.slice(0, WEBHOOK_LIMITS.replyExcerptBytes) : null,
        error: null,
        retryAfter: parseRetryAfter(res.headers.get('retry-after'), clock()),
      };
    } catch (err) {
      // A redirect (3xx) is a failure too (Standard Webhooks): the outbound client refuses to follow it.
      return { succeeded: false, httpStatus: null, durationMs: Math.round(performance.now() - started), replyExcerpt: null, error: (err as Error).message.slice(0, 500), retryAfter: null };
    }
  }

  type Recorded = { c: Claimed; out: AttemptOutcome & { retryAfter: number | null }; at: Date; test: boolean; done: () => void; fail: (err: unknown) => void };
  let queue: Recorded[] = [];
  let flushing: Promise<void> | undefined;

  /**
   * Writes the outcomes sent since the last write in one transaction (a group commit: under load one
   * commit records many attempts): the attempts in one insert, the deliveries in one update, the
   * endpoints that succeeded cleared of their failing run; a failure also weighs on its endpoint.
   */
  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      const t0 = performance.now();
      try {
        await db.transaction(async (tx) => {
          await tx.insert(webhookAttempts).values(
            batch.map(({ c, out, at }) => ({ accountId: c.accountId, deliveryId: c.id, attempt: c.attempts + 1, at, httpStatus: out.httpStatus, durationMs: out.durationMs, replyExcerpt: out.replyExcerpt, error: out.error })),
          );
          const rows = batch.map(({ c, out, at, test }) => {
            const retries = !out.succeeded && !test && out.httpStatus !== 410 && c.retryIndex < WEBHOOK_LIMITS.retryScheduleSeconds.length;
            return {
              id: c.id,
              status: out.succeeded ? 'succeeded' : retries ? 'pending' : 'failed',
              attempts: c.attempts + 1,
              retryIndex: retries ? c.retryIndex + 1 : c.retryIndex,
              nextAt: retries ? new Date(at.getTime() + retryDelayMs(c.retryIndex, random, out.retryAfter)) : null,
              http: out.httpStatus,
              ms: out.durationMs,
              error: out.error,
              at,
            };
          });
          const values = sql.join(
            rows.map((r) => sql`(${r.id}::uuid, ${r.status}::text, ${r.attempts}::int, ${r.retryIndex}::int, ${r.nextAt ? r.nextAt.toISOString() : null}::timestamptz, ${r.http}::int, ${r.ms}::int, ${r.error}::text, ${r.at.toISOString()}::timestamptz)`),
            sql`, `,
          );
          await tx.execute(sql`update webhook_deliveries d set status = v.status, attempts = v.attempts, retry_index = v.retry_index, next_attempt_at = v.next_at,
              lease_until = null, last_http_status = v.http, last_duration_ms = v.ms, last_error = v.err, last_attempt_at = v.at
            from (values ${values}) as v(id, status, attempts, retry_index, next_at, http, ms, err, at) where d.id = v.id`);
          const healthy = [...new Set(batch.filter((b) => b.out.succeeded && !b.test).map((b) => b.c.endpointId))];
          if (healthy.length > 0) await tx.update(webhookEndpoints).set({ failingSince: null }).where(and(inArray(webhookEndpoints.id, healthy), isNotNull(webhookEndpoints.failingSince)));
          // Failures weigh on their endpoint (in endpoint order, so two writers lock them alike); a test never does.
          const failed = batch.filter((b) => !b.out.succeeded && !b.test).sort((a, b) => (a.c.endpointId < b.c.endpointId ? -1 : 1));
          for (const { c, out, at } of failed) await weigh(tx, c.endpointId, out.httpStatus === 410, at);
        });
        stats.flushes++;
        stats.recorded += batch.length;
        stats.flushMs += performance.now() - t0;
        for (const b of batch) b.done();
      } catch (err) {
        for (const b of batch) b.fail(err);
      }
    }
  }

  /** Starts a writer unless one runs; one that ends with outcomes queued after its last look starts the next. */
  function kick() {
    if (flushing) return;
    // A few milliseconds' wait gathers the outcomes of the attempts that end together into one commit.
    flushing = new Promise((r) => setTimeout(r, FLUSH_GATHER_MS)).then(flush).finally(() => {
      flushing = undefined;
      if (queue.length > 0) kick();
    });
  }

  /** A failed attempt: the endpoint starts (or goes on) failing; 410 or 5 days of it disable it, and its seller is told. */
  async function weigh(tx: Db, endpointId: string, gone: boolean, now: Date) {
    const [ep] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)).for('update');
    if (!ep) return;
    const failingSince = ep.failingSince ?? now;
    const reason = gone ? 'gone' : now.getTime() - failingSince.getTime() >= WEBHOOK_LIMITS.disableAfterFailingMs ? 'failing' : null;
    if (reason && ep.status === 'active') {
      await tx.update(webhookEndpoints).set({ status: 'disabled', disabledReason: reason, disabledAt: now, failingSince, updatedAt: now }).where(eq(webhookEndpoints.id, ep.id));
      await emit(tx, WebhookEndpointDisabled, { endpointId: ep.id, accountId: ep.accountId, url: ep.url, reason, at: now.toISOString() });
    } else if (!ep.failingSince) {
      await tx.update(webhookEndpoints).set({ failingSince: now }).where(eq(webhookEndpoints.id, ep.id));
    }
  }

  /**
   * Sends one claimed delivery and records the attempt (resolves once it is written). `test`: the
   * "send test event" action — one attempt, no retry, and the endpoint's health is left alone.
   */
  async function deliver(c: Claimed, opts: { test?: boolean } = {}): Promise<AttemptOutcome> {
    const out = await send(c);
    await new Promise<void>((done, fail) => {
      queue.push({ c, out, at: clock(), test: opts.test ?? false, done, fail });
      kick();
    });
    return { succeeded: out.succeeded, httpStatus: out.httpStatus, durationMs: out.durationMs, replyExcerpt: out.replyExcerpt, error: out.error };
  }

  // ---- the loop (workers mode) ----
  let running = false;
  let loopDone: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const flying = new Set<Promise<void>>();
  const wakeUp = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };

  function launch(c: Claimed) {
    inflightTotal++;
    inflight.set(c.endpointId, (inflight.get(c.endpointId) ?? 0) + 1);
    const p: Promise<void> = deliver(c)
      .then(() => undefined)
      .catch((err: unknown) => deps.log?.error({ err, delivery: c.id }, 'webhook delivery failed to record'))
      .finally(() => {
        inflightTotal--;
        const k = (inflight.get(c.endpointId) ?? 1) - 1;
        if (k <= 0) inflight.delete(c.endpointId);
        else inflight.set(c.endpointId, k);
        flying.delete(p);
        wakeUp();
      });
    flying.add(p);
  }

  async function loop() {
    while (running) {
      let claimed = 0;
      const free = concurrency - inflightTotal;
      try {
        // A claim round costs a few statements whatever it takes: with deliveries under way, wait until
        // a quarter of the slots are free rather than claim one delivery per finished one.
        const rows = free >= minClaim || inflightTotal === 0 ? await claim(free) : [];
        for (const r of rows) launch(r);
        claimed = rows.length;
      } catch (err) {
        deps.log?.error({ err }, 'webhook delivery round failed');
      }
      if (!running) break;
      if (claimed === 0 || concurrency - inflightTotal < minClaim) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            wake = undefined;
            resolve();
          }, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }

  return {
    claim,
    load,
    deliver,
    /** Tests and manual runs: deliver everything due now (at the injected clock), batch after batch. */
    async runDue(limit = 100): Promise<{ attempted: number; succeeded: number; failed: number }> {
      let attempted = 0;
      let succeeded = 0;
      for (;;) {
        const rows = await claim(limit);
        if (rows.length === 0) break;
        const outcomes = await Promise.all(rows.map((r) => deliver(r)));
        attempted += rows.length;
        succeeded += outcomes.filter((o) => o.succeeded).length;
      }
      return { attempted, succeeded, failed: attempted - succeeded };
    },
    /** Something was queued: look now rather than at the next poll. */
    nudge: wakeUp,
    start() {
      if (running) return;
      running = true;
      loopDone = loop();
    },
    /** Stops claiming; attempts under way may finish for up to `graceMs` (an unfinished one is taken again when its lease lapses). */
    async stop(graceMs = 5000) {
      running = false;
      wakeUp();
      await loopDone;
      await Promise.race([Promise.allSettled([...flying]), new Promise((r) => setTimeout(r, graceMs).unref())]);
    },
    get inflight() {
      return inflightTotal;
    },
    stats,
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
