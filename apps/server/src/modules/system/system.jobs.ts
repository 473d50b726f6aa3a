import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ListDeadJobsEndpoint } from '@exship/contracts';
import { route } from '../../platform/endpoints';
import type { Jobs } from '../../platform/jobs';

/**
 * Staff see the jobs that failed after their last retry (the dead letters): which queue, the
 * payload, the last error, how many attempts. Same permission as the cron job list.
 */
export const deadJobsRoutes =
  (jobs: Jobs): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, ListDeadJobsEndpoint, (req) => jobs.deadJobs(req.query.limit));
  };
