import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GetCronJobEndpoint, ListCronJobRunsEndpoint, ListCronJobsEndpoint, PauseCronJobEndpoint, ResumeCronJobEndpoint, RunCronJobEndpoint } from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import type { CronJobService } from './cronjobs.service';

/** SPEC §2 /app/setting-user/cronjob: reading needs EX-CRONJOB-LIST, run now / pause / resume EX-CRONJOB-MANAGE. */
export const cronJobRoutes =
  (service: CronJobService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, ListCronJobsEndpoint, (req) => service.list(req.lang));
    route(app, GetCronJobEndpoint, (req) => service.get(req.params.name, req.lang));
    route(app, ListCronJobRunsEndpoint, (req) => service.runs(req.params.name, req.query));
    route(app, RunCronJobEndpoint, (req) => service.runNow(req.params.name));
    route(app, PauseCronJobEndpoint, (req) => service.pause(req.params.name, authOf(req).userId, req.lang));
    route(app, ResumeCronJobEndpoint, (req) => service.resume(req.params.name, req.lang));
  };
