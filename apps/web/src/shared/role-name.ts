import type { TFunction } from 'i18next';

/**
 * A role's name in the page's language: the built-in roles have a translation (`role.<code>`,
 * registered with the app layout); a role staff created keeps the name they gave it.
 */
export function roleName(role: { code: string; name: string }, t: TFunction): string {
  return t(`role.${role.code}`, { defaultValue: role.name });
}
