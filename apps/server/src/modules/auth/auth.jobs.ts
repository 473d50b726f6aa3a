import { job } from '../../platform/module';
import { FORGOT_PASSWORD_JOB, type AuthService, type ForgotPasswordJob } from './auth.service';

export const PURGE_EXPIRED_JOB = 'auth.purge-expired';

export const authJobs = (auth: AuthService) => [
  job(PURGE_EXPIRED_JOB, () => auth.purgeExpired(), {
    cron: '17 * * * *',
    description: 'Remove expired sessions, used email links and old rate-limit windows',
  }),
  job<ForgotPasswordJob>(FORGOT_PASSWORD_JOB, (data) => auth.sendResetLink(data), { description: 'Mail a password reset link, if the account exists' }),
];
