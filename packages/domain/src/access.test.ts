import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PERMISSION_CODES, ROLES, SCREENS, SCREEN_KEYS, rolePermissions } from '@exship/contracts';
import { buildMenu, effectivePermissions, hasAccess } from '.';

describe('hasAccess — SPEC §6', () => {
  it('an empty key is open to any signed-in user', () => {
    expect(hasAccess([], null)).toBe(true);
    expect(hasAccess([], '')).toBe(true);
  });

  it('an action code needs exactly that code', () => {
    expect(hasAccess(['EX-ORDER-LIST'], 'EX-ORDER-LIST')).toBe(true);
    expect(hasAccess(['EX-ORDER-LIST'], 'EX-ORDER-CANCEL')).toBe(false);
  });

  it('a screen key is granted by any of its codes', () => {
    expect(hasAccess(['EX-PRICING-VIEW'], 'EX_VIEW_PRICING')).toBe(true);
    expect(hasAccess(['EX-PRICING-MANAGE'], 'EX_VIEW_PRICING')).toBe(true);
    expect(hasAccess(['EX-ORDER-LIST'], 'EX_VIEW_PRICING')).toBe(false);
  });

  it('keys joined with __ mean any of them', () => {
    expect(hasAccess(['EX-TAX-LIST'], 'EX_VIEW_CARRIER__EX_VIEW_TAX')).toBe(true);
    expect(hasAccess(['EX-ORDER-LIST'], 'EX_VIEW_CARRIER__EX_VIEW_TAX')).toBe(false);
    expect(hasAccess(['EX-ORDER-LIST'], '__')).toBe(false);
  });

  it('property: a single key and a joined key are decided as by splitting every key on __', () => {
    // hasAccess skips the split for a key without `__` (every route's case); the decision must not change.
    const bySplit = (granted: ReadonlySet<string>, key: string | null) =>
      !key ||
      key.split('__').some((part) => {
        if (!part) return false;
        if (granted.has(part)) return true;
        const viaScreen = (SCREEN_KEYS as Record<string, readonly string[]>)[part];
        return viaScreen !== undefined && viaScreen.some((c) => granted.has(c));
      });
    const code = fc.constantFrom(...PERMISSION_CODES);
    const part = fc.oneof(fc.constantFrom(...Object.keys(SCREEN_KEYS), ...PERMISSION_CODES), fc.constantFrom('', '_', 'EX-NOPE', 'EX_VIEW_NOPE'));
    const key = fc.oneof(fc.constant(null), part, fc.array(part, { minLength: 1, maxLength: 4 }).map((ps) => ps.join('__')));
    fc.assert(
      fc.property(fc.uniqueArray(code, { maxLength: 20 }), key, fc.boolean(), (granted, k, asSet) => {
        expect(hasAccess(asSet ? new Set(granted) : granted, k)).toBe(bySplit(new Set(granted), k));
      }),
      { numRuns: 2000 },
    );
  });

  it('property: a joined key passes exactly when one of its parts passes', () => {
    const code = fc.constantFrom(...PERMISSION_CODES);
    const key = fc.constantFrom(...Object.keys(SCREEN_KEYS), ...PERMISSION_CODES);
    fc.assert(
      fc.property(fc.uniqueArray(code, { maxLength: 20 }), fc.array(key, { minLength: 1, maxLength: 4 }), (granted, parts) => {
        expect(hasAccess(granted, parts.join('__'))).toBe(parts.some((p) => hasAccess(granted, p)));
      }),
    );
  });
});

describe('effectivePermissions', () => {
  it('adds grants and removes restrictions on top of the role', () => {
    expect(effectivePermissions(['A', 'B'], [{ code: 'B', granted: false }, { code: 'C', granted: true }])).toEqual(['A', 'C']);
  });
});

describe('catalog', () => {
  it('every screen key points at catalogued codes, every role at catalogued codes', () => {
    const known = new Set<string>(PERMISSION_CODES);
    for (const codes of Object.values(SCREEN_KEYS)) for (const c of codes) expect(known.has(c), c).toBe(true);
    for (const role of ROLES) for (const c of rolePermissions(role)) expect(known.has(c), `${role.code}: ${c}`).toBe(true);
  });

  it('codes follow the EX- / EXR- prefixes and are unique', () => {
    expect(new Set(PERMISSION_CODES).size).toBe(PERMISSION_CODES.length);
    expect(PERMISSION_CODES.every((c) => /^EX-[A-Z-]+$/.test(c))).toBe(true);
    expect(ROLES.every((r) => r.code.startsWith('EXR-'))).toBe(true);
  });

  it('screen paths are unique and live under /app', () => {
    const paths = SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.every((p) => p.startsWith('/app/'))).toBe(true);
  });
});

describe('buildMenu — SPEC §2', () => {
  const ids = (perms: string[]) =>
    buildMenu(perms).flatMap((e) => (e.type === 'group' ? [`${e.group}:${e.items.map((i) => i.id).join(',')}`] : [`${e.type}:${e.screen.id}`]));

  it('shows only what the permissions allow, open entries always', () => {
    expect(ids([])).toEqual(['item:dashboard', 'setting:notifications']);
    // The email templates screen asks for EX-EMAIL-TEMPLATE-MANAGE (EX_VIEW_EMAILS).
    expect(ids(['EX-EMAIL-TEMPLATE-MANAGE'])).toEqual(['item:dashboard', 'setting:emails,notifications']);
    // The airline pages are the airline permission's: reading freights alone does not open them.
    expect(ids(['EX-FREIGHT-LIST'])).toEqual(['item:dashboard', 'freight:listingFreight', 'setting:notifications']);
    expect(ids(['EX-AIRLINE-MANAGE'])).toEqual(['item:dashboard', 'freight:airline', 'setting:notifications']);
  });

  it('a seller sees orders and products but no staff groups', () => {
    const seller = rolePermissions(ROLES.find((r) => r.code === 'EXR-CUSTOMER')!);
    const menu = ids(seller);
    expect(menu).toContain('orders:orders,scanForm,trackingLogs,checkAddress');
    expect(menu.some((m) => m.startsWith('pickup:'))).toBe(false);
    expect(menu.some((m) => m.startsWith('freight:'))).toBe(false);
    expect(menu).not.toContain('item:userManagement');
  });

  it('collapses carrier management to a single Price entry when pricing is all there is', () => {
    expect(ids(['EX-PRICING-VIEW'])).toContain('price:pricing');
    expect(ids(['EX-PRICING-VIEW', 'EX-TAX-LIST'])).toContain('carrier:pricing,tax');
  });

  it('keeps the SPEC order: dashboard first, integrations last for a super admin', () => {
    const all = ids(rolePermissions(ROLES.find((r) => r.code === 'EXR-SUPER-ADMIN')!));
    expect(all[0]).toBe('item:dashboard');
    expect(all.at(-1)).toBe('item:integrations');
    expect(all.indexOf('item:trackRouting')).toBeLessThan(all.findIndex((m) => m.startsWith('orders:')));
  });
});
