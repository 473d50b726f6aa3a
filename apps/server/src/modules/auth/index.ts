import { defineModule } from '../../platform/module';
import { emailsModule } from '../emails';
import { usersModule } from '../users';
import { authJobs } from './auth.jobs';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';

export { FORGOT_PASSWORD_JOB, type AuthService } from './auth.service';
export { PURGE_EXPIRED_JOB } from './auth.jobs';

/** Register, verify, login, sessions, logout, passwords; keeps the users module's sessions port. */
export const authModule = defineModule({
  name: 'auth',
  needs: [usersModule, emailsModule],
  setup(ctx, use) {
    const auth = createAuthService({ db: ctx.database.db, mailer: ctx.mailer, jobs: ctx.jobs, appUrl: ctx.config.appUrl, google: ctx.config.google, outboundFetch: ctx.outbound.fetch, changes: ctx.database.changes });
    // Deactivation revokes sessions in its own transaction; setting changes drop cached sessions.
    use(usersModule).connectSessions({ revokeAll: (tx, userId) => auth.revokeAllSessions(tx, userId), forgetCached: (userId) => auth.forgetUser(userId) });
    return auth;
  },
  routes: (ctx, auth) => [authRoutes(ctx.database.db, auth)],
  jobs: (_ctx, auth) => authJobs(auth),
  sessions: (auth) => auth.resolveSession,
});
