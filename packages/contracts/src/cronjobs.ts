import { z } from 'zod';
import { pageField, textField } from './fields';

// SPEC §2 /app/setting-user/cronjob and /app/cronjob-detail/{_id}; §3 "Cronjob: name, duration,
// description". A cron job is a pg-boss schedule the product registers; its name is its queue.

/** A queue name (`<module>.<what it does>`): it is the cron job's id in paths and in the detail route. */
export const CRONJOB_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,99}$/;

export const CronJobParamsSchema = z.object({ name: textField().regex(CRONJOB_NAME_PATTERN, 'validation.invalid') });

/** pg-boss's job states: created (queued), retry, active, completed, cancelled, failed. */
export const CRONJOB_RUN_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type CronJobRunState = (typeof CRONJOB_RUN_STATES)[number];

export const CronJobRunSchema = z.object({
  id: z.string(),
  state: z.enum(CRONJOB_RUN_STATES),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** completedAt − startedAt in milliseconds, when both are known. */
  durationMs: z.number().int().nullable(),
  /** Attempts so far (pg-boss's retry count + 1 once started). */
  attempts: z.number().int(),
  /** The error message of a failed attempt (or of the failure), from pg-boss's output. */
  error: z.string().nullable(),
});
export type CronJobRun = z.infer<typeof CronJobRunSchema>;

export const CronJobSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  /** The cron expression as registered, evaluated in UTC. */
  cron: z.string(),
  /** The schedule in words, in the caller's language ("Every 5 minutes", "At 03:13 UTC"). */
  schedule: z.string(),
  /** False while paused: the schedule is not in pg-boss, and stays out after a restart. */
  enabled: z.boolean(),
  pausedAt: z.string().nullable(),
  lastRun: CronJobRunSchema.nullable(),
  /** The next instant the schedule fires (null while paused). */
  nextRunAt: z.string().nullable(),
});
export type CronJob = z.infer<typeof CronJobSchema>;

const CRONJOB_RUNS_PAGE_SIZE_MAX = 100;

export const CronJobRunListQuerySchema = z.object({
  page: pageField(),
  pageSize: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(CRONJOB_RUNS_PAGE_SIZE_MAX, 'validation.pageSize').default(20),
});
export type CronJobRunListQuery = z.infer<typeof CronJobRunListQuerySchema>;

export const CronJobRunPageSchema = z.object({
  items: z.array(CronJobRunSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CronJobRunPage = z.infer<typeof CronJobRunPageSchema>;

export const CronJobRunNowReplySchema = z.object({ jobId: z.string() });
