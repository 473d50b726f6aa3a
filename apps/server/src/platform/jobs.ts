import { AsyncLocalStorage } from 'node:async_hooks';
import PgBoss from 'pg-boss';
import { lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { CHANGE_CHANNEL } from './changes';
import type { Database, Db, SqlResult } from './db';
import { eventListeners, queueListeners, SUBSCRIPTIONS_CHANGED, subscribersOf, wakeWorkers, workersOf, type Listeners } from './job-subscribers';
import { JobRunner } from './job-runner';
import { jobReceipts } from './platform.tables';

// Jobs and cron on pg-boss, on PostgreSQL or on PGlite through its executeSql adapter.
//
// The path of an event (docs/ARCHITECTURE.md "Events and jobs"):
//   emit(tx, event, payload)      validates the payload and inserts one pg-boss job per subscribed
//                                 queue through the caller's transaction: a rollback leaves nothing
//   pg-boss                       a worker (or t.runJobs() in tests) fetches the job
//   handler                       gets the payload parsed by the event's zod schema (an invalid one
//                                 fails for good without reaching the handler), runs in its own
//                                 transaction with a receipt row, so a redelivered job is skipped
//   retry                         a failure retries with exponential backoff (RETRY below)
//   dead letter                   after the last retry the job is `failed` and copied to the
//                                 `dead-letter` queue; staff list failed jobs at GET /jobs/dead

const SCHEMA = 'pgboss';
/** pg-boss's schema, for readers of its own records (the cron job run history). */
export const JOBS_SCHEMA = SCHEMA;
export const DEAD_LETTER_QUEUE = 'dead-letter';
export const PURGE_RECEIPTS_JOB = 'jobs.purge-receipts';
/** Retries: 5 more attempts, 30 s doubling with jitter (about 30 s, 1, 2, 4, 8 min). */
export const RETRY = { retryLimit: 5, retryDelay: 30, retryBackoff: true } as const;
/** Jobs of one queue running at once in a process on PostgreSQL, unless its registration says otherwise; cron jobs run one at a time. */
export const DEFAULT_CONCURRENCY = 4;
/**
 * pg-boss priority of the jobs of a bulk (one emit of many facts: a bulk pay, an import) and of
 * every job they cause: a queue serves jobs of a single action before a bulk's backlog, so one
 * order paid after a 1,000-order bulk pay is not served 1,000th.
 */
export const BULK_PRIORITY = -1;

// The priority of the job being handled, inherited by the jobs it sends or emits (a bulk's
// follow-ups stay behind single actions' in every queue they reach).
const lane = new AsyncLocalStorage<number>();
const inheritedPriority = () => lane.getStore() ?? 0;

/** A queued job with a typed, validated payload. `name` is its pg-boss queue. `In` is what senders pass, `T` what handlers get. */
export interface JobDef<T, In = T> {
  readonly kind: 'job';
  readonly name: string;
  readonly schema: z.ZodType<T, In>;
}

/** A fact one module announces and other modules handle (each handler has its own queue). */
export interface EventDef<T, In = T> {
  readonly kind: 'event';
  readonly name: string;
  readonly schema: z.ZodType<T, In>;
}

export const defineJob = <S extends z.ZodType>(name: string, schema: S): JobDef<z.output<S>, z.input<S>> => ({
  kind: 'job',
  name,
  schema: schema as unknown as z.ZodType<z.output<S>, z.input<S>>,
});
export const defineEvent = <S extends z.ZodType>(name: string, schema: S): EventDef<z.output<S>, z.input<S>> => ({
  kind: 'event',
  name,
  schema: schema as unknown as z.ZodType<z.output<S>, z.input<S>>,
});

export interface JobInfo {
  id: string;
  name: string;
  /** 0 on the first attempt. */
  retryCount: number;
}
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;
/** An event handler runs in a transaction (`job.tx`) that also records its receipt: use `tx` for every write. */
export type EventHandler<T> = (payload: T, job: JobInfo & { tx: Db }) => Promise<void>;

export interface EventSubscription<T = never> {
  event: EventDef<T, any>;
  /** The handler's own queue, `<module>.<what it does>`; retried and dead-lettered on its own. */
  queue: string;
  handler: EventHandler<T>;
  description?: string;
  /** Jobs of this queue running at once in a process (default DEFAULT_CONCURRENCY). */
  concurrency?: number;
  /**
   * The facts the handler acts on: emit queues no job for a payload it refuses (the handler would
   * have done nothing with it). It must be exactly the handler's own test, pure and synchronous.
   */
  when?: (payload: T) => boolean;
  /**
   * For handlers that only serve accounts that asked for something (their webhook endpoints): a
   * `query` of the account ids (one column) that have a listener; emit queues no job for a fact whose
   * `accountId` has none. `changes` is the change-feed table (platform/changes.ts) that announces
   * every change to the query's answer: emit keeps the answer in memory until then.
   */
  listeners?: Listeners;
}

/** Declares a handler of `event` (in a module declaration's `events`); `when`: see EventSubscription. */
export function on<T>(event: EventDef<T, any>, queue: string, handler: EventHandler<T>, description?: string, when?: (payload: T) => boolean): EventSubscription<T> {
  return { event, queue, handler, description, ...(when ? { when } : {}) };
}

/**
 * The `when` of each queue subscribed in this process, by queue name: emit skips a queue whose test
 * refuses the payload. A queue subscribed by another process only (not known here) always gets its job.
 */
const queueFilters = new Map<string, (payload: unknown) => boolean>();
/** A payload that does not match its schema: failed for good, never retried, never handed to the handler. */
export class InvalidPayloadError extends Error {
  constructor(
    readonly queue: string,
    readonly issues: unknown,
  ) {
    super(`invalid payload for ${queue}: ${JSON.stringify(issues)}`);
  }
}

/** pg-boss's `db` adapter over a Drizzle transaction (PGlite or node-postgres alike): `$n` placeholders become parameters. */
export function sqlOn(tx: Db): { executeSql(text: string, values?: unknown[]): Promise<SqlResult> } {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => {
        if (i % 2 === 0) return sql.raw(part);
        // Drizzle drops an undefined chunk from the text; pg-boss means NULL by it.
        const v = values[Number(part) - 1] ?? null;
        // Objects travel as JSON text (pg-boss casts `$3::jsonb`); both drivers then read them alike.
        const param = v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) ? JSON.stringify(v) : v;
        return sql`${param}`;
      });
      const r = (await tx.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: r.rows };
    },
  };
}

