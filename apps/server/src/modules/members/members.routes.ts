import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangeMemberPermissionEndpoint,
  ChangeMemberRoleEndpoint,
  ConfirmInviteEndpoint,
  InviteMemberEndpoint,
  ListMembersEndpoint,
  MemberPermissionsByResourceEndpoint,
  MemberPermissionsEndpoint,
  RemoveMemberEndpoint,
  ResendInviteEndpoint,
  SubSellerRolesEndpoint,
  VerifyInviteEndpoint,
} from '@exship/contracts';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import type { MemberService } from './members.service';

/** SPEC §7 /members/* and /role/sub-seller-role, exactly as written. */
export const memberRoutes =
  (members: MemberService): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, ListMembersEndpoint, (req) => members.list(authOf(req)));
    route(app, InviteMemberEndpoint, (req) => members.invite(authOf(req), req.body));
    route(app, ResendInviteEndpoint, (req) => members.resend(authOf(req), req.params.id));
    route(app, VerifyInviteEndpoint, (req) => members.verify(req.params.id));
    route(app, ConfirmInviteEndpoint, (req) => members.confirm(req.body, req.lang));
    route(app, ChangeMemberRoleEndpoint, (req) => members.changeRole(authOf(req), req.body));
    route(app, ChangeMemberPermissionEndpoint, (req) => members.changePermissions(authOf(req), req.body));
    route(app, MemberPermissionsByResourceEndpoint, (req) => members.byResource(authOf(req)));
    route(app, MemberPermissionsEndpoint, (req) => members.permissionsOf(authOf(req), req.query.memberId));
    route(app, RemoveMemberEndpoint, (req) => members.remove(authOf(req), req.body.memberId));
    route(app, SubSellerRolesEndpoint, (req) => members.subSellerRoles(authOf(req)));
  };
