import type { ReactNode } from 'react';
import {
  AimOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CarOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  InboxOutlined,
  PercentageOutlined,
  RocketOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { MenuGroup } from '@exship/contracts';

// Named imports only: the icon package tree-shakes, so only these glyphs reach the bundle.
export const SCREEN_ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  trackRouting: <AimOutlined />,
  discount: <PercentageOutlined />,
  billing: <WalletOutlined />,
  userManagement: <TeamOutlined />,
  ticket: <CustomerServiceOutlined />,
  integrations: <ApiOutlined />,
  pricing: <DollarOutlined />,
};

export const GROUP_ICONS: Record<MenuGroup, ReactNode> = {
  orders: <FileTextOutlined />,
  products: <ShoppingOutlined />,
  pickup: <InboxOutlined />,
  freight: <RocketOutlined />,
  report: <BarChartOutlined />,
  carrier: <CarOutlined />,
  setting: <SettingOutlined />,
};

export const DEFAULT_ICON = <AppstoreOutlined />;
