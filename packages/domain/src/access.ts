import { SCREEN_KEYS, type ScreenKey } from '@exship/contracts';

/**
 * SPEC §6: may a user with these permission codes pass this key?
 * - null or '' is open to any signed-in user;
 * - a screen key (EX_VIEW_…) is granted by any of its action codes;
 * - keys joined with `__` mean any of them.
 */
export function hasAccess(granted: ReadonlySet<string> | readonly string[], key: string | null | undefined): boolean {
  if (!key) return true;
  const set = granted instanceof Set ? granted : new Set(granted as readonly string[]);
  // One key (every route's case): no split, no list of parts.
  if (!key.includes('__')) return passes(set, key);
  return key.split('__').some((part) => part !== '' && passes(set, part));
}

/** One key: the code itself, or a screen key through any of its action codes. */
function passes(set: ReadonlySet<string>, part: string): boolean {
  if (set.has(part)) return true;
  const viaScreen = (SCREEN_KEYS as Record<string, readonly string[]>)[part];
  return viaScreen !== undefined && viaScreen.some((code) => set.has(code));
}

export const isScreenKey = (key: string): key is ScreenKey => key in SCREEN_KEYS;

/**
 * A role's defaults, then the user's overrides (granted true adds, false removes).
 * SPEC §6: changing a user's role replaces earlier restrictions, so overrides are cleared then.
 */
export function effectivePermissions(
  roleDefaults: readonly string[],
  overrides: readonly { code: string; granted: boolean }[],
): string[] {
  const set = new Set(roleDefaults);
  for (const o of overrides) {
    if (o.granted) set.add(o.code);
    else set.delete(o.code);
  }
  return [...set].sort();
}
