import './locales';
import { useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, Input, Popconfirm, Select, Skeleton, Space, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CheckCircleOutlined, EditOutlined, SafetyOutlined, StopOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AccountCreateBodySchema, AccountUpdateBodySchema, RESOURCES, type ScreenDef } from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { useSession } from '../../api/session';
import { userAdminApi, type ManagedUserItem } from '../../api/endpoints';
import { KeywordSearch, NewButton, ScreenCard, ServerTable, StatusTag, useCan, useListQuery, useUrlState } from '../../shared/list-ui';
import { useAction } from '../../shared/use-action';
import { zodRule } from '../../shared/zod-rule';
import { ConfirmIconButton } from '../../shared/confirm-icon-button';
import { DatePicker, viewerDayBound, viewerNow } from '../../shared/date-picker';
import { roleName } from '../../shared/role-name';

// SPEC §2 /app/user-management, §3 User, §7 /admin/*, §9: filters role, tier, date range (default
// the last 7 days), keyword, all kept in the URL. 'all' in a date means the range was cleared.
const SIZES = [10, 15, 20];
const LIST_KEY = 'admin-users';

function defaults() {
  return {
    keyword: '',
    role: '',
    tier: '',
    // The last 7 days up to the user's today (their offset, not the browser's).
    startDate: viewerNow().subtract(7, 'day').format('YYYY-MM-DD'),
    endDate: viewerNow().format('YYYY-MM-DD'),
    pageIndex: '1',
    totalItem: '10',
  };
}

/** A day in the URL → the instant the server compares with: the day at the user's offset. */
const dayBound = (day: string, side: 'from' | 'to') => (day && day !== 'all' ? viewerDayBound(day, side) : '');

