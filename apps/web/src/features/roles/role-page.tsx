import { useMemo, useState } from 'react';
import { Button, Drawer, Form, Input, Select, Space, Table, Tabs, Tag, Tooltip, Tree, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roleName } from '../../shared/role-name';
import type { Permission, Resource, Role, RoleBody, ScreenDef } from '@exship/contracts';
import { ScreenCard, useCan, useDownload } from '../../shared/list-ui';
import { ResponsiveTable, loadFailureOf } from '../../shared/responsive-table';
import { useAction } from '../../shared/use-action';
import { PERMISSIONS_KEY, RESOURCES_KEY, ROLES_KEY, permissionsApi, resourcesApi, rolesApi } from './api';
import { RowIconActions } from './code-table';
import './locales';

// SPEC §2 /app/setting-user/role (EX_VIEW_ROLE), §3 "Role: name, code, optional parent role,
// permissions", §6 EXR- codes. Staff holding EX-ROLE-MANAGE create, edit and delete roles and set a
// role's permissions in a tree grouped by resource; the matrix tab shows roles × permissions.

const ROLE_CODE = /^EXR-[A-Z0-9]+(-[A-Z0-9]+)*$/;
const RES_PREFIX = 'resource:';

/** The permission tree: a node per resource (checking it checks all of its permissions), filtered by a keyword. */
export function PermissionTree({ value, onChange, resources, permissions }: { value: string[]; onChange: (codes: string[]) => void; resources: Resource[]; permissions: Permission[] }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const k = keyword.trim().toLowerCase();
  const treeData = useMemo(() => {
    const names = new Map(resources.map((r) => [r.code, r.name]));
    const groups = new Map<string, Permission[]>();
    for (const p of permissions) groups.set(p.resourceCode, [...(groups.get(p.resourceCode) ?? []), p]);
    return [...groups.entries()]
      .map(([code, perms]) => {
        const name = names.get(code) ?? code;
        const groupHit = !k || name.toLowerCase().includes(k) || code.toLowerCase().includes(k);
        const shown = groupHit ? perms : perms.filter((p) => p.code.toLowerCase().includes(k) || p.description.toLowerCase().includes(k));
        return { key: `${RES_PREFIX}${code}`, title: `${name} (${code})`, children: shown.map((p) => ({ key: p.code, title: `${p.description} — ${p.code}` })) };
      })
      .filter((g) => g.children.length > 0);
  }, [resources, permissions, k]);
  const visible = new Set(treeData.flatMap((g) => g.children.map((c) => c.key)));

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search allowClear aria-label={t('roles.tree.search')} placeholder={t('roles.tree.search')} onChange={(e) => setKeyword(e.target.value)} />
      <Tree
        checkable
        selectable={false}
        defaultExpandAll={false}
        expandedKeys={k ? treeData.map((g) => g.key) : undefined}
        treeData={treeData}
        checkedKeys={value.filter((c) => visible.has(c))}
        onCheck={(checked) => {
          const keys = (Array.isArray(checked) ? checked : checked.checked).map(String).filter((key) => !key.startsWith(RES_PREFIX));
          // Codes hidden by the search keep their state.
          onChange([...value.filter((c) => !visible.has(c)), ...keys].sort());
        }}
      />
      <Typography.Text type="secondary">{t('roles.tree.selected', { count: value.length })}</Typography.Text>
    </Space>
  );
}

type Editing = { role: Role | null } | null;

