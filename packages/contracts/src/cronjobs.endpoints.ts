import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { CronJobParamsSchema, CronJobRunListQuerySchema, CronJobRunNowReplySchema, CronJobRunPageSchema, CronJobSchema } from './cronjobs';

// SPEC §2 /app/setting-user/cronjob, /app/cronjob-detail/{_id}: the pg-boss schedules the product
// registers, their runs from pg-boss's own records, run now, pause and resume. The name (the queue)
// is the id. Keep zod calls inside the descriptors: the web build drops them there.
const tags = ['cronjobs'] as const;

export const ListCronJobsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/cronjobs',
  access: 'EX-CRONJOB-LIST',
  summary: 'List the cron jobs',
  description: 'Every schedule the product registers: cron (UTC) and the schedule in words, enabled, the last run and the next run.',
  operationId: 'listCronJobs',
  tags,
  reply: z.array(CronJobSchema),
});

export const GetCronJobEndpoint = defineEndpoint({
  method: 'GET',
  path: '/cronjobs/:name',
  access: 'EX-CRONJOB-LIST',
  summary: 'One cron job',
  operationId: 'getCronJob',
  tags,
  params: CronJobParamsSchema,
  reply: CronJobSchema,
  errors: [404],
});

export const ListCronJobRunsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/cronjobs/:name/runs',
  access: 'EX-CRONJOB-LIST',
  summary: 'The runs of a cron job, newest first',
  description: "From pg-boss's job and archive tables: state, created, started, completed, duration, attempts and the error of a failed run.",
  operationId: 'listCronJobRuns',
  tags,
  params: CronJobParamsSchema,
  query: CronJobRunListQuerySchema,
  reply: CronJobRunPageSchema,
  errors: [404],
});

export const RunCronJobEndpoint = defineEndpoint({
  method: 'POST',
  path: '/cronjobs/:name/run',
  access: 'EX-CRONJOB-MANAGE',
  summary: 'Run a cron job now',
  description: 'Queues one job of the cron job\'s queue now; it runs through the same handler as the schedule. Allowed while paused.',
  operationId: 'runCronJob',
  tags,
  params: CronJobParamsSchema,
  reply: CronJobRunNowReplySchema,
  status: 201,
  message: 'cronjobs.queued',
  errors: [404],
});

export const PauseCronJobEndpoint = defineEndpoint({
  method: 'POST',
  path: '/cronjobs/:name/pause',
  access: 'EX-CRONJOB-MANAGE',
  summary: 'Pause a cron job',
  description: 'Removes its schedule from pg-boss and remembers the pause, so a restart keeps it paused. Jobs already queued still run.',
  operationId: 'pauseCronJob',
  tags,
  params: CronJobParamsSchema,
  reply: CronJobSchema,
  message: 'cronjobs.paused',
  errors: [404],
});

export const ResumeCronJobEndpoint = defineEndpoint({
  method: 'POST',
  path: '/cronjobs/:name/resume',
  access: 'EX-CRONJOB-MANAGE',
  summary: 'Resume a paused cron job',
  operationId: 'resumeCronJob',
  tags,
  params: CronJobParamsSchema,
  reply: CronJobSchema,
  message: 'cronjobs.resumed',
  errors: [404],
});
