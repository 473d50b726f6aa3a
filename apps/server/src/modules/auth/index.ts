export { createAuthService, type AuthService } from './auth.service';
export { authRoutes } from './auth.routes';
export { registerAuthJobs, PURGE_EXPIRED_JOB } from './auth.jobs';
