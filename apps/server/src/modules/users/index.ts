export {
  seedAccessCatalog,
  createUser,
  updateUserRow,
  loadPrincipal,
  forgetRoles,
  type Principal,
  getProfile,
  changeUserStatus,
  onUserDeactivated,
  onUserChanged,
  findUserByEmail,
  findUserById,
  type UserRow,
} from './users.service';
export { activeAccountUsers, activeUsersFor } from './users.repository';
export { usersRoutes } from './users.routes';
export { seedFirstAdmin, seedDemoSeller, hasNoUsers } from './users.seed';
