import { defineModule } from '../../platform/module';
import { deadJobsRoutes } from './system.jobs';
import { systemRoutes } from './system.routes';

/** Health, the staff view of dead jobs, and the e2e-only outbox reader. */
export const systemModule = defineModule({
  name: 'system',
  setup: () => ({}),
  routes: (ctx) => [systemRoutes(ctx.database, { e2e: ctx.config.e2e }), deadJobsRoutes(ctx.jobs)],
});
