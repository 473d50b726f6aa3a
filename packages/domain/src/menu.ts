import { MENU_GROUP_ORDER, SCREENS, type MenuGroup, type ScreenDef } from '@exship/contracts';
import { hasAccess } from './access';

export type MenuEntry =
  | { type: 'item'; screen: ScreenDef }
  | { type: 'group'; group: MenuGroup; items: ScreenDef[] }
  /** SPEC §2: for restricted roles the carrier-management group collapses to one Price entry. */
  | { type: 'price'; screen: ScreenDef };

/** The side menu a user sees, in SPEC §2 order, with every entry filtered by its key. */
export function buildMenu(permissions: readonly string[]): MenuEntry[] {
  const granted = new Set(permissions);
  const visible = SCREENS.filter((s) => s.menu && hasAccess(granted, s.key)).sort((a, b) => a.menu!.order - b.menu!.order);
  const entries: { order: number; entry: MenuEntry }[] = [];
  for (const screen of visible.filter((s) => !s.menu!.group)) entries.push({ order: screen.menu!.order, entry: { type: 'item', screen } });
  for (const group of MENU_GROUP_ORDER) {
    const items = visible.filter((s) => s.menu!.group === group);
    if (items.length === 0) continue;
    const order = items[0]!.menu!.order;
    if (group === 'carrier' && items.length === 1 && items[0]!.id === 'pricing') {
      entries.push({ order, entry: { type: 'price', screen: items[0]! } });
    } else {
      entries.push({ order, entry: { type: 'group', group, items } });
    }
  }
  return entries.sort((a, b) => a.order - b.order).map((e) => e.entry);
}
