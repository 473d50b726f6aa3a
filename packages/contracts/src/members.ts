import { z } from 'zod';
import { passwordField } from './auth';
import { idField, textField } from './fields';

// Team members (SPEC §2 /app/teams/confirm-invite, §4 pending → confirmed, §6 team members per
// resource, §7 /members/* and /role/sub-seller-role). A member is a user of the owner's account: it
// acts on the owner's data, with a sub-seller role and per-member permission overrides.

/** The roles a seller may give a member (the customer roles below the seller's own). */
export const SUB_SELLER_ROLES = ['EXR-MANAGER', 'EXR-ACCOUNTANT', 'EXR-SELLER-ACCOUNTANT', 'EXR-SUPPORT'] as const;
export const MEMBER_STATUSES = ['pending', 'confirmed', 'removed'] as const;
export const MEMBER_LIMITS = { inviteHours: 72, maxMembers: 50 } as const;

export const MemberSchema = () =>
  z.object({
    _id: z.string(),
    email: z.string(),
    fullName: z.string().nullable(),
    role: z.object({ code: z.string(), name: z.string() }),
    status: z.enum(MEMBER_STATUSES),
    invitedAt: z.string(),
    expiresAt: z.string().nullable(),
    confirmedAt: z.string().nullable(),
  });
export type Member = z.infer<ReturnType<typeof MemberSchema>>;

export const InviteMemberBodySchema = () =>
  z.object({
    email: textField().trim().toLowerCase().email('validation.email.invalid').max(254, 'validation.email.invalid'),
    roleCode: z.enum(SUB_SELLER_ROLES, { error: 'validation.role.invalid' }),
  });
export const ConfirmInviteBodySchema = () =>
  z.object({
    token: textField().regex(/^[A-Za-z0-9_-]{20,100}$/, 'validation.invalid'),
    fullName: textField().trim().min(1, 'validation.required').max(60, 'validation.invalid'),
    password: passwordField,
  });
export const MemberIdBodySchema = () => z.object({ memberId: idField() });
export const ChangeMemberRoleBodySchema = () => z.object({ memberId: idField(), roleCode: z.enum(SUB_SELLER_ROLES, { error: 'validation.role.invalid' }) });
export const ChangeMemberPermissionBodySchema = () =>
  z.object({ memberId: idField(), permissions: z.array(z.object({ code: textField().regex(/^EX-[A-Z0-9-]+$/, 'validation.invalid'), granted: z.boolean() })).max(300, 'validation.invalid') });
export const PermissionsByResourceSchema = () =>
  z.array(z.object({ resource: z.string(), name: z.string(), permissions: z.array(z.object({ code: z.string(), name: z.string() })) }));
