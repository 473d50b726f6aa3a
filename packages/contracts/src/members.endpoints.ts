import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { RATE_LIMITS } from './limits';
import { idField, textField } from './fields';
import {
  ChangeMemberPermissionBodySchema,
  ChangeMemberRoleBodySchema,
  ConfirmInviteBodySchema,
  InviteMemberBodySchema,
  MemberIdBodySchema,
  MemberSchema,
  PermissionsByResourceSchema,
} from './members';

// SPEC §7 Members, exactly as written. The owner (EX-TEAM-MEMBER-MANAGE) manages its own account's
// members only; another account's member answers 404. Keep zod calls inside the descriptors.
const tags = ['members'] as const;
const manage = 'EX-TEAM-MEMBER-MANAGE' as const;

export const ListMembersEndpoint = defineEndpoint({
  method: 'GET', path: '/members/list', access: manage, summary: 'My team: members and pending invites', operationId: 'listMembers', tags,
  reply: z.array(MemberSchema()),
});
export const InviteMemberEndpoint = defineEndpoint({
  method: 'POST', path: '/members/invite-member', access: manage, summary: 'Invite a team member by email',
  description: 'Sends a link to /app/teams/confirm-invite, valid 72 hours and good once. An address of a user of this same account answers 409; any other address is invited alike (the reply does not tell whether it has an account elsewhere), and an address with an account cannot confirm (409 on the link).',
  operationId: 'inviteMember', tags, body: InviteMemberBodySchema(), reply: MemberSchema(), status: 201, message: 'member.invited', errors: [403, 409, 422, 429],
});
export const ResendInviteEndpoint = defineEndpoint({
  method: 'GET', path: '/members/resend-invite-member/:id', access: manage, summary: 'Send a pending invite again (a new link; the old one stops working)',
  operationId: 'resendInvite', tags, params: z.object({ id: idField() }), reply: MemberSchema(), message: 'member.inviteResent', errors: [403, 404, 409, 429],
});
export const VerifyInviteEndpoint = defineEndpoint({
  method: 'GET', path: '/members/verify-invite/:id', access: 'public', summary: 'What an invite link is for (the confirm screen)',
  description: '`id` is the token of the link. 404 when unknown, used or expired.', operationId: 'verifyInvite', tags,
  params: z.object({ id: textField().regex(/^[A-Za-z0-9_-]{20,100}$/, 'validation.invalid') }),
  reply: z.object({ email: z.string(), teamName: z.string(), roleName: z.string(), expiresAt: z.string() }), errors: [404, 409, 429],
  rateLimit: RATE_LIMITS.publicLink,
});
export const ConfirmInviteEndpoint = defineEndpoint({
  method: 'POST', path: '/members/confirm-invite', access: 'public', summary: 'Accept an invite: the member account is created (pending → confirmed)',
  operationId: 'confirmInvite', tags, body: ConfirmInviteBodySchema(), reply: z.object({ email: z.string() }), status: 201, message: 'member.confirmed', errors: [404, 409, 429],
  rateLimit: RATE_LIMITS.publicPasswordSet,
});
export const ChangeMemberRoleEndpoint = defineEndpoint({
  method: 'POST', path: '/members/change-role', access: manage, summary: 'Give a member another sub-seller role (its permission changes are cleared)',
  operationId: 'changeMemberRole', tags, body: ChangeMemberRoleBodySchema(), reply: MemberSchema(), message: 'member.roleChanged', errors: [403, 404],
});
export const ChangeMemberPermissionEndpoint = defineEndpoint({
  method: 'POST', path: '/members/change-permission', access: manage, summary: 'Set a member\'s permissions (per resource, within the owner\'s own)',
  description: 'The full list of changes against the member\'s role: granted adds a code, not granted removes it. Codes the owner does not hold answer 403.',
  operationId: 'changeMemberPermission', tags, body: ChangeMemberPermissionBodySchema(), reply: z.object({ permissions: z.array(z.string()) }), message: 'member.permissionsChanged', errors: [403, 404],
});
export const MemberPermissionsByResourceEndpoint = defineEndpoint({
  method: 'GET', path: '/members/permission/list-by-resource', access: manage, summary: 'The permissions an owner can give, grouped by resource',
  operationId: 'memberPermissionsByResource', tags, reply: PermissionsByResourceSchema(),
});
export const MemberPermissionsEndpoint = defineEndpoint({
  method: 'GET', path: '/members/permission/get-permission-user/', access: manage, summary: 'A member\'s effective permissions',
  operationId: 'memberPermissions', tags, query: z.object({ memberId: idField() }), reply: z.object({ role: z.string(), permissions: z.array(z.string()) }), errors: [404],
});
export const RemoveMemberEndpoint = defineEndpoint({
  method: 'PATCH', path: '/members/remove-member', access: manage, summary: 'Remove a member (its sessions end at once) or withdraw an invite',
  operationId: 'removeMember', tags, body: MemberIdBodySchema(), reply: z.object({ removed: z.boolean() }), message: 'member.removed', errors: [403, 404],
});
export const SubSellerRolesEndpoint = defineEndpoint({
  method: 'GET', path: '/role/sub-seller-role', access: manage, summary: 'The roles a member can have',
  description: '`assignable` says whether the caller may give the role: only one whose every permission the caller holds.',
  operationId: 'subSellerRoles', tags,
  reply: z.array(z.object({ code: z.string(), name: z.string(), permissions: z.array(z.string()), assignable: z.boolean() })),
});
