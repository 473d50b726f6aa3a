import {
  CreatePermissionEndpoint,
  CreateResourceEndpoint,
  CreateRoleEndpoint,
  DeletePermissionEndpoint,
  DeleteResourceEndpoint,
  DeleteRoleEndpoint,
  ListPermissionsEndpoint,
  ListResourcesEndpoint,
  ListRolesEndpoint,
  RoleMatrixEndpoint,
  RoleMatrixXlsxEndpoint,
  SetRolePermissionsEndpoint,
  UpdatePermissionEndpoint,
  UpdateResourceEndpoint,
  UpdateRoleEndpoint,
  type PermissionBody,
  type ResourceBody,
  type RoleBody,
} from '@exship/contracts';
import { call, callEnvelope, download } from '../../api/call';

// Roles, resources and permissions, through the endpoint descriptors of packages/contracts.

export const ROLES_KEY = 'roles';
export const RESOURCES_KEY = 'resources';
export const PERMISSIONS_KEY = 'permissions';

export const rolesApi = {
  list: (signal?: AbortSignal) => call(ListRolesEndpoint, { signal }),
  create: (body: RoleBody) => callEnvelope(CreateRoleEndpoint, { body }),
  update: (id: string, body: RoleBody) => callEnvelope(UpdateRoleEndpoint, { params: { id }, body }),
  remove: (id: string) => callEnvelope(DeleteRoleEndpoint, { params: { id } }),
  setPermissions: (id: string, codes: string[]) => callEnvelope(SetRolePermissionsEndpoint, { params: { id }, body: { codes } }),
  matrix: (signal?: AbortSignal) => call(RoleMatrixEndpoint, { signal }),
  matrixXlsx: () => download(RoleMatrixXlsxEndpoint),
};

export const resourcesApi = {
  list: (signal?: AbortSignal) => call(ListResourcesEndpoint, { signal }),
  create: (body: ResourceBody) => callEnvelope(CreateResourceEndpoint, { body }),
  update: (code: string, body: ResourceBody) => callEnvelope(UpdateResourceEndpoint, { params: { code }, body }),
  remove: (code: string) => callEnvelope(DeleteResourceEndpoint, { params: { code } }),
};

export const permissionsApi = {
  list: (signal?: AbortSignal) => call(ListPermissionsEndpoint, { signal }),
  create: (body: PermissionBody) => callEnvelope(CreatePermissionEndpoint, { body }),
  update: (code: string, body: PermissionBody) => callEnvelope(UpdatePermissionEndpoint, { params: { code }, body }),
  remove: (code: string) => callEnvelope(DeletePermissionEndpoint, { params: { code } }),
};
