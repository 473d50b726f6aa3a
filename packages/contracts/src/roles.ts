import { z } from 'zod';
import { idField, textField } from './fields';
import { ROLE_KINDS } from './permissions';

// SPEC §2 /app/setting-user/role, /resource, /permission; §3 "Resource and permission: name, code,
// description, parent. Role: name, code, optional parent role, permissions"; §6 role codes EXR-,
// permission codes EX-, resource codes RS-.

/** Uppercase letters, digits and single dashes after the prefix. */
const codePattern = (prefix: string) => new RegExp(`^${prefix}-[A-Z0-9]+(-[A-Z0-9]+)*$`);
export const ROLE_CODE_PATTERN = codePattern('EXR');
export const RESOURCE_CODE_PATTERN = codePattern('RS');
export const PERMISSION_CODE_PATTERN = codePattern('EX');

const code = (pattern: RegExp) => textField().trim().max(64, 'validation.invalid').regex(pattern, 'validation.code.prefix');
const name = () => textField().trim().min(1, 'validation.required').max(120, 'validation.invalid');
const description = () => textField().trim().max(500, 'validation.invalid');

export const RoleSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(ROLE_KINDS),
  parentCode: z.string().nullable(),
  /** One of the §6 roles the product seeds: never deleted, its code never changes. */
  seeded: z.boolean(),
  usersCount: z.number().int(),
  permissions: z.array(z.string()),
});
export type Role = z.infer<typeof RoleSchema>;

export const RoleBodySchema = z.object({
  code: code(ROLE_CODE_PATTERN),
  name: name(),
  description: description().nullable().optional(),
  kind: z.enum(ROLE_KINDS).optional(),
  parentCode: code(ROLE_CODE_PATTERN).nullable().optional(),
});
export type RoleBody = z.infer<typeof RoleBodySchema>;

export const RoleIdParamsSchema = z.object({ id: idField() });

export const RolePermissionsBodySchema = z.object({ codes: z.array(textField().max(64, 'validation.invalid')).max(1000, 'validation.invalid') });

export const ResourceSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  parentCode: z.string().nullable(),
  /** Declared by the product's code: never deleted, its code never changes. */
  builtIn: z.boolean(),
  permissionsCount: z.number().int(),
});
export type Resource = z.infer<typeof ResourceSchema>;

export const ResourceBodySchema = z.object({
  code: code(RESOURCE_CODE_PATTERN),
  name: name(),
  description: description().nullable().optional(),
  parentCode: code(RESOURCE_CODE_PATTERN).nullable().optional(),
});
export type ResourceBody = z.infer<typeof ResourceBodySchema>;

export const ResourceParamsSchema = z.object({ code: textField().regex(RESOURCE_CODE_PATTERN, 'validation.invalid') });

export const PermissionSchema = z.object({
  code: z.string(),
  description: z.string(),
  /** The resource the permission belongs to (its parent). */
  resourceCode: z.string(),
  /** Used by a route of the product: never deleted, its code never changes. */
  builtIn: z.boolean(),
  rolesCount: z.number().int(),
});
export type Permission = z.infer<typeof PermissionSchema>;

export const PermissionBodySchema = z.object({
  code: code(PERMISSION_CODE_PATTERN),
  description: name(),
  resourceCode: code(RESOURCE_CODE_PATTERN),
});
export type PermissionBody = z.infer<typeof PermissionBodySchema>;

export const PermissionParamsSchema = z.object({ code: textField().regex(PERMISSION_CODE_PATTERN, 'validation.invalid') });

export const RoleMatrixSchema = z.object({
  roles: z.array(z.object({ code: z.string(), name: z.string() })),
  permissions: z.array(z.object({ code: z.string(), description: z.string(), resourceCode: z.string() })),
  /** Role code → the permission codes it holds. */
  grants: z.record(z.string(), z.array(z.string())),
});
export type RoleMatrix = z.infer<typeof RoleMatrixSchema>;
