import { defineModule } from '../../platform/module';
import { walletModule } from '../wallet';
import { findUsersByIds } from './users.repository';
import { usersRoutes } from './users.routes';
import { createUsersModule, seedAccessCatalog } from './users.service';
import { hasNoUsers, seedDemoSeller, seedFirstAdmin } from './users.seed';

export {
  type Actor,
  seedAccessCatalog,
  createUser,
  updateUserRow,
  loadPrincipal,
  forgetRoles,
  type Principal,
  getProfile,
  senderOf,
  findUserByEmail,
  findUserById,
  findUsersByIds,
  type UserRow,
  type UserSessions,
} from './users.service';
export { activeAccountUsers, activeUsersFor, activeUsersWithPermission, customerAccountsByEmails, searchCustomers } from './users.repository';
export { seedFirstAdmin, seedDemoSeller, hasNoUsers } from './users.seed';
export type { MemberAccess } from './users.members';
export { openSellerAccount, type NewUserInput } from './users.accounts';

/** Roles, resources, permissions, users, overrides, profile, admin status. The auth module connects its sessions here. */
export const usersModule = defineModule({
  name: 'users',
  needs: [walletModule],
  setup(ctx, use) {
    // Staff lists of top-up requests show whose they are (an account's id is its owner's user id).
    use(walletModule).connectCustomerEmails(async (db, accountIds) => new Map((await findUsersByIds(db, accountIds)).map((u) => [u.id, u.email])));
    return createUsersModule(ctx.database.changes);
  },
  routes: (ctx, m) => [usersRoutes(ctx.database.db, m.useCases, ctx.storage)],
  seeds: () => ({ isEmpty: hasNoUsers, catalog: seedAccessCatalog, firstAdmin: seedFirstAdmin, demo: seedDemoSeller }),
});
