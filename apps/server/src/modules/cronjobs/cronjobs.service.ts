import { eq } from 'drizzle-orm';
import { isMessageKey, translate, type CronJob, type CronJobRun, type CronJobRunListQuery, type CronJobRunPage, type CronJobRunState, type Language } from '@exship/contracts';
import { AppError } from '../../platform/errors';
import { JOBS_SCHEMA } from '../../platform/jobs';
import type { ModuleContext } from '../../platform/module';
import { cronJobPauses } from './cronjobs.tables';
import { describeCron, nextRunAt } from './cronjobs.schedule';

// SPEC §2 /app/setting-user/cronjob: the schedules the product registers (Jobs.schedules) joined
// with pg-boss's own records: `schedule` (enabled), `job` and `archive` (the runs). Nothing about a
// run is copied: the history is what pg-boss recorded, newest first.

const RUN_COLUMNS = 'id, name, state, retry_count, created_on, started_on, completed_on, output';
/** The runs of the given queues from both tables; pg-boss moves finished jobs to `archive`. */
const RUNS_OF = `(select ${RUN_COLUMNS} from ${JOBS_SCHEMA}.job where name = any($1::text[])
  union all select ${RUN_COLUMNS} from ${JOBS_SCHEMA}.archive where name = any($1::text[]))`;

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toRun(r: Record<string, unknown>): CronJobRun {
  const state = String(r.state) as CronJobRunState;
  const startedAt = iso(r.started_on);
  const completedAt = iso(r.completed_on);
  const retryCount = Number(r.retry_count);
  // pg-boss keeps a failure's error in `output` ({ message } from a worker, or { value: { message } }).
  const output = r.output as { message?: unknown; value?: { message?: unknown } } | null;
  const message = output?.message ?? output?.value?.message;
  return {
    id: String(r.id),
    state,
    createdAt: iso(r.created_on)!,
    startedAt,
    completedAt,
    durationMs: startedAt && completedAt ? Math.max(0, Date.parse(completedAt) - Date.parse(startedAt)) : null,
    // pg-boss counts a retry when it fetches the job again: a job that has started made retry_count + 1 attempts.
    attempts: startedAt ? retryCount + 1 : 0,
    error: (state === 'failed' || state === 'retry') && typeof message === 'string' ? message : null,
  };
}

export function createCronJobService(ctx: Pick<ModuleContext, 'database' | 'jobs'>) {
  const { database, jobs } = ctx;

  const scheduleOf = (name: string) => {
    const s = jobs.schedules.find((j) => j.name === name);
    if (!s) throw new AppError('NOT_FOUND', 404);
    return s;
  };

  async function pausedNames(): Promise<Set<string>> {
    const rows = await database.db.select({ name: cronJobPauses.name }).from(cronJobPauses);
    return new Set(rows.map((r) => r.name));
  }

  /** A job's description in the reader's language (`cronjobs.description.<name>`), else as the job declares it. */
  function describeJob(name: string, fallback: string | undefined, lang: Language): string | null {
    const key = `cronjobs.description.${name}`;
    return isMessageKey(key) ? translate(lang, key) : (fallback ?? null);
  }

  async function describe(names: string[], lang: Language, now = new Date()): Promise<CronJob[]> {
    const all = jobs.schedules.filter((s) => names.includes(s.name));
    const [pauses, scheduled, lastRuns] = await Promise.all([
      database.db.select().from(cronJobPauses),
      database.executeSql(`select name from ${JOBS_SCHEMA}.schedule where name = any($1::text[])`, [names]),
      database.executeSql(`select distinct on (name) * from ${RUNS_OF} runs order by name, created_on desc`, [names]),
    ]);
    const pausedAt = new Map(pauses.map((p) => [p.name, p.pausedAt.toISOString()]));
    const enabled = new Set(scheduled.rows.map((r) => String(r.name)));
    const last = new Map(lastRuns.rows.map((r) => [String(r.name), toRun(r)]));
    return all
      .map((s) => {
        const on = enabled.has(s.name);
        return {
          name: s.name,
          description: describeJob(s.name, s.description, lang),
          cron: s.cron,
          schedule: describeCron(s.cron, lang),
          enabled: on,
          pausedAt: pausedAt.get(s.name) ?? null,
          lastRun: last.get(s.name) ?? null,
          nextRunAt: on ? iso(nextRunAt(s.cron, now)) : null,
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  const get = async (name: string, lang: Language) => (await describe([scheduleOf(name).name], lang))[0]!;

  return {
    /** The job engine leaves these schedules out at start. */
    pausedNames,

    list: (lang: Language) => describe(jobs.schedules.map((s) => s.name), lang),

    get,

    async runs(name: string, query: CronJobRunListQuery): Promise<CronJobRunPage> {
      scheduleOf(name);
      const offset = (query.page - 1) * query.pageSize;
      const [page, count] = await Promise.all([
        database.executeSql(`select * from ${RUNS_OF} runs order by created_on desc, id limit $2 offset $3`, [[name], query.pageSize, offset]),
        database.executeSql(`select count(*)::int as total from ${RUNS_OF} runs`, [[name]]),
      ]);
      return { items: page.rows.map(toRun), total: Number(count.rows[0]?.total ?? 0), page: query.page, pageSize: query.pageSize };
    },

    /** One job of the cron job's queue, due now: the same handler and payload as the schedule's. */
    async runNow(name: string): Promise<{ jobId: string }> {
      scheduleOf(name);
      return { jobId: await jobs.send(name, {}) };
    },

    async pause(name: string, userId: string, lang: Language): Promise<CronJob> {
      scheduleOf(name);
      // Remembered first: should the unschedule fail, the next start leaves the schedule out anyway.
      await database.db.insert(cronJobPauses).values({ name, pausedBy: userId }).onConflictDoNothing();
      await jobs.pauseSchedule(name);
      return get(name, lang);
    },

    async resume(name: string, lang: Language): Promise<CronJob> {
      scheduleOf(name);
      await jobs.resumeSchedule(name);
      await database.db.delete(cronJobPauses).where(eq(cronJobPauses.name, name));
      return get(name, lang);
    },
  };
}

export type CronJobService = ReturnType<typeof createCronJobService>;
