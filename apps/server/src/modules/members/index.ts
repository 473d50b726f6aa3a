import { defineModule } from '../../platform/module';
import { emailsModule } from '../emails';
import { usersModule } from '../users';
import { memberRoutes } from './members.routes';
import { createMemberService } from './members.service';

/** Team members: invites by email, confirm once, sub-seller roles, per-member permissions. */
export const membersModule = defineModule({
  name: 'members',
  needs: [usersModule, emailsModule],
  setup(ctx, use) {
    return createMemberService({ db: ctx.database.db, mailer: ctx.mailer, appUrl: ctx.config.appUrl, users: use(usersModule).members });
  },
  routes: (_ctx, members) => [memberRoutes(members)],
});
