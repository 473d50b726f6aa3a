import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// SPEC §2 /app/setting-user/cronjob: a paused cron job has no row in pg-boss's `schedule` table;
// this row remembers the pause, so the job engine leaves the schedule out again after a restart.
export const cronJobPauses = pgTable('cron_job_pauses', {
  /** The cron job's queue name, as registered. */
  name: text('name').primaryKey(),
  pausedAt: timestamp('paused_at', { withTimezone: true }).notNull().defaultNow(),
  pausedBy: uuid('paused_by'),
});
