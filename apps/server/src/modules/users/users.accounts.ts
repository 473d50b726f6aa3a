import type { Language, UserStatus } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { openWallet } from '../wallet';
import * as repo from './users.repository';

// Opening a seller account is written once, here: every path that makes one (sign-up, Google
// sign-in, staff creating a seller, the demo seed) calls openSellerAccount. It lives in the users
// module because the account is its owner user; what selling needs besides (the wallet) comes from
// modules below users in modules.ts, so the dependency stays users → wallet and never the reverse.

export interface NewUserInput {
  email: string;
  passwordHash: string;
  fullName: string;
  phone?: string | null;
  roleCode: string;
  status: UserStatus;
  /** The account joined (a team member); a new account of its own (id = account id) when absent. */
  accountId?: string;
  language?: Language;
  mustChangePassword?: boolean;
  /** SPEC §6: the user may check parcels in at the warehouse (with EX-CHECKIN). */
  allowCheckin?: boolean;
  /** Further profile columns (staff's create form). */
  profile?: Partial<Pick<repo.NewUser, 'userName' | 'phone' | 'gender' | 'dateOfBirth' | 'department' | 'tier' | 'accountType'>>;
}

export async function createUser(db: Db, input: NewUserInput): Promise<repo.UserRow> {
  const role = await repo.findRoleByCode(db, input.roleCode);
  if (!role) throw new Error(`role ${input.roleCode} is not seeded`);
  const id = crypto.randomUUID();
  return repo.insertUser(db, {
    id,
    accountId: input.accountId ?? id,
    email: input.email,
    passwordHash: input.passwordHash,
    fullName: input.fullName,
    phone: input.phone ?? null,
    ...input.profile,
    roleId: role.id,
    status: input.status,
    ...(input.language ? { language: input.language } : {}),
    verifiedAt: input.status === 'active' ? new Date() : null,
    mustChangePassword: input.mustChangePassword ?? false,
    allowCheckin: input.allowCheckin ?? false,
  });
}

/** What a seller account needs besides its owner: its wallet. Idempotent (a role change to a seller role calls it again). */
export async function equipSellerAccount(tx: Db, accountId: string): Promise<void> {
  await openWallet(tx, accountId);
}

/** A new seller account: its owner user (the account's id is the owner's) and its wallet, in `tx`. */
export async function openSellerAccount(tx: Db, owner: Omit<NewUserInput, 'accountId'>): Promise<repo.UserRow> {
  const user = await createUser(tx, owner);
  await equipSellerAccount(tx, user.accountId);
  return user;
}
