import { buildMenu, type MenuEntry } from '@exship/domain';

/**
 * The side menu and the dashboard tiles: the user's menu (domain's buildMenu, by permission) with
 * only the screens that have landed (`available` in the contracts' SCREENS table).
 */
export function availableMenu(permissions: readonly string[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const entry of buildMenu(permissions)) {
    if (entry.type !== 'group') {
      if (entry.screen.available) entries.push(entry);
      continue;
    }
    const items = entry.items.filter((s) => s.available);
    if (items.length > 0) entries.push({ ...entry, items });
  }
  return entries;
}
