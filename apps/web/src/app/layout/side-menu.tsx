import './side-menu.css';
import { useMemo, useState, useEffect } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';
import type { MenuEntry } from '@exship/domain';
import { availableMenu } from './available-menu';
import { DEFAULT_ICON, GROUP_ICONS, SCREEN_ICONS } from './menu-icons';

type Item = Required<MenuProps>['items'][number];

/** The menu screen a path belongs to: the longest menu path that prefixes it (detail pages light up their list). */
export function selectedMenuPath(entries: MenuEntry[], pathname: string): { path?: string; group?: string } {
  let best: { path?: string; group?: string } = {};
  let bestLength = -1;
  const consider = (screen: ScreenDef, group?: string) => {
    if ((pathname === screen.path || pathname.startsWith(`${screen.path}/`)) && screen.path.length > bestLength) {
      best = { path: screen.path, group };
      bestLength = screen.path.length;
    }
  };
  for (const e of entries) {
    if (e.type === 'group') e.items.forEach((s) => consider(s, `group:${e.group}`));
    else consider(e.screen);
  }
  return best;
}

/** SPEC §2 side menu, built from the user's permissions: the screens that have landed. */
export function SideMenu({ permissions, collapsed, onNavigate }: { permissions: readonly string[]; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = useMemo(() => availableMenu(permissions), [permissions]);
  const selected = selectedMenuPath(entries, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(selected.group ? [selected.group] : []);
  useEffect(() => {
    if (selected.group) setOpenKeys((keys) => (keys.includes(selected.group!) ? keys : [...keys, selected.group!]));
  }, [selected.group]);

  const items: Item[] = entries.map((entry): Item => {
    switch (entry.type) {
      case 'item':
        return { key: entry.screen.path, icon: SCREEN_ICONS[entry.screen.id] ?? DEFAULT_ICON, label: t(`screen.${entry.screen.id}`) };
      case 'price':
        // SPEC §2: for restricted roles the carrier-management group collapses to a single Price entry.
        return { key: entry.screen.path, icon: SCREEN_ICONS.pricing, label: t('menu.price') };
      case 'group':
        return {
          key: `group:${entry.group}`,
          icon: GROUP_ICONS[entry.group],
          label: t(`menuGroup.${entry.group}`),
          children: entry.items.map((s) => ({ key: s.path, label: t(`screen.${s.id}`) })),
        };
    }
  });

  return (
    <nav aria-label={t('layout.navigation')}>
    <Menu
      className="exs-menu"
      mode="inline"
      items={items}
      selectedKeys={selected.path ? [selected.path] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none' }}
    />
    </nav>
  );
}
