import './locales';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Space, Statistic, Tag, Typography, type TableColumnsType } from 'antd';
import { ArrowRightOutlined, AuditOutlined, CarOutlined, ColumnWidthOutlined, DollarOutlined, ExclamationCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';
import { formatDateTime, hasAccess } from '@exship/domain';
import { productsApi } from '../../api/endpoints';
import { useSession } from '../../api/session';
import { availableMenu } from '../../app/layout/available-menu';
import { DEFAULT_ICON, GROUP_ICONS, SCREEN_ICONS } from '../../app/layout/menu-icons';
import { usd } from '../../shared/money';
import { ResponsiveTable } from '../../shared/responsive-table';
import { roleName } from '../../shared/role-name';
import { dashboardApi, linkTo } from './api';
import { Sparkline, StatusChart } from './dashboard-charts';

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

/** A count that opens the list it counts; amber when something waits. */
function CountTile({ title, count, to, icon, warn = true }: { title: string; count: number; to: string; icon?: React.ReactNode; warn?: boolean }) {
  return (
    <Link to={to}>
      <Card hoverable size="small" style={{ height: '100%' }}>
        <Statistic
          title={title}
          value={count}
          prefix={icon}
          styles={{ content: { color: warn && count > 0 ? '#b45309' : '#0f172a', fontWeight: 600 } }}
        />
        {/* The link's name is what it shows: the title and the count (the arrow is no word). */}
        <ArrowRightOutlined aria-hidden style={{ color: '#1d4ed8' }} />
      </Card>
    </Link>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('dashboard.failed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('dashboard.retry')}
        </Button>
      }
    />
  );
}

const SELLER_ACTION_ICONS: Record<string, React.ReactNode> = {
  'error-dimension': <ColumnWidthOutlined aria-hidden />,
  'label-error': <WarningOutlined aria-hidden />,
  'surcharge-unpaid': <DollarOutlined aria-hidden />,
};

/** A seller's own account: the wallet, this week's orders, parcels needing action, recent orders. */
function SellerView() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const query = useQuery({ queryKey: ['dashboard', 'seller'], queryFn: ({ signal }) => dashboardApi.seller(signal) });
  const d = query.data;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError || !d) return <LoadFailed onRetry={() => void query.refetch()} />;
  const zone = profile?.timeZone ?? d.timeZone;
  const stat = (label: string, value: string, color: string) => (
    <Col xs={24} sm={12} lg={8} key={label}>
      <Card size="small">
        <Typography.Text type="secondary">{label}</Typography.Text>
        <div style={{ fontSize: 26, fontWeight: 600, color, fontVariantNumeric: 'tabular-nums' }}>{value}</div>
      </Card>
    </Col>
  );
  const weekTotal = d.weekByStatus.reduce((s, r) => s + r.count, 0);
  const bars = d.weekByStatus.map((r) => ({ status: t(`dashboard.status.${r.status}`), count: r.count }));
  const orderColumns: TableColumnsType<(typeof d.recentOrders)[number]> = [
    { title: t('dashboard.recent.order'), dataIndex: 'exOrderId', render: (v: string, r) => <Link to={`/app/orders/order-detail/${r._id}`}>{v}</Link> },
    { title: t('dashboard.recent.name'), dataIndex: 'orderName' },
    { title: t('dashboard.recent.status'), dataIndex: 'status', render: (v: string) => <Tag>{t(`dashboard.status.${v}`)}</Tag> },
    { title: t('dashboard.recent.total'), dataIndex: 'total', align: 'right', render: (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{usd(v)}</span> },
    { title: t('dashboard.recent.created'), dataIndex: 'createdAt', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v, zone)}</span> },
  ];
  return (
    <>
      <section aria-labelledby="dash-wallet">
        <SectionTitle>
          <span id="dash-wallet">{t('dashboard.wallet')}</span>
        </SectionTitle>
        <Row gutter={[16, 16]}>
          {stat(t('dashboard.balance'), usd(d.wallet.balance), d.wallet.balance < 0 ? '#b91c1c' : '#047857')}
          {stat(t('dashboard.unpaid'), usd(d.wallet.unpaid), d.wallet.unpaid > 0 ? '#b91c1c' : '#0f172a')}
          {d.wallet.creditLeft !== null && stat(t('dashboard.creditRemaining', { limit: usd(d.wallet.creditLimit) }), usd(d.wallet.creditLeft), '#1d4ed8')}
          {d.wallet.creditBlocked && stat(t('dashboard.credit'), t('dashboard.creditBlocked'), '#b91c1c')}
        </Row>
      </section>
      <section aria-labelledby="dash-action">
        <SectionTitle>
          <span id="dash-action">{t('dashboard.needsAction')}</span>
        </SectionTitle>
        <Row gutter={[16, 16]}>
          {d.needsAction.map((a) => (
            <Col xs={12} md={8} xl={6} key={a.key}>
              <CountTile title={t(`dashboard.action.${a.key}`)} count={a.count} to={linkTo(a.link)} icon={SELLER_ACTION_ICONS[a.key]} />
            </Col>
          ))}
          <Col xs={12} md={8} xl={6}>
            <CountTile title={t('dashboard.inTransit')} count={d.inTransit.count} to={linkTo(d.inTransit.link)} icon={<CarOutlined aria-hidden />} warn={false} />
          </Col>
          <Col xs={12} md={8} xl={6}>
            <CountTile title={t('dashboard.exceptions')} count={d.exceptions.count} to={linkTo(d.exceptions.link)} icon={<ExclamationCircleOutlined aria-hidden />} />
          </Col>
        </Row>
      </section>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card size="small" title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('dashboard.thisWeek', { total: weekTotal })}</h2>} style={{ height: '100%' }}>
            {bars.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.thisWeekEmpty')} />
            ) : (
              <StatusChart data={bars} label={t('dashboard.thisWeekSummary', { list: bars.map((b) => `${b.status}: ${b.count}`).join(', ') })} />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('dashboard.recent')}</h2>} extra={<Link to="/app/orders">{t('dashboard.recent.all')}</Link>} style={{ height: '100%' }}>
            <ResponsiveTable
              size="small"
              rowKey="_id"
              columns={orderColumns}
              dataSource={d.recentOrders}
              pagination={false}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.recent.empty')} /> }}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}

