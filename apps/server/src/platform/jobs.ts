import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db';

// DESIGN: jobs and cron on pg-boss, on PostgreSQL or on PGlite through its executeSql adapter.
export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

interface Registration {
  name: string;
  handler: JobHandler<never>;
  cron?: string;
  description?: string;
}

export interface JobsOptions {
  /** How often workers poll; pg-boss's minimum is 0.5 s. */
  pollingIntervalSeconds?: number;
  /** How often schedules are checked (1–45 s). Tests use 1 to fire a schedule without waiting a minute. */
  cronIntervalSeconds?: number;
}

export class Jobs {
  private readonly boss: PgBoss;
  private readonly registrations = new Map<string, Registration>();
  private started = false;

  constructor(
    database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly opts: JobsOptions = {},
  ) {
    const cron = opts.cronIntervalSeconds ?? 30;
    const common = {
      schema: 'pgboss',
      cronMonitorIntervalSeconds: cron,
      cronWorkerIntervalSeconds: cron,
    };
    this.boss =
      database.kind === 'postgres'
        ? new PgBoss({ ...common, connectionString: database.connectionString!, max: 4 })
        : new PgBoss({ ...common, db: { executeSql: (text, values) => database.executeSql(text, values) } });
    this.boss.on('error', (err) => this.log.error({ err }, 'job engine error'));
  }

  /** Declare a queue and its handler; with `cron`, also a schedule. Call before start(). */
  register<T>(name: string, handler: JobHandler<T>, extra: { cron?: string; description?: string } = {}): void {
    if (this.started) throw new Error(`job ${name} registered after start`);
    this.registrations.set(name, { name, handler: handler as JobHandler<never>, ...extra });
  }

  get schedules(): { name: string; cron: string; description?: string }[] {
    return [...this.registrations.values()].filter((r) => r.cron).map((r) => ({ name: r.name, cron: r.cron!, description: r.description }));
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const r of this.registrations.values()) {
      await this.boss.createQueue(r.name);
      await this.boss.work(r.name, { pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await r.handler(job.data as never, { id: job.id, name: job.name });
          } catch (err) {
            this.log.error({ err, job: r.name, id: job.id }, 'job failed');
            throw err;
          }
        }
      });
      if (r.cron) await this.boss.schedule(r.name, r.cron, {}, { tz: 'UTC' });
    }
    this.started = true;
  }

  /** Queue a job; `startAfterSeconds` delays it. Returns the job id. */
  async send<T extends object>(name: string, data: T, opts: { startAfterSeconds?: number; retryLimit?: number } = {}): Promise<string> {
    if (!this.registrations.has(name)) throw new Error(`unknown job ${name}`);
    if (!this.started) throw new Error('the job engine is not started');
    const id = await this.boss.send(name, data, {
      startAfter: opts.startAfterSeconds,
      retryLimit: opts.retryLimit ?? 5,
      retryDelay: 30,
      retryBackoff: true,
    });
    return id!;
  }

  get isStarted(): boolean {
    return this.started;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000, close: true });
  }
}
