import { Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';
import { buildMenu, formatDateTime, hasAccess } from '@exship/domain';
import { useSession } from '../../api/session';
import { DEFAULT_ICON, GROUP_ICONS, SCREEN_ICONS } from '../../app/layout/menu-icons';
import { useWallet } from '../../app/layout/wallet-boxes';
import { usd } from '../../shared/money';

function WalletSummary() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const { wallet, loading } = useWallet(profile);
  const credit = wallet?.credit && !wallet.credit.isBlocked ? wallet.credit : null;
  const stat = (label: string, value: string, color: string) => (
    <Col xs={24} sm={12} lg={8} key={label}>
      <Card size="small">
        <Typography.Text type="secondary">{label}</Typography.Text>
        <div style={{ fontSize: 26, fontWeight: 600, color, fontVariantNumeric: 'tabular-nums' }}>{value}</div>
      </Card>
    </Col>
  );
  return (
    <section aria-label={t('dashboard.wallet')}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('dashboard.wallet')}
      </Typography.Title>
      {loading || !wallet ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Row gutter={[16, 16]}>
          {stat(t('header.balance'), usd(wallet.balance), '#047857')}
          {stat(t('header.unpaid'), usd(wallet.unpaid), wallet.unpaid > 0 ? '#b91c1c' : '#0f172a')}
          {credit && stat(t('dashboard.creditRemaining', { limit: usd(credit.limit) }), usd(credit.remaining), '#1d4ed8')}
        </Row>
      )}
    </section>
  );
}

/** Dashboard for now: who you are, your wallet, and the screens you can open. Reports land later. */
export default function DashboardPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  if (!profile) return <Skeleton active />;

  const links: { screen: ScreenDef; icon: React.ReactNode; label: string }[] = [];
  for (const entry of buildMenu(profile.permissions)) {
    if (entry.type === 'item' && entry.screen.id !== 'dashboard') links.push({ screen: entry.screen, icon: SCREEN_ICONS[entry.screen.id] ?? DEFAULT_ICON, label: t(`screen.${entry.screen.id}`) });
    if (entry.type === 'price') links.push({ screen: entry.screen, icon: SCREEN_ICONS.pricing, label: t('menu.price') });
    if (entry.type === 'group') entry.items.forEach((s) => links.push({ screen: s, icon: GROUP_ICONS[entry.group], label: t(`screen.${s.id}`) }));
  }

  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 8 }}>
          {t('dashboard.greeting', { name: profile.fullName })}
        </Typography.Title>
        <Space wrap size={[8, 8]}>
          <Tag color={profile.role.kind === 'staff' ? 'geekblue' : 'green'}>{profile.role.name}</Tag>
          <Typography.Text type="secondary">{profile.email}</Typography.Text>
          <Typography.Text type="secondary">
            {t('dashboard.memberSince', { date: formatDateTime(profile.createdAt, profile.timeZone).slice(0, 10) })}
          </Typography.Text>
        </Space>
      </Card>
      {hasAccess(profile.permissions, 'EX-WALLET-VIEW') && <WalletSummary />}
      <section aria-label={t('dashboard.quickLinks')}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('dashboard.quickLinks')}
        </Typography.Title>
        {links.length === 0 ? (
          <Card>
            <Empty description={t('dashboard.noScreens')} />
          </Card>
        ) : (
          <Row gutter={[12, 12]}>
            {links.map(({ screen, icon, label }) => (
              <Col xs={12} sm={8} md={6} xl={4} key={screen.path}>
                <Link to={screen.path}>
                  <Card hoverable size="small" style={{ height: '100%' }}>
                    <Space>
                      <span style={{ color: '#1d4ed8', fontSize: 18 }}>{icon}</span>
                      <span style={{ color: '#0f172a' }}>{label}</span>
                    </Space>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        )}
      </section>
    </Space>
  );
}
