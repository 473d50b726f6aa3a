import './locales';
import { Card, Col, Empty, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';
import { formatDateTime, hasAccess } from '@exship/domain';
import { productsApi } from '../../api/endpoints';
import { useSession } from '../../api/session';
import { availableMenu } from '../../app/layout/available-menu';
import { DEFAULT_ICON, GROUP_ICONS, SCREEN_ICONS } from '../../app/layout/menu-icons';
import { hasWallet, useWallet } from '../../app/layout/wallet-boxes';
import { usd } from '../../shared/money';
import { roleName } from '../../shared/role-name';

/** A section heading under the page's <h1>, sized for a card. */
function SectionTitle({ children }: { children: React.ReactNode }) {
  return (
    <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
      {children}
    </Typography.Title>
  );
}

/** The list the tile opens: products sent for approval, waiting for a reviewer. */
export const WAITING_APPROVAL_PATH = '/app/products?approvalStatus=waiting_approval';

/** Reviewers see how many products wait for them, from the products list's totals. */
function WaitingApproval() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['products', 'waiting-approval-count'],
    queryFn: ({ signal }) => productsApi.list({ page: 1, pageSize: 1, approvalStatus: 'waiting_approval' }, signal),
  });
  const count = query.data?.data.totalWaitingApproval;
  return (
    <section aria-labelledby="dash-staff-work">
      <SectionTitle>
        <span id="dash-staff-work">{t('dashboard.staffWork')}</span>
      </SectionTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={8}>
          <Link to={WAITING_APPROVAL_PATH}>
            <Card hoverable size="small">
              {query.isError ? (
                <Typography.Text type="secondary">{t('dashboard.waitingApproval.failed')}</Typography.Text>
              ) : (
                <Statistic
                  title={t('dashboard.waitingApproval')}
                  value={count ?? 0}
                  loading={query.isPending}
                  prefix={<AuditOutlined aria-hidden />}
                  styles={{ content: { color: count ? '#874d00' : '#0f172a', fontWeight: 600 } }}
                />
              )}
              <span style={{ color: '#1d4ed8' }}>{t('dashboard.waitingApproval.open')} →</span>
            </Card>
          </Link>
        </Col>
      </Row>
    </section>
  );
}

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
      <SectionTitle>{t('dashboard.wallet')}</SectionTitle>
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
  for (const entry of availableMenu(profile.permissions)) {
    if (entry.type === 'item' && entry.screen.id !== 'dashboard') links.push({ screen: entry.screen, icon: SCREEN_ICONS[entry.screen.id] ?? DEFAULT_ICON, label: t(`screen.${entry.screen.id}`) });
    if (entry.type === 'price') links.push({ screen: entry.screen, icon: SCREEN_ICONS.pricing, label: t('menu.price') });
    if (entry.type === 'group') entry.items.forEach((s) => links.push({ screen: s, icon: GROUP_ICONS[entry.group], label: t(`screen.${s.id}`) }));
  }

  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 8, fontSize: 24 }}>
          {t('dashboard.greeting', { name: profile.fullName })}
        </Typography.Title>
        <Space wrap size={[8, 8]}>
          <Tag color={profile.role.kind === 'staff' ? 'geekblue' : 'green'}>{roleName(profile.role, t)}</Tag>
          <Typography.Text type="secondary">{profile.email}</Typography.Text>
          <Typography.Text type="secondary">
            {t('dashboard.memberSince', { date: formatDateTime(profile.createdAt, profile.timeZone).slice(0, 10) })}
          </Typography.Text>
        </Space>
      </Card>
      {hasAccess(profile.permissions, 'EX-PRODUCT-APPROVE') && hasAccess(profile.permissions, 'EX-PRODUCT-LIST') && <WaitingApproval />}
      {hasWallet(profile) && <WalletSummary />}
      <section aria-label={t('dashboard.quickLinks')}>
        <SectionTitle>{t('dashboard.quickLinks')}</SectionTitle>
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
                      <span style={{ color: '#1d4ed8', fontSize: 18 }} aria-hidden>
                        {icon}
                      </span>
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
