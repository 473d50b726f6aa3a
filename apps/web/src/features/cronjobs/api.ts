import {
  GetCronJobEndpoint,
  ListCronJobRunsEndpoint,
  ListCronJobsEndpoint,
  PauseCronJobEndpoint,
  ResumeCronJobEndpoint,
  RunCronJobEndpoint,
} from '@exship/contracts';
import { call, callEnvelope } from '../../api/call';

// The cron job calls, through the endpoint descriptors of packages/contracts.

export const CRONJOBS_KEY = 'cronjobs';

export const cronJobApi = {
  list: (signal?: AbortSignal) => call(ListCronJobsEndpoint, { signal }),
  get: (name: string, signal?: AbortSignal) => call(GetCronJobEndpoint, { params: { name }, signal }),
  runs: (name: string, query: { page: string; pageSize: string }, signal?: AbortSignal) =>
    callEnvelope(ListCronJobRunsEndpoint, { params: { name }, query, signal }),
  runNow: (name: string) => callEnvelope(RunCronJobEndpoint, { params: { name } }),
  pause: (name: string) => callEnvelope(PauseCronJobEndpoint, { params: { name } }),
  resume: (name: string) => callEnvelope(ResumeCronJobEndpoint, { params: { name } }),
};