export default function UserManagementPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const { profile } = useSession();
  const initial = useMemo(defaults, []);
  const [filters, setFilters] = useUrlState(initial, 'pageIndex');
  const manage = can('EX-USER-MANAGE');
  const list = useListQuery(LIST_KEY, filters, (f, signal) =>
    userAdminApi.list({ ...f, startDate: dayBound(f.startDate, 'from'), endDate: dayBound(f.endDate, 'to') }, signal),
  );
  const roles = useQuery({ queryKey: ['admin-roles'], queryFn: ({ signal }) => userAdminApi.roles(signal), staleTime: 60_000 });
  const [editing, setEditing] = useState<ManagedUserItem | 'new' | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<ManagedUserItem | null>(null);

  const setStatus = useAction((u: ManagedUserItem) => userAdminApi.setStatus(u.id, u.status === 'active' ? 'inactive' : 'active'), { success: 'users.saved', invalidate: [[LIST_KEY]] });
  const setCheckin = useAction((u: ManagedUserItem) => userAdminApi.setCheckin(u.id, !u.allowCheckin), { success: 'users.saved', invalidate: [[LIST_KEY]] });

  const when = (v: string) => formatDateTime(v, profile?.timeZone);
  const columns: TableColumnsType<ManagedUserItem> = [
    {
      title: t('users.fullName'),
      dataIndex: 'fullName',
      // Names wrap between words, never inside one; the email and phone share one column.
      onCell: () => ({ style: { minWidth: 140, overflowWrap: 'normal', wordBreak: 'normal' } }),
      render: (name: string, u) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{name}</Typography.Text>
          {u.userName && <Typography.Text type="secondary">{u.userName}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: `${t('users.email')} / ${t('users.phone')}`,
      dataIndex: 'email',
      render: (email: string, u) => (
        <Space orientation="vertical" size={0}>
          <span>{email}</span>
          {u.phone && <Typography.Text type="secondary">{u.phone}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('users.role'), dataIndex: 'role', render: (r: ManagedUserItem['role']) => <Tag color={r.kind === 'staff' ? 'blue' : 'green'}>{roleName(r, t)}</Tag> },
    {
      title: `${t('users.accountType')} / ${t('users.tier')}`,
      dataIndex: 'accountType',
      render: (v: 'basic' | 'short-video' | undefined, u) => (
        <Space orientation="vertical" size={0}>
          <span>{t(`users.accountType.${v ?? 'basic'}`)}</span>
          {u.tier && <Typography.Text type="secondary">{u.tier}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('users.status'), dataIndex: 'status', render: (s: string) => (s === 'unverified' ? <Tag>{t('users.status.unverified')}</Tag> : <StatusTag status={s} />) },
    {
      title: t('users.checkin'),
      dataIndex: 'allowCheckin',
      render: (on: boolean, u) => (
        <Popconfirm
          title={t(on ? 'users.checkinConfirmOff' : 'users.checkinConfirmOn', { email: u.email })}
          onConfirm={() => setCheckin.run(u)}
          disabled={!manage}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
        >
          <Switch checked={on} disabled={!manage} aria-label={`${t('users.checkin')} ${u.email}`} loading={setCheckin.pending && setCheckin.variables?.id === u.id} />
        </Popconfirm>
      ),
    },
    { title: t('users.createdAt'), dataIndex: 'createdAt', render: when },
    ...(manage
      ? [
          {
            title: t('users.actions'),
            key: 'actions',
            render: (_: unknown, u: ManagedUserItem) => (
              <Space size={4}>
                <Tooltip title={t('users.edit')}>
                  <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(u)} aria-label={t('users.editOf', { name: u.email })} />
                </Tooltip>
                <Tooltip title={t('users.permissions')}>
                  <Button size="small" icon={<SafetyOutlined />} onClick={() => setPermissionsOf(u)} aria-label={t('users.permissionsOf', { name: u.email })} />
                </Tooltip>
                {u.id !== profile?.id && (
                  <ConfirmIconButton
                    tooltip={t(u.status === 'active' ? 'users.deactivate' : 'users.activate')}
                    confirmTitle={t(u.status === 'active' ? 'users.deactivateConfirm' : 'users.activateConfirm', { email: u.email })}
                    onConfirm={() => setStatus.run(u)}
                    okText={t('common.confirm')}
                    cancelText={t('common.cancel')}
                    danger={u.status === 'active'}
                    icon={u.status === 'active' ? <StopOutlined /> : <CheckCircleOutlined />}
                    loading={setStatus.pending && setStatus.variables?.id === u.id}
                  />
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  const range: [Dayjs | null, Dayjs | null] = [
    filters.startDate && filters.startDate !== 'all' ? dayjs(filters.startDate) : null,
    filters.endDate && filters.endDate !== 'all' ? dayjs(filters.endDate) : null,
  ];

  return (
    <ScreenCard title={t('screen.userManagement')} extra={<NewButton show={manage} label={t('users.new')} onClick={() => setEditing('new')} />}>
      <Space wrap style={{ marginBottom: 16 }}>
        <KeywordSearch value={filters.keyword} placeholder={t('users.searchPlaceholder')} onSearch={(keyword) => setFilters({ keyword })} width={280} />
        <Select
          aria-label={t('users.role')}
          style={{ minWidth: 180 }}
          value={filters.role}
          onChange={(role) => setFilters({ role })}
          loading={roles.isLoading}
          options={[{ value: '', label: t('users.allRoles') }, ...(roles.data ?? []).map((r) => ({ value: r.code, label: roleName(r, t) }))]}
        />
        <Input.Search
          aria-label={t('users.tier')}
          placeholder={t('users.tierPlaceholder')}
          defaultValue={filters.tier}
          key={filters.tier}
          allowClear
          style={{ width: 160 }}
          onSearch={(tier) => setFilters({ tier: tier.trim() })}
        />
        <DatePicker.RangePicker
          format="DD-MM-YYYY"
          value={range}
          allowEmpty={[true, true]}
          aria-label={t('users.dateRange')}
          onChange={(dates) => setFilters({ startDate: dates?.[0] ? dates[0].format('YYYY-MM-DD') : 'all', endDate: dates?.[1] ? dates[1].format('YYYY-MM-DD') : 'all' })}
        />
        <Button onClick={() => setFilters({ keyword: '', role: '', tier: '', startDate: '', endDate: '' })}>{t('users.clearFilters')}</Button>
      </Space>
      <ServerTable<ManagedUserItem>
        query={list}
        columns={columns}
        page={Number(filters.pageIndex)}
        pageSize={Number(filters.totalItem)}
        onPage={(pageIndex, totalItem) => setFilters({ pageIndex, totalItem })}
        sizes={SIZES}
        emptyText={t('users.empty')}
      />
      {editing && <UserDrawer user={editing === 'new' ? null : editing} roles={roles.data ?? []} onClose={() => setEditing(null)} />}
      {permissionsOf && <PermissionsDrawer user={permissionsOf} onClose={() => setPermissionsOf(null)} />}
    </ScreenCard>
  );
}

interface UserFormValues {
  fullName: string;
  userName?: string;
  email?: string;
  password?: string;
  phone?: string;
  gender?: 'male' | 'female' | null;
  dateOfBirth?: Dayjs | null;
  department?: string;
  roleCode: string;
  tier?: string;
  accountType?: 'basic' | 'short-video';
}

function UserDrawer({ user, roles, onClose }: { user: ManagedUserItem | null; roles: { code: string; name: string }[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const roleCode = Form.useWatch('roleCode', form);
  const shape = user ? AccountUpdateBodySchema.shape : AccountCreateBodySchema.shape;
  const save = useAction(
    (v: UserFormValues) => {
      const common = {
        fullName: v.fullName,
        userName: v.userName ?? '',
        phone: v.phone ?? '',
        gender: v.gender ?? null,
        dateOfBirth: v.dateOfBirth ? v.dateOfBirth.format('YYYY-MM-DD') : null,
        department: v.department ?? '',
        roleCode: v.roleCode,
        tier: v.tier ?? '',
        accountType: v.accountType ?? 'basic',
      };
      return user ? userAdminApi.update({ userId: user.id, ...common } as never) : userAdminApi.create({ ...common, email: v.email ?? '', password: v.password ?? '' } as never);
    },
    { success: 'users.saved', form, invalidate: [[LIST_KEY]], onSuccess: onClose },
  );
  const initialValues: Partial<UserFormValues> = user
    ? { ...user, userName: user.userName ?? '', phone: user.phone ?? '', department: user.department ?? '', tier: user.tier ?? '', roleCode: user.role.code, dateOfBirth: user.dateOfBirth ? dayjs(user.dateOfBirth) : null }
    : { accountType: 'basic' };
  return (
    <Drawer
      open
      size="min(560px, 100vw)"
      title={user ? t('users.editOf', { name: user.email }) : t('users.new')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.pending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => save.run(v)}>
        <Form.Item name="fullName" label={t('users.fullName')} rules={[zodRule(shape.fullName, t)]} required>
          <Input autoComplete="off" />
        </Form.Item>
        {!user && (
          <>
            <Form.Item name="email" label={t('users.email')} rules={[zodRule(AccountCreateBodySchema.shape.email, t)]} required>
              <Input type="email" autoComplete="off" />
            </Form.Item>
            <Form.Item name="password" label={t('users.password')} rules={[zodRule(AccountCreateBodySchema.shape.password, t)]} extra={t('auth.field.passwordHint')} required>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item name="roleCode" label={t('users.role')} rules={[zodRule(shape.roleCode, t)]} required>
          <Select showSearch optionFilterProp="label" options={roles.map((r) => ({ value: r.code, label: roleName(r, t) }))} />
        </Form.Item>
        {user && roleCode && roleCode !== user.role.code && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('users.roleChangeWarning')} />}
        <Form.Item name="userName" label={t('users.userName')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="phone" label={t('users.phone')} rules={[zodRule(shape.phone, t)]}>
          <Input />
        </Form.Item>
        <Form.Item name="gender" label={t('users.gender')}>
          <Select allowClear options={(['male', 'female'] as const).map((g) => ({ value: g, label: t(`users.gender.${g}`) }))} />
        </Form.Item>
        <Form.Item name="dateOfBirth" label={t('users.dateOfBirth')}>
          <DatePicker format="DD-MM-YYYY" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(viewerNow(), 'day')} />
        </Form.Item>
        <Form.Item name="department" label={t('users.department')}>
          <Input />
        </Form.Item>
        <Form.Item name="tier" label={t('users.tier')}>
          <Input />
        </Form.Item>
        <Form.Item name="accountType" label={t('users.accountType')}>
          <Select
            options={[
              { value: 'basic', label: t('users.accountType.basic') },
              { value: 'short-video', label: t('users.accountType.short-video') },
            ]}
          />
        </Form.Item>
      </Form>
      {user && user.role.kind === 'customer' && <WalletBox userId={user.id} />}
      {user && <ActivityBox userId={user.id} />}
    </Drawer>
  );
}

/** The user's activity trail (sign-ins and changes), newest first, ten at a time. */
function ActivityBox({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const [page, setPage] = useState(1);
  const activity = useQuery({ queryKey: ['admin-user-activity', userId, page], queryFn: ({ signal }) => userAdminApi.activity(userId, page, signal) });
  return (
    <div style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{t('users.activity')}</Typography.Title>
      <Table
        size="small"
        rowKey="_id"
        loading={activity.isLoading}
        dataSource={activity.data?.items ?? []}
        locale={{ emptyText: t('users.activity.empty') }}
        pagination={{ current: page, pageSize: 10, total: activity.data?.total ?? 0, onChange: setPage, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { title: t('users.activity.at'), dataIndex: 'at', width: 150, render: (v: string) => formatDateTime(v, profile?.timeZone) },
          { title: t('users.activity.what'), dataIndex: 'summary', render: (v: string, a) => <Typography.Text title={`${a.method} ${a.route}`}>{v}</Typography.Text> },
          { title: t('users.activity.ip'), dataIndex: 'ip', width: 120, render: (v: string) => v || '—' },
        ]}
      />
    </div>
  );
}

function WalletBox({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const wallet = useQuery({ queryKey: ['admin-user-wallet', userId], queryFn: ({ signal }) => userAdminApi.wallet(userId, signal) });
  const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (wallet.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!wallet.data) return null;
  return (
    <Descriptions title={t('users.wallet')} size="small" column={1} bordered>
      <Descriptions.Item label={t('users.wallet.balance')}>{usd(wallet.data.balance)}</Descriptions.Item>
      <Descriptions.Item label={t('users.wallet.unPaid')}>{usd(wallet.data.unPaid)}</Descriptions.Item>
      {wallet.data.credit && <Descriptions.Item label={t('users.wallet.credit')}>{usd(wallet.data.credit.remaining)}</Descriptions.Item>}
    </Descriptions>
  );
}

type OverrideChoice = 'role' | 'grant' | 'deny';

function PermissionsDrawer({ user, onClose }: { user: ManagedUserItem; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['admin-user-permissions', user.id], queryFn: ({ signal }) => userAdminApi.permissions(user.id, signal) });
  const [choices, setChoices] = useState<Record<string, OverrideChoice> | null>(null);
  const [search, setSearch] = useState('');
  const current: Record<string, OverrideChoice> =
    choices ?? Object.fromEntries((detail.data?.overrides ?? []).map((o) => [o.code, o.granted ? 'grant' : 'deny']));
  const save = useAction(
    () =>
      userAdminApi.setPermissions(
        user.id,
        Object.entries(current)
          .filter(([, c]) => c !== 'role')
          .map(([code, c]) => ({ code, granted: c === 'grant' })),
      ),
    { success: 'users.saved', invalidate: [['admin-user-permissions', user.id]], onSuccess: onClose },
  );
  const roleCodes = new Set(detail.data?.role.permissions ?? []);
  const q = search.trim().toLowerCase();
  const rows = RESOURCES.flatMap((r) =>
    Object.entries(r.permissions as Record<string, string>).map(([code, description]) => ({ code, description, resource: r.name })),
  ).filter((p) => !q || p.code.toLowerCase().includes(q) || p.description.toLowerCase().includes(q) || p.resource.toLowerCase().includes(q));
  return (
    <Drawer
      open
      size="min(720px, 100vw)"
      title={t('users.permissionsOf', { name: user.email })}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.pending} disabled={!detail.data} onClick={() => save.run()}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {detail.isLoading ? (
        <Skeleton active />
      ) : (
        <>
          <Input.Search aria-label={t('users.permissionSearch')} placeholder={t('users.permissionSearch')} allowClear onChange={(e) => setSearch(e.target.value)} style={{ marginBottom: 12 }} />
          <Table
            size="small"
            rowKey="code"
            pagination={false}
            // Fits the drawer: the permission's description wraps, so the Status select stays in view
            // (with a max-content scroll the long descriptions pushed it past the right edge).
            tableLayout="fixed"
            dataSource={rows}
            columns={[
              {
                title: t('users.permissions'),
                dataIndex: 'code',
                render: (code: string, p) => (
                  <Space orientation="vertical" size={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Typography.Text code>{code}</Typography.Text>
                    <Typography.Text type="secondary">
                      {p.resource} · {p.description}
                    </Typography.Text>
                  </Space>
                ),
              },
              { title: t('users.role'), key: 'inRole', width: 120, render: (_, p) => (roleCodes.has(p.code) ? <Tag color="blue" style={{ whiteSpace: 'normal' }}>{t('users.fromRole')}</Tag> : <Tag style={{ whiteSpace: 'normal' }}>{t('users.notInRole')}</Tag>) },
              {
                title: t('users.status'),
                key: 'choice',
                width: 148,
                render: (_, p) => (
                  <Select<OverrideChoice>
                    aria-label={p.code}
                    style={{ width: '100%' }}
                    value={current[p.code] ?? 'role'}
                    onChange={(c) => setChoices({ ...current, [p.code]: c })}
                    options={(['role', 'grant', 'deny'] as const).map((c) => ({ value: c, label: t(`users.override.${c}`) }))}
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
