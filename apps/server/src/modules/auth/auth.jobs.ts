import type { Jobs } from '../../platform/jobs';
import type { AuthService } from './auth.service';

export const PURGE_EXPIRED_JOB = 'auth.purge-expired';

export function registerAuthJobs(jobs: Jobs, auth: AuthService): void {
  jobs.register(PURGE_EXPIRED_JOB, () => auth.purgeExpired(), {
    cron: '17 * * * *',
    description: 'Remove expired sessions, used email links and old rate-limit windows',
  });
}