// pg-boss only builds the insert statement here; the statement runs on the caller's transaction
// (`db` per call), so this instance never opens a connection or starts a timer.
let sender: PgBoss | undefined;
const senderBoss = () =>
  (sender ??= new PgBoss({
    schema: SCHEMA,
    db: {
      executeSql: () => {
        throw new Error('the outbox sender runs only on a caller transaction');
      },
    },
  }));

/**
 * The transactional outbox: in the caller's transaction, one job per queue subscribed to `event`.
 * A rollback removes them with the change; a commit makes them visible to workers. An invalid
 * payload is a programming error and throws here (the transaction rolls back).
 */
export async function emit<T, In>(tx: Db, event: EventDef<T, In>, payload: In): Promise<string[]> {
  return emitMany(tx, event, [payload]);
}

/** `emit` for many facts of one kind (an import's orders): the subscriptions are looked up once. */
export async function emitMany<T, In>(tx: Db, event: EventDef<T, In>, payloads: readonly In[]): Promise<string[]> {
  const parsed = payloads.map((payload) => {
    const result = event.schema.safeParse(payload);
    if (!result.success) throw new InvalidPayloadError(event.name, result.error.issues);
    return result.data;
  });
  if (parsed.length === 0) return [];
  const db = sqlOn(tx);
  const guards = eventListeners.get(event.name) ?? [];
  const { queues, listening } = await subscribersOf(tx, db, SCHEMA, event.name, guards, parsed);
  const hasListener = (queue: string, data: unknown): boolean => {
    const listeners = queueListeners.get(queue);
    if (listeners === undefined) return true;
    const accountId = (data as { accountId?: unknown }).accountId;
    return typeof accountId !== 'string' || listening[guards.findIndex((l) => l.query === listeners.query)]!.has(accountId);
  };
  const ids: string[] = [];
  if (queues.length === 0) return ids;
  // One multi-row insert per EMIT_CHUNK jobs (a fact for two queues is one statement, an import of
  // 10,000 orders a few) instead of one statement per job; the queue's policy and dead letter are
  // applied by pg-boss's insert as by send. One fact keeps the caller's priority; many go behind.
  // A queue whose handler ignores the fact (its `when`), or serves no listener of its account, gets no job.
  const priority = parsed.length === 1 ? inheritedPriority() : Math.min(inheritedPriority(), BULK_PRIORITY);
  const jobs = parsed.flatMap((data) =>
    queues.filter((name) => (queueFilters.get(name)?.(data) ?? true) && hasListener(name, data)).map((name) => ({ id: crypto.randomUUID(), name, data: data as object, ...RETRY, priority })),
  );
  for (let at = 0; at < jobs.length; at += EMIT_CHUNK) {
    const part = jobs.slice(at, at + EMIT_CHUNK);
    await senderBoss().insert(part, { db });
    ids.push(...part.map((j) => j.id));
  }
  wakeWorkers(tx, jobs.map((j) => j.name));
  return ids;
}

