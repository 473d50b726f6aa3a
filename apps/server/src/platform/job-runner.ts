import type PgBoss from 'pg-boss';

// The workers of one process (docs/ARCHITECTURE.md "Events and jobs"). pg-boss 10's own `work`
// polls every queue on its own timer, waits a full interval after every batch and completes or
// fails a batch as a whole; here one poller serves every queue and each job ends on its own.

export interface RunnerQueue {
  name: string;
  /** Jobs of this queue running at once in this process. */
  concurrency: number;
  /** Runs one job; a rejection fails it (pg-boss then retries or dead-letters it). */
  run(job: PgBoss.JobWithMetadata<unknown>): Promise<void>;
}

export interface RunnerOptions {
  schema: string;
  /** How often the queues are asked for due jobs when nothing else wakes the poller. */
  pollingIntervalSeconds: number;
  /** Jobs running at once in this process, all queues together. */
  maxConcurrency: number;
  onError(err: unknown, queue?: string): void;
}

interface QueueState {
  q: RunnerQueue;
  active: number;
  fetching: boolean;
  /** Asked to fetch while a fetch ran: fetch again once it ends. */
  again?: boolean;
  /** The last fetch filled every free slot: the queue may hold more, fetch again when a slot frees. */
  more: boolean;
}

/**
 * How soon a look is planned by default (`wake()`). Jobs queued in this process are fetched as soon
 * as they commit (`nudge`, platform/jobs.ts); the poll finds the others: other processes', delayed
 * ones and retries. Probing every queue costs the database a few milliseconds (one probe per queue's
 * partition), so a job that ends does not look again.
 */
const SOON_MS = 50;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One poller for all queues: each tick asks the database ONCE which queues have due jobs (an idle
 * process costs one cheap query per interval, whatever the number of queues), then fetches from
 * those queues as many jobs as they have free slots and runs them concurrently. A queue whose
 * fetch filled its slots is fetched again as soon as one of its jobs ends.
 */
export class JobRunner {
  private readonly queues = new Map<string, QueueState>();
  private readonly inFlight = new Map<string, { queue: string; done: Promise<void> }>();
  private active = 0;
  private timer: NodeJS.Timeout | undefined;
  private nextTickAt = Number.POSITIVE_INFINITY;
  private ticking = false;
  private stopping = false;
  private readonly dueSql: string;

  constructor(
    private readonly boss: PgBoss,
    queues: readonly RunnerQueue[],
    private readonly opts: RunnerOptions,
  ) {
    for (const q of queues) this.queues.set(q.name, { q, active: 0, fetching: false, more: false });
    // One probe per queue on pg-boss's partial index (name, start_after) where state < 'active'.
    this.dueSql = `select q.name from unnest($1::text[]) as q(name)
      where exists (select 1 from ${opts.schema}.job j where j.name = q.name and j.state < 'active' and j.start_after < now())`;
  }

  start(): void {
    this.stopping = false;
    this.wake(0);
  }

  /** Look for due jobs within `ms` (sooner if a look is already planned sooner). */
  wake(ms = SOON_MS): void {
    if (this.stopping) return;
    if (this.timer && this.nextTickAt <= Date.now() + ms) return;
    clearTimeout(this.timer);
    this.nextTickAt = Date.now() + ms;
    this.timer = setTimeout(() => void this.tick(), ms);
  }

  /** A job was queued and committed in this process: fetch it now rather than at the next tick. */
  nudge(queue: string): void {
    if (!this.stopping) void this.fill(queue);
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    this.nextTickAt = Number.POSITIVE_INFINITY;
    if (this.ticking) return this.wake();
    this.ticking = true;
    try {
      const free = [...this.queues.values()].filter((s) => !s.fetching && s.active < s.q.concurrency).map((s) => s.q.name);
      if (free.length > 0 && this.active < this.opts.maxConcurrency) {
        const { rows } = await this.boss.getDb().executeSql(this.dueSql, [free]);
        for (const r of rows as { name: string }[]) void this.fill(r.name);
      }
    } catch (err) {
      this.opts.onError(err);
    } finally {
      this.ticking = false;
      this.wake(this.opts.pollingIntervalSeconds * 1000);
    }
  }

  private async fill(name: string): Promise<void> {
    const s = this.queues.get(name);
    if (!s || this.stopping) return;
    if (s.fetching) {
      // A job committed while the fetch ran may have been missed by it: fetch again after it.
      s.again = true;
      return;
    }
    const want = Math.min(s.q.concurrency - s.active, this.opts.maxConcurrency - this.active);
    if (want <= 0) {
      // Full (its own slots or the process's): a job that ends fetches again.
      s.more = true;
      return;
    }
    s.fetching = true;
    try {
      const jobs = (await this.boss.fetch(name, { batchSize: want, includeMetadata: true })) ?? [];
      s.more = jobs.length === want;
      for (const job of jobs) this.launch(s, job as PgBoss.JobWithMetadata<unknown>);
    } catch (err) {
      this.opts.onError(err, name);
    } finally {
      s.fetching = false;
      if (s.again) {
        s.again = false;
        void this.fill(name);
      }
    }
  }

  private launch(s: QueueState, job: PgBoss.JobWithMetadata<unknown>): void {
    s.active++;
    this.active++;
    const done = (async () => {
      let failure: unknown;
      let ok = false;
      try {
        await withinSeconds(s.q.run(job), job.expireInSeconds);
        ok = true;
      } catch (err) {
        failure = err;
      }
      try {
        // Each job of a batch completes or fails on its own: one failure retries only itself.
        if (ok) await this.boss.complete(s.q.name, job.id);
        else await this.boss.fail(s.q.name, job.id, failure as object);
      } catch (err) {
        this.opts.onError(err, s.q.name);
      } finally {
        s.active--;
        this.active--;
        this.inFlight.delete(job.id);
        if (!this.stopping) {
          if (s.more) void this.fill(s.q.name);
          // A slot of the process freed: a queue held back by the process-wide limit may go on.
          for (const other of this.queues.values()) if (other !== s && other.more && other.active < other.q.concurrency) void this.fill(other.q.name);
        }
      }
    })();
    this.inFlight.set(job.id, { queue: s.q.name, done });
  }

  /** Stop taking jobs, let the running ones finish for up to `timeoutMs`, then fail those still running (pg-boss retries them). */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight.size > 0 && Date.now() < deadline) await Promise.race([Promise.all([...this.inFlight.values()].map((j) => j.done)), sleep(100)]);
    for (const [id, j] of this.inFlight) await this.boss.fail(j.queue, id, { message: 'the job engine shut down while the job was running' }).catch((err: unknown) => this.opts.onError(err, j.queue));
    this.inFlight.clear();
  }

  get running(): number {
    return this.active;
  }
}

/** A handler that outlives its job's expiry fails (as pg-boss's own workers do), so the job is retried. */
async function withinSeconds<T>(promise: Promise<T>, seconds: number): Promise<T> {
  // pg-boss's default expiry (15 min) when a job row carries none.
  const ms = (seconds > 0 ? seconds : 900) * 1000;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`handler execution exceeded ${ms}ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
