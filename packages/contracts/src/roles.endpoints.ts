import { z } from 'zod';
import { defineEndpoint, XLSX_MIME } from './endpoint';
import {
  PermissionBodySchema,
  PermissionParamsSchema,
  PermissionSchema,
  ResourceBodySchema,
  ResourceParamsSchema,
  ResourceSchema,
  RoleBodySchema,
  RoleIdParamsSchema,
  RoleMatrixSchema,
  RolePermissionsBodySchema,
  RoleSchema,
} from './roles';

// SPEC §2 /app/setting-user/role, /resource, /permission; §6 configurable roles. Keep zod calls
// inside the descriptors: the web build drops them there.
const tags = ['roles'] as const;

export const ListRolesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/roles',
  access: 'EX-ROLE-LIST',
  summary: 'List the roles',
  description: 'Every role with its parent, whether the product seeded it, how many users hold it and its permission codes.',
  operationId: 'listRoles',
  tags,
  reply: z.array(RoleSchema),
});

export const CreateRoleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/roles',
  access: 'EX-ROLE-MANAGE',
  summary: 'Create a role',
  description: 'Code EXR- then uppercase letters, digits and dashes, unique (409 CODE_TAKEN). The kind follows the parent role when not given (staff without a parent).',
  operationId: 'createRole',
  tags,
  body: RoleBodySchema,
  reply: RoleSchema,
  status: 201,
  message: 'roles.created',
  errors: [409],
});

export const UpdateRoleEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/roles/:id',
  access: 'EX-ROLE-MANAGE',
  summary: 'Update a role',
  description: 'Name, code and parent. A seeded role keeps its code (409 ROLE_PROTECTED); a parent that leads back to the role is refused (400).',
  operationId: 'updateRole',
  tags,
  params: RoleIdParamsSchema,
  body: RoleBodySchema,
  reply: RoleSchema,
  message: 'roles.updated',
  errors: [404, 409],
});

export const DeleteRoleEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/roles/:id',
  access: 'EX-ROLE-MANAGE',
  summary: 'Delete a role',
  description: 'Seeded roles are never deleted (409 ROLE_PROTECTED); a role that users hold is refused with their count (409 ROLE_IN_USE).',
  operationId: 'deleteRole',
  tags,
  params: RoleIdParamsSchema,
  reply: z.null(),
  message: 'roles.deleted',
  errors: [404, 409],
});

export const SetRolePermissionsEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/roles/:id/permissions',
  access: 'EX-ROLE-MANAGE',
  summary: "Replace a role's permissions",
  description: 'Only existing permission codes (422 PERMISSIONS_UNKNOWN naming the others). Every signed-in user of the role has the new set from their next request.',
  operationId: 'setRolePermissions',
  tags,
  params: RoleIdParamsSchema,
  body: RolePermissionsBodySchema,
  reply: RoleSchema,
  message: 'roles.permissionsUpdated',
  errors: [404, 422],
});

export const RoleMatrixEndpoint = defineEndpoint({
  method: 'GET',
  path: '/roles/matrix',
  access: 'EX-ROLE-LIST',
  summary: 'Roles × permissions',
  operationId: 'roleMatrix',
  tags,
  reply: RoleMatrixSchema,
});

export const RoleMatrixXlsxEndpoint = defineEndpoint({
  method: 'GET',
  path: '/roles/matrix.xlsx',
  access: 'EX-ROLE-LIST',
  summary: 'Roles × permissions as a workbook',
  operationId: 'roleMatrixXlsx',
  tags,
  reply: { binary: XLSX_MIME, description: 'One row per role (code, name), one column per permission code, "x" where the role holds it' },
});

export const ListResourcesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/resources',
  access: 'EX-RESOURCE-LIST',
  summary: 'List the resources',
  operationId: 'listResources',
  tags,
  reply: z.array(ResourceSchema),
});

export const CreateResourceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/resources',
  access: 'EX-RESOURCE-MANAGE',
  summary: 'Create a resource',
  operationId: 'createResource',
  tags,
  body: ResourceBodySchema,
  reply: ResourceSchema,
  status: 201,
  message: 'resources.created',
  errors: [409],
});

export const UpdateResourceEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/resources/:code',
  access: 'EX-RESOURCE-MANAGE',
  summary: 'Update a resource',
  description: 'A resource the product declares keeps its code (409 RESOURCE_IN_USE).',
  operationId: 'updateResource',
  tags,
  params: ResourceParamsSchema,
  body: ResourceBodySchema,
  reply: ResourceSchema,
  message: 'resources.updated',
  errors: [404, 409],
});

export const DeleteResourceEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/resources/:code',
  access: 'EX-RESOURCE-MANAGE',
  summary: 'Delete a resource',
  description: 'Only a resource the product does not declare and that has no permissions nor child resources.',
  operationId: 'deleteResource',
  tags,
  params: ResourceParamsSchema,
  reply: z.null(),
  message: 'resources.deleted',
  errors: [404, 409],
});

export const ListPermissionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/permissions',
  access: 'EX-PERMISSION-LIST',
  summary: 'List the permissions',
  operationId: 'listPermissions',
  tags,
  reply: z.array(PermissionSchema),
});

export const CreatePermissionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/permissions',
  access: 'EX-PERMISSION-MANAGE',
  summary: 'Create a permission',
  operationId: 'createPermission',
  tags,
  body: PermissionBodySchema,
  reply: PermissionSchema,
  status: 201,
  message: 'permissions.created',
  errors: [409],
});

export const UpdatePermissionEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/permissions/:code',
  access: 'EX-PERMISSION-MANAGE',
  summary: 'Update a permission',
  description: 'A permission a route of the product uses keeps its code (409 PERMISSION_PROTECTED).',
  operationId: 'updatePermission',
  tags,
  params: PermissionParamsSchema,
  body: PermissionBodySchema,
  reply: PermissionSchema,
  message: 'permissions.updated',
  errors: [404, 409],
});

export const DeletePermissionEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/permissions/:code',
  access: 'EX-PERMISSION-MANAGE',
  summary: 'Delete a permission',
  description: 'A permission a route of the product uses is never deleted (409 PERMISSION_PROTECTED); roles holding it lose it.',
  operationId: 'deletePermission',
  tags,
  params: PermissionParamsSchema,
  reply: z.null(),
  message: 'permissions.deleted',
  errors: [404, 409],
});