const EMIT_CHUNK = 2000;

interface Registration {
  name: string;
  run: (data: unknown, job: JobInfo) => Promise<void>;
  cron?: string;
  description?: string;
  /** Jobs of this queue running at once in this process (PostgreSQL; PGlite runs one at a time). */
  concurrency?: number;
  /** Set for an event handler: the event its queue is subscribed to. */
  event?: string;
}

export interface JobsOptions {
  /**
   * `workers` (default): pg-boss workers poll and cron fires. `manual`: queues, subscriptions and
   * schedules are created but nothing polls; `runDue()` runs due jobs through the same handlers
   * (tests decide when jobs run).
   */
  mode?: 'workers' | 'manual';
  /**
   * How often the workers ask which queues have due jobs (one query for all queues). A queue with
   * a backlog is fetched again as soon as a job ends, and the jobs a finished job queued are
   * looked for within 50 ms, so this bounds only the wait of work queued while the process was idle.
   */
  pollingIntervalSeconds?: number;
  /** Jobs running at once in this process, all queues together (PostgreSQL). */
  maxConcurrency?: number;
  /** How often schedules are checked (1–45 s). Tests use 1 to fire a schedule without waiting a minute. */
  cronIntervalSeconds?: number;
}

export interface DeadJob {
  id: string;
  queue: string;
  data: unknown;
  error: string | null;
  attempts: number;
  createdAt: string;
  failedAt: string | null;
}