/** Mounted while open, so its form starts from the role being edited (or a blank one). */
function RoleDrawer({ role, onClose, roles, resources, permissions }: { role: Role | null; onClose: () => void; roles: Role[]; resources: Resource[]; permissions: Permission[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleBody>();
  const [codes, setCodes] = useState<string[]>(() => [...(role?.permissions ?? [])].sort());
  const saveRole = useAction((body: RoleBody) => (role ? rolesApi.update(role.id, body) : rolesApi.create(body)), { success: 'roles.done.saved', form, invalidate: [[ROLES_KEY]] });
  const savePermissions = useAction((vars: { id: string; codes: string[] }) => rolesApi.setPermissions(vars.id, vars.codes), { success: 'roles.done.saved', invalidate: [[ROLES_KEY]] });

  const submit = async (values: RoleBody) => {
    const body = { ...values, description: values.description?.trim() || null, parentCode: values.parentCode || null };
    const res = await saveRole.run(body);
    if (!res) return;
    const id = role?.id ?? (res.data as Role).id;
    const before = [...(role?.permissions ?? [])].sort().join(',');
    if (codes.join(',') !== before && !(await savePermissions.run({ id, codes }))) return;
    onClose();
  };

  return (
    <Drawer
      open
      size="min(640px, 100vw)"
      title={role ? t('roles.edit', { code: role.code }) : t('roles.new')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button type="primary" loading={saveRole.pending || savePermissions.pending} onClick={() => form.submit()}>
          {t('roles.save')}
        </Button>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ code: role?.code ?? 'EXR-', name: role?.name ?? '', description: role?.description ?? '', parentCode: role?.parentCode ?? null }}>
        <Form.Item name="name" label={t('roles.col.name')} rules={[{ required: true, whitespace: true, message: t('roles.required') }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('roles.col.code')}
          extra={role?.seeded ? t('roles.seededCode') : undefined}
          normalize={(v: string) => v.toUpperCase()}
          rules={[{ required: true, message: t('roles.required') }, { pattern: ROLE_CODE, message: t('roles.codeRule') }]}
        >
          <Input maxLength={64} disabled={role?.seeded} />
        </Form.Item>
        <Form.Item name="description" label={t('roles.col.description')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="parentCode" label={t('roles.col.parent')}>
          <Select allowClear showSearch optionFilterProp="label" options={roles.filter((r) => r.id !== role?.id).map((r) => ({ value: r.code, label: `${r.seeded ? roleName(r, t) : r.name} (${r.code})` }))} />
        </Form.Item>
        <Form.Item label={t('roles.col.permissions')}>
          <PermissionTree value={codes} onChange={setCodes} resources={resources} permissions={permissions} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

function MatrixView() {
  const { t } = useTranslation();
  const matrix = useQuery({ queryKey: [ROLES_KEY, 'matrix'], queryFn: ({ signal }) => rolesApi.matrix(signal) });
  const exporting = useDownload();
  const m = matrix.data;
  const held = useMemo(() => new Map(Object.entries(m?.grants ?? {}).map(([code, list]) => [code, new Set(list)])), [m]);
  const columns: TableColumnsType<{ code: string; description: string; resourceCode: string }> = [
    { title: t('roles.matrix.permission'), dataIndex: 'code', fixed: 'left', width: 260, render: (code: string, p) => <Tooltip title={p.description}>{code}</Tooltip> },
    ...(m?.roles ?? []).map((r) => ({
      title: <Tooltip title={roleName(r, t)}>{r.code}</Tooltip>,
      key: r.code,
      width: 120,
      align: 'center' as const,
      render: (_: unknown, p: { code: string }) => (held.get(r.code)?.has(p.code) ? <span aria-label={t('roles.matrix.held')}>✓</span> : ''),
    })),
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button icon={<DownloadOutlined />} loading={exporting.busy === 'matrix'} onClick={() => exporting.run('matrix', () => rolesApi.matrixXlsx())}>
        {t('roles.matrix.export')}
      </Button>
      <Table rowKey="code" size="small" loading={matrix.isLoading} columns={columns} dataSource={m?.permissions ?? []} pagination={false} scroll={{ x: 'max-content', y: 600 }} />
    </Space>
  );
}

export default function RolePage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const mayManage = can('EX-ROLE-MANAGE');
  const [editing, setEditing] = useState<Editing>(null);
  const roles = useQuery({ queryKey: [ROLES_KEY, 'list'], queryFn: ({ signal }) => rolesApi.list(signal) });
  const resources = useQuery({ queryKey: [RESOURCES_KEY, 'list'], queryFn: ({ signal }) => resourcesApi.list(signal), enabled: mayManage });
  const permissions = useQuery({ queryKey: [PERMISSIONS_KEY, 'list'], queryFn: ({ signal }) => permissionsApi.list(signal), enabled: mayManage });
  const remove = useAction((role: Role) => rolesApi.remove(role.id), { success: 'roles.done.deleted', invalidate: [[ROLES_KEY]] });

  const columns: TableColumnsType<Role> = [
    // A seeded role reads in the page's language; one staff created keeps the name they gave it.
    { title: t('roles.col.name'), dataIndex: 'name', render: (name: string, r) => (r.seeded ? <Space orientation="vertical" size={2}>{roleName(r, t)}<Tag>{t('roles.seeded')}</Tag></Space> : name) },
    { title: t('roles.col.code'), dataIndex: 'code', render: (code: string) => <Typography.Text code>{code}</Typography.Text> },
    { title: t('roles.col.description'), dataIndex: 'description', ellipsis: true, render: (v: string | null) => v || '—' },
    { title: t('roles.col.parent'), dataIndex: 'parentCode', render: (v: string | null) => v ?? '—' },
    { title: t('roles.col.users'), dataIndex: 'usersCount', align: 'right' },
    { title: t('roles.col.permissionsCount'), key: 'permissionsCount', align: 'right', render: (_: unknown, r) => r.permissions.length },
    ...(mayManage
      ? [
          {
            title: t('roles.col.actions'),
            key: 'actions',
            width: 96,
            render: (_: unknown, r: Role) => (
              <RowIconActions code={r.code} onEdit={() => setEditing({ role: r })} deleteBlocked={r.seeded ? t('roles.seededDelete') : undefined} onDelete={() => remove.run(r)} />
            ),
          },
        ]
      : []),
  ];

  return (
    <ScreenCard
      title={t('roles.title')}
      extra={
        mayManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ role: null })}>
            {t('roles.new')}
          </Button>
        )
      }
    >
      <Tabs
        items={[
          { key: 'roles', label: t('roles.tab.roles'), children: (
              // A card per role on a phone, where the table showed only its first two columns.
              <ResponsiveTable<Role> rowKey="id" loading={roles.isLoading} loadFailure={loadFailureOf(roles)} columns={columns} dataSource={roles.data ?? []} pagination={{ pageSize: 20, hideOnSinglePage: true }} />
            ),
          },
          { key: 'matrix', label: t('roles.tab.matrix'), children: <MatrixView /> },
        ]}
      />
      {mayManage && editing && (
        <RoleDrawer role={editing.role} onClose={() => setEditing(null)} roles={roles.data ?? []} resources={resources.data ?? []} permissions={permissions.data ?? []} />
      )}
    </ScreenCard>
  );
}
