import { App, Avatar, Button, Dropdown, Space, Typography, type MenuProps } from 'antd';
import {
  GlobalOutlined,
  HomeOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, type Profile } from '@exship/contracts';
import { authApi } from '../../api/endpoints';
import { session, useSession } from '../../api/session';
import { LANGUAGE_LABEL } from '../../shared/language-switch';
import { roleName } from '../../shared/role-name';
import { useChangeLanguage } from '../../shared/use-change-language';
import './app-header.css';
import { NotificationBell } from './notification-bell';
import { WalletBoxes } from './wallet-boxes';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

export function AppHeader({
  profile,
  collapsed,
  onToggleMenu,
  compact,
}: {
  profile: Profile;
  collapsed: boolean;
  onToggleMenu: () => void;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { language } = useSession();
  const changeLanguage = useChangeLanguage();

  const logout = () =>
    modal.confirm({
      title: t('header.logout.confirmTitle'),
      content: t('header.logout.confirm'),
      okText: t('header.logout.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await authApi.logout();
        } catch {
          // The session is ended locally either way; an expired token is already gone on the server.
        }
        session.clear();
        queryClient.clear();
        navigate('/app/login', { replace: true });
        message.success(t('header.logout.done'));
      },
    });

  const accountItems: MenuProps['items'] = [
    { key: '/app/profile', icon: <UserOutlined />, label: t('header.account.info') },
    { key: '/app/profile?t=setting', icon: <SettingOutlined />, label: t('header.account.setting') },
    { key: '/app/profile?t=change-password', icon: <KeyOutlined />, label: t('header.account.changePassword') },
    { type: 'divider' },
    { key: '/', icon: <HomeOutlined />, label: t('header.account.backHome') },
    { key: 'logout', icon: <LogoutOutlined />, label: t('header.account.logout'), danger: true },
  ];

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, height: '100%' }}>
      <Button
        type="text"
        aria-label={collapsed ? t('header.menu.expand') : t('header.menu.collapse')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggleMenu}
      />
      <div style={{ flex: 1 }} />
      <WalletBoxes profile={profile} compact={compact} />
      <Space size={compact ? 2 : 8}>
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [language],
            items: LANGUAGES.map((l) => ({ key: l, label: LANGUAGE_LABEL[l] })),
            onClick: ({ key }) => changeLanguage(key as Language),
          }}
        >
          {/* The name holds the visible text (WCAG 2.5.3 Label in name). */}
          <Button type="text" icon={<GlobalOutlined />} aria-label={compact ? t('common.language') : `${t('common.language')}: ${LANGUAGE_LABEL[language]}`}>
            {compact ? null : LANGUAGE_LABEL[language]}
          </Button>
        </Dropdown>
        <NotificationBell userId={profile.id} timeZone={profile.timeZone} />
        <Dropdown
          trigger={['click']}
          menu={{
            items: accountItems,
            onClick: ({ key }) => (key === 'logout' ? logout() : navigate(key)),
          }}
        >
          {/* Named by its content, after a hidden "Account menu:", so the name holds all the visible text (WCAG 2.5.3). */}
          <Button type="text" style={{ height: 44, paddingInline: 6 }}>
            <span className="exh-sr-only">{t('header.account.menu')}: </span>
            <Space size={8}>
              <Avatar src={profile.avatar ?? undefined} style={{ background: '#1d4ed8' }}>
                {initials(profile.fullName)}
              </Avatar>
              {!compact && (
                <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.2 }}>
                  <Typography.Text strong ellipsis style={{ maxWidth: 160 }}>
                    {profile.fullName}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {roleName(profile.role, t)}
                  </Typography.Text>
                </span>
              )}
            </Space>
          </Button>
        </Dropdown>
      </Space>
    </div>
  );
}