type Kpi = { today: number; last7DaysAverage: number; sparkline: { day: string; value: number }[] };

function KpiCard({ title, kpi, format }: { title: string; kpi: Kpi; format: (v: number) => string }) {
  const { t } = useTranslation();
  const diff = kpi.last7DaysAverage === 0 ? null : (kpi.today - kpi.last7DaysAverage) / Math.abs(kpi.last7DaysAverage);
  const values = kpi.sparkline.map((p) => p.value);
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic title={title} value={format(kpi.today)} styles={{ content: { fontWeight: 600 } }} />
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t('dashboard.kpi.vsAverage', { average: format(kpi.last7DaysAverage) })}
        {diff !== null && (
          <span style={{ marginInlineStart: 6, color: diff >= 0 ? '#15803d' : '#b91c1c' }}>
            {diff >= 0 ? '▲' : '▼'} {Math.abs(diff * 100).toFixed(0)}%
          </span>
        )}
      </Typography.Text>
      {values.length > 1 && (
        <Sparkline
          values={values}
          label={t('dashboard.kpi.sparkline', { title, days: values.length, list: kpi.sparkline.map((p) => format(p.value)).join(', ') })}
        />
      )}
    </Card>
  );
}

const percent = (v: number) => `${(v * 100).toFixed(1)}%`;
const count = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(v);

/** Staff: the work queues they may open, with counts that link to the filtered lists, and the KPIs. */
function StaffView() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: ['dashboard', 'staff'], queryFn: ({ signal }) => dashboardApi.staff(signal) });
  const d = query.data;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError || !d) return <LoadFailed onRetry={() => void query.refetch()} />;
  const k = d.kpis;
  return (
    <>
      <section aria-labelledby="dash-queues">
        <SectionTitle>
          <span id="dash-queues">{t('dashboard.queues')}</span>
        </SectionTitle>
        {d.queues.length === 0 ? (
          <Card size="small">
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.queues.none')} />
          </Card>
        ) : (
          <Row gutter={[16, 16]}>
            {d.queues.map((q) => (
              <Col xs={12} md={8} xl={6} key={q.key}>
                <CountTile title={t(`dashboard.queue.${q.key}`)} count={q.count} to={linkTo(q.link)} />
              </Col>
            ))}
          </Row>
        )}
      </section>
      {k && (
        <section aria-labelledby="dash-kpis">
          <SectionTitle>
            <span id="dash-kpis">{t('dashboard.kpis')}</span>
          </SectionTitle>
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={12} xl={6}>
              <KpiCard title={t('dashboard.kpi.orders')} kpi={k.orders} format={count} />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <KpiCard title={t('dashboard.kpi.revenue')} kpi={k.revenue} format={usd} />
            </Col>
            {k.margin && (
              <Col xs={24} sm={12} xl={6}>
                <KpiCard title={t('dashboard.kpi.margin')} kpi={k.margin} format={usd} />
              </Col>
            )}
            {k.onTimeRate && (
              <Col xs={24} sm={12} xl={6}>
                <KpiCard title={t('dashboard.kpi.onTime')} kpi={k.onTimeRate} format={percent} />
              </Col>
            )}
          </Row>
        </section>
      )}
    </>
  );
}

/**
 * SPEC §2 /app/dashboard: who you are; a seller's wallet, orders and parcels needing action; staff's
 * work queues and KPIs; and the screens you can open.
 */
export default function DashboardPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  if (!profile) return <Skeleton active />;
  const seller = profile.role.kind === 'customer';
  const staffQueues = !seller && hasAccess(profile.permissions, 'EX-ACT-FOR-CUSTOMER');

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
      {seller && <SellerView />}
      {staffQueues && <StaffView />}
      {/* Staff who may not read the work queues still see the products waiting for them. */}
      {!seller && !staffQueues && hasAccess(profile.permissions, 'EX-PRODUCT-APPROVE') && hasAccess(profile.permissions, 'EX-PRODUCT-LIST') && <WaitingApproval />}
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
