import './locales';
import { useEffect, useState, type ReactNode } from 'react';
import { Drawer, Layout, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { PRODUCT_NAME } from '@exship/contracts';
import { ApiError } from '../../api/client';
import { authApi } from '../../api/endpoints';
import { session, useSession } from '../../api/session';
import { Brand } from '../../shared/brand';
import { MENU_COLLAPSE_QUERY, PHONE_QUERY, useMediaQuery } from '../../shared/use-media-query';
import { AppHeader } from './app-header';
import { IntegrationsBanner } from './integrations-banner';
import { SideMenu } from './side-menu';

const SIDER_WIDTH = 240; // SPEC §2

/** Keeps the stored profile fresh (permissions or wallet may have changed since sign-in). */
function useProfileRefresh(token: string | null) {
  const me = useQuery({ queryKey: ['me', token], queryFn: ({ signal }) => authApi.me(signal), enabled: !!token });
  useEffect(() => {
    if (me.data?.data) session.setProfile(me.data.data);
  }, [me.data]);
  useEffect(() => {
    // SPEC §4: an inactive account loses its token.
    if (me.error instanceof ApiError && me.error.code === 'ACCOUNT_INACTIVE') session.clear();
  }, [me.error]);
  return me;
}

/** The signed-in app: side menu (collapsible, a drawer on phones), header, and the screen. */
export default function AppLayout({ children }: { children?: ReactNode }) {
  const { token, profile } = useSession();
  const narrow = useMediaQuery(MENU_COLLAPSE_QUERY);
  const phone = useMediaQuery(PHONE_QUERY);
  const [collapsed, setCollapsed] = useState(narrow);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setCollapsed(narrow), [narrow]);
  useEffect(() => {
    if (!phone) setDrawerOpen(false);
  }, [phone]);
  const me = useProfileRefresh(token);
  useEffect(() => {
    // Warm the error-page chunks so a refused or unknown screen does not flash the loader.
    void import('../../features/errors/forbidden-page');
    void import('../../features/errors/not-found-page');
  }, []);

  if (!profile) {
    return (
      <div role="status" style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin size="large" spinning={me.isPending} />
      </div>
    );
  }

  const menu = (inDrawer: boolean) => <SideMenu permissions={profile.permissions} collapsed={!inDrawer && collapsed} onNavigate={inDrawer ? () => setDrawerOpen(false) : undefined} />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!phone && (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          trigger={null}
          theme="light"
          style={{ borderInlineEnd: '1px solid #e5e7eb', position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        >
          <div style={{ height: 64, display: 'flex', alignItems: 'center', justifyContent: collapsed ? 'center' : 'flex-start', paddingInline: collapsed ? 0 : 20 }}>
            <Brand to="/app/dashboard" compact={collapsed} />
          </div>
          {menu(false)}
        </Layout.Sider>
      )}
      {phone && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDER_WIDTH}
          title={<Brand to="/app/dashboard" />}
          styles={{ body: { padding: 0 } }}
        >
          {menu(true)}
        </Drawer>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            paddingInline: phone ? 8 : 16,
            borderBottom: '1px solid #e5e7eb',
            position: 'sticky',
            top: 0,
            zIndex: 10,
            height: 64,
            lineHeight: 'normal',
          }}
        >
          <AppHeader
            profile={profile}
            collapsed={phone ? !drawerOpen : collapsed}
            onToggleMenu={() => (phone ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))}
            compact={phone}
          />
        </Layout.Header>
        <IntegrationsBanner key={token ?? ''} profile={profile} token={token} />
        {/* antd's Content is the page's one <main>. */}
        <Layout.Content style={{ padding: phone ? 12 : 24, minWidth: 0 }}>{children ?? <Outlet />}</Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', color: '#475569', padding: '12px 24px' }}>
          {PRODUCT_NAME} © {new Date().getFullYear()}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