export class Jobs {
  private readonly boss: PgBoss;
  private readonly registrations = new Map<string, Registration>();
  /** True once every queue exists: sending is allowed from then until the workers have stopped. */
  private started = false;
  private starting: Promise<void> | undefined;
  private runner: JobRunner | undefined;
  /** Schedules left out at start (paused cron jobs): see `skipSchedulesOf`. */
  private pausedSchedules: () => Promise<ReadonlySet<string>> = async () => new Set();
  readonly mode: 'workers' | 'manual';

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly opts: JobsOptions = {},
  ) {
    this.mode = opts.mode ?? 'workers';
    const cron = opts.cronIntervalSeconds ?? 30;
    const common = {
      schema: SCHEMA,
      cronMonitorIntervalSeconds: cron,
      cronWorkerIntervalSeconds: cron,
      // Manual mode: no maintenance or cron timers either; the test drives everything.
      ...(this.mode === 'manual' ? { supervise: false, schedule: false } : {}),
    };
    this.boss =
      database.kind === 'postgres'
        ? new PgBoss({ ...common, connectionString: database.connectionString!, max: 4 })
        : new PgBoss({ ...common, db: { executeSql: (text, values) => database.executeSql(text, values) } });
    this.boss.on('error', (err) => this.log.error({ err }, 'job engine error'));
    // A receipt matters only while pg-boss could deliver its job again (it keeps jobs 14 days).
    this.register(PURGE_RECEIPTS_JOB, async () => void (await this.database.db.delete(jobReceipts).where(lt(jobReceipts.handledAt, sql`now() - interval '30 days'`))), {
      cron: '23 4 * * *',
      description: 'Forget event receipts older than 30 days',
    });
  }

  /**
   * Declare a queue and its handler; with `cron`, also a schedule. Call before start().
   * With a `JobDef` the handler gets the payload parsed by its schema; a plain name keeps an
   * unchecked payload (kept for registrations written before typed jobs).
   */
  register<T>(job: JobDef<T, any> | string, handler: JobHandler<T>, extra: { cron?: string; description?: string; concurrency?: number } = {}): void {
    const name = typeof job === 'string' ? job : job.name;
    const schema = typeof job === 'string' ? undefined : job.schema;
    this.add({
      name,
      ...extra,
      run: async (data, info) => handler(schema ? this.parse(name, schema, data) : (data as T), info),
    });
  }

  /** Subscribe an event handler (see `on`). Call before start(). */
  handle<T>(sub: EventSubscription<T>): void {
    if (sub.when) queueFilters.set(sub.queue, sub.when as (payload: unknown) => boolean);
    if (sub.listeners) {
      queueListeners.set(sub.queue, sub.listeners);
      const known = eventListeners.get(sub.event.name) ?? [];
      if (!known.some((l) => l.query === sub.listeners!.query)) eventListeners.set(sub.event.name, [...known, sub.listeners]);
    }
    this.add({
      name: sub.queue,
      event: sub.event.name,
      description: sub.description ?? `On ${sub.event.name}`,
      concurrency: sub.concurrency,
      run: async (data, info) => {
        const payload = this.parse(sub.queue, sub.event.schema, data);
        await this.database.db.transaction(async (tx) => {
          // Exactly once: the receipt and the handler's writes commit together; a redelivery finds it.
          const fresh = await tx.insert(jobReceipts).values({ jobId: info.id, queue: sub.queue }).onConflictDoNothing().returning({ id: jobReceipts.jobId });
          if (fresh.length === 0) return;
          await sub.handler(payload, { ...info, tx });
        });
      },
    });
  }

  private add(r: Registration): void {
    if (this.started) throw new Error(`job ${r.name} registered after start`);
    if (this.registrations.has(r.name)) throw new Error(`job ${r.name} registered twice`);
    this.registrations.set(r.name, r);
  }

  private parse<T>(queue: string, schema: z.ZodType<T, any>, data: unknown): T {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new InvalidPayloadError(queue, parsed.error.issues);
    return parsed.data;
  }

  get schedules(): { name: string; cron: string; description?: string }[] {
    return [...this.registrations.values()].filter((r) => r.cron).map((r) => ({ name: r.name, cron: r.cron!, description: r.description }));
  }

  /** Registered queue names (for listings and for tests). */
  get queues(): string[] {
    return [...this.registrations.keys()];
  }

  /** Which schedules start() leaves out (a paused cron job stays paused after a restart). Call before start(). */
  skipSchedulesOf(paused: () => Promise<ReadonlySet<string>>): void {
    this.pausedSchedules = paused;
  }

  /** Put a registered cron job's schedule (back) into pg-boss, in UTC as at start. */
  async resumeSchedule(name: string): Promise<void> {
    const r = this.registrations.get(name);
    if (!r?.cron) throw new Error(`no schedule ${name}`);
    await this.boss.schedule(r.name, r.cron, {}, { tz: 'UTC' });
  }

  /** Take a schedule out of pg-boss: it fires no more; jobs already queued still run. */
  async pauseSchedule(name: string): Promise<void> {
    await this.boss.unschedule(name);
  }

  /**
   * Creates every queue, subscription and schedule, and only then starts the workers: a job that
   * was queued before this start and runs at once may send to any queue (none is missing yet).
   */
  async start(): Promise<void> {
    if (this.started) return;
    // A second call while the first runs waits for the same start.
    this.starting ??= this.startOnce().finally(() => (this.starting = undefined));
    await this.starting;
  }

  private async startOnce(): Promise<void> {
    await this.boss.start();
    const paused = await this.pausedSchedules();
    await this.boss.createQueue(DEAD_LETTER_QUEUE);
    for (const r of this.registrations.values()) {
      const queue = { name: r.name, ...RETRY, deadLetter: DEAD_LETTER_QUEUE };
      await this.boss.createQueue(r.name, queue);
      // A queue made by an earlier version keeps its row: bring its retry policy up to date.
      await this.boss.updateQueue(r.name, queue);
      if (r.event) await this.boss.subscribe(r.event, r.name);
      if (r.cron && !paused.has(r.name)) await this.boss.schedule(r.name, r.cron, {}, { tz: 'UTC' });
      // A paused job's schedule may still be in pg-boss from before the pause was remembered.
      if (r.cron && paused.has(r.name)) await this.boss.unschedule(r.name);
    }
    // Processes that keep what emit reads (the subscriptions) read it again.
    await this.database.executeSql(`select pg_notify('${CHANGE_CHANNEL}', '${SUBSCRIPTIONS_CHANGED}:all')`);
    this.started = true;
    if (this.mode === 'workers') {
      // PGlite has one connection: concurrent jobs would only queue for it.
      const single = this.database.kind !== 'postgres';
      this.runner = new JobRunner(
        this.boss,
        [...this.registrations.values()].map((r) => ({
          name: r.name,
          concurrency: single ? 1 : Math.max(1, r.concurrency ?? (r.cron ? 1 : DEFAULT_CONCURRENCY)),
          run: (job) => this.runOne(r, job),
        })),
        {
          schema: SCHEMA,
          pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 0.5,
          maxConcurrency: single ? Number.POSITIVE_INFINITY : (this.opts.maxConcurrency ?? 32),
          onError: (err, queue) => this.log.error({ err, job: queue }, 'job engine error'),
        },
      );
      this.runner.start();
      const runner = this.runner;
      workersOf.set(this.database, (queue) => runner.nudge(queue));
    }
  }

  private async runOne(r: Registration, job: { id: string; name: string; data: unknown; retryCount?: number; priority?: number }): Promise<void> {
    try {
      await lane.run(job.priority ?? 0, () => r.run(job.data, { id: job.id, name: job.name, retryCount: job.retryCount ?? 0 }));
    } catch (err) {
      if (err instanceof InvalidPayloadError) {
        // Retrying cannot fix a payload: let this failure be the last one (→ failed, dead letter).
        await this.database.executeSql(`update ${SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`, [job.name, job.id]);
      }
      this.log.error({ err, job: r.name, id: job.id }, 'job failed');
      throw err;
    }
  }

  /**
   * Manual mode: fetch and run the due jobs of one queue (or of all), one at a time, through the
   * same handlers as the workers; a failure is recorded as pg-boss records it (retry, then failed
   * and dead-lettered). Returns how many jobs ran. `includeDelayed` first makes delayed jobs and
   * retries due now, so a test does not wait out a backoff.
   */
  async runDue(name?: string, opts: { includeDelayed?: boolean } = {}): Promise<{ ran: number; failed: number }> {
    if (!this.started) throw new Error('the job engine is not started');
    const names = name ? [name] : [...this.registrations.keys()];
    let ran = 0;
    let failed = 0;
    for (const queue of names) {
      const r = this.registrations.get(queue);
      if (!r) throw new Error(`unknown job ${queue}`);
      if (opts.includeDelayed) {
        await this.database.executeSql(`update ${SCHEMA}.job set start_after = now() - interval '1 second' where name = $1 and state in ('created', 'retry')`, [queue]);
      }
      for (;;) {
        const jobs = await this.boss.fetch(queue, { batchSize: 1, includeMetadata: true });
        const job = jobs?.[0];
        if (!job) break;
        ran++;
        try {
          await this.runOne(r, job);
          await this.boss.complete(queue, job.id);
        } catch (err) {
          failed++;
          await this.boss.fail(queue, job.id, { message: (err as Error).message });
        }
      }
    }
    return { ran, failed };
  }

  /** Queue a job (in `tx` when given); `startAt` or `startAfterSeconds` delays it. Returns the job id. */
  async send<In extends object>(job: JobDef<unknown, In> | string, data: In, opts: { startAfterSeconds?: number; startAt?: Date; retryLimit?: number; tx?: Db } = {}): Promise<string> {
    const name = typeof job === 'string' ? job : job.name;
    if (!this.registrations.has(name)) throw new Error(`unknown job ${name}`);
    if (!this.started) throw new Error('the job engine is not started');
    if (typeof job !== 'string') {
      const parsed = job.schema.safeParse(data);
      if (!parsed.success) throw new InvalidPayloadError(name, parsed.error.issues);
    }
    const id = await this.boss.send(name, data, {
      ...RETRY,
      priority: inheritedPriority(),
      // An instant is sent as ISO text (pg-boss casts it); seconds as a number.
      startAfter: opts.startAt ?? opts.startAfterSeconds,
      retryLimit: opts.retryLimit ?? RETRY.retryLimit,
      // With `tx` the job is written in the caller's transaction (rolled back with it).
      ...(opts.tx ? { db: sqlOn(opts.tx) } : {}),
    });
    // Due now: run it once committed (at once without a caller transaction) without waiting for a poll.
    if (!opts.startAt && !opts.startAfterSeconds) {
      if (!opts.tx) this.runner?.nudge(name);
      else wakeWorkers(opts.tx, [name]);
    }
    return id!;
  }

  /** Settles jobs that must not run or be retried any more (their work was recovered elsewhere). */
  async cancel(name: string, ids: string[]): Promise<void> {
    if (ids.length > 0) await this.boss.cancel(name, ids);
  }

  /** Jobs that failed after their last retry (newest first): what staff see as dead letters. */
  async deadJobs(limit = 100): Promise<DeadJob[]> {
    const { rows } = await this.database.executeSql(
      `select id, name, data, output, retry_count, created_on, completed_on from ${SCHEMA}.job
        where state = 'failed' and name <> $1 order by completed_on desc nulls last limit $2`,
      [DEAD_LETTER_QUEUE, limit],
    );
    return rows.map((r) => {
      const output = r.output as { message?: string; value?: { message?: string } } | null;
      return {
        id: String(r.id),
        queue: String(r.name),
        data: r.data,
        error: output?.message ?? output?.value?.message ?? null,
        attempts: Number(r.retry_count) + 1,
        createdAt: new Date(r.created_on as string).toISOString(),
        failedAt: r.completed_on ? new Date(r.completed_on as string).toISOString() : null,
      };
    });
  }

  get isStarted(): boolean {
    return this.started;
  }

  /** Shutdown, first step: no more jobs are fetched; running ones finish (they may still send) for up to 5 s. */
  async stopWorkers(): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    workersOf.delete(this.database);
    await runner?.stop(5000);
  }

  /** Stops taking jobs, lets running ones finish (they may still send) for up to 5 s, then closes pg-boss. */
  async stop(): Promise<void> {
    await this.starting?.catch(() => undefined);
    if (!this.started) return;
    const runner = this.runner;
    this.runner = undefined;
    workersOf.delete(this.database);
    await runner?.stop(5000);
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000, close: true });
  }
}
