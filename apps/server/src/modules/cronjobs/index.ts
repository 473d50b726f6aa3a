import { defineModule } from '../../platform/module';
import { cronJobRoutes } from './cronjobs.routes';
import { createCronJobService } from './cronjobs.service';

/** SPEC §2 cron jobs: the registered schedules with pg-boss's records, run now, pause and resume. */
export const cronJobsModule = defineModule({
  name: 'cronjobs',
  setup: (ctx) => {
    const service = createCronJobService(ctx);
    // A paused cron job stays paused across restarts: the engine leaves its schedule out.
    ctx.jobs.skipSchedulesOf(service.pausedNames);
    return service;
  },
  routes: (_ctx, service) => [cronJobRoutes(service)],
});
