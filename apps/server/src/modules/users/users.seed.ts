import { eq } from 'drizzle-orm';
import { DEFAULT_SELLER_ROLE, SUPER_ADMIN_ROLE } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { hashPassword } from '../../platform/passwords';
import { DEMO_OPENING_BALANCE_CENTS, seedOpeningBalance } from '../wallet';
import { createUser, openSellerAccount } from './users.accounts';
import { findRoleByCode, findUserByEmail } from './users.repository';
import { users } from './users.tables';

/**
 * The first super admin, when no user holds that role yet; the password is asked for only then. It may
 * check parcels in (SPEC §6 allow-check-in): someone must, before staff allow others.
 */
export async function seedFirstAdmin(db: Db, email: string, password: () => string, mustChangePassword = false): Promise<boolean> {
  const role = await findRoleByCode(db, SUPER_ADMIN_ROLE);
  const [any] = await db.select({ id: users.id }).from(users).where(eq(users.roleId, role!.id)).limit(1);
  if (any || (await findUserByEmail(db, email))) return false;
  await createUser(db, { email, passwordHash: await hashPassword(password()), fullName: 'ExShip Admin', roleCode: SUPER_ADMIN_ROLE, status: 'active', mustChangePassword, allowCheckin: true });
  return true;
}

/** A verified demo seller whose wallet opens with a $500 top-up (so a fresh install can pay orders). */
export async function seedDemoSeller(db: Db, email: string, password: string): Promise<boolean> {
  if (await findUserByEmail(db, email)) return false;
  const seller = await openSellerAccount(db, { email, passwordHash: await hashPassword(password), fullName: 'Demo Seller', roleCode: DEFAULT_SELLER_ROLE, status: 'active' });
  await seedOpeningBalance(db, seller.accountId, DEMO_OPENING_BALANCE_CENTS);
  return true;
}

export async function hasNoUsers(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}
