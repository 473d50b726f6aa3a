import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Drawer, Empty, Form, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ChangeMemberPermissionEndpoint,
  ChangeMemberRoleEndpoint,
  InviteMemberEndpoint,
  ListMembersEndpoint,
  MemberPermissionsByResourceEndpoint,
  MemberPermissionsEndpoint,
  RemoveMemberEndpoint,
  ResendInviteEndpoint,
  SubSellerRolesEndpoint,
  type Member,
  type SUB_SELLER_ROLES,
} from '@exship/contracts';

type TeamRole = (typeof SUB_SELLER_ROLES)[number];
import { formatDateTime } from '@exship/domain';
import { call, callEnvelope } from '../../api/call';
import { useSession } from '../../api/session';
import { ResponsiveTable } from '../../shared/responsive-table';
import { roleName } from '../../shared/role-name';
import { useAction } from '../../shared/use-action';

const STATUS_COLOR: Record<Member['status'], string> = { pending: 'gold', confirmed: 'green', removed: 'default' };

/** The member's permissions, grouped by resource, within the owner's own (SPEC §6 team members per resource). */
function PermissionsDrawer({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const groups = useQuery({ queryKey: ['members', 'by-resource'], queryFn: ({ signal }) => call(MemberPermissionsByResourceEndpoint, { signal }) });
  const current = useQuery({ queryKey: ['members', member._id, 'permissions'], queryFn: ({ signal }) => call(MemberPermissionsEndpoint, { query: { memberId: member._id }, signal }) });
  const role = useQuery({ queryKey: ['members', 'roles'], queryFn: ({ signal }) => call(SubSellerRolesEndpoint, { signal }) });
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const selected = chosen ?? new Set(current.data?.permissions ?? []);
  const roleCodes = new Set(role.data?.find((r) => r.code === current.data?.role)?.permissions ?? []);
  const save = useAction(
    () =>
      callEnvelope(ChangeMemberPermissionEndpoint, {
        body: {
          memberId: member._id,
          permissions: (groups.data ?? []).flatMap((g) => g.permissions.map((p) => p.code)).filter((c) => selected.has(c) !== roleCodes.has(c)).map((code) => ({ code, granted: selected.has(code) })),
        },
      }),
    { success: 'profile.team.permissionsSaved', invalidate: [['members']], onSuccess: onClose },
  );
  const toggle = (code: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(code);
    else next.delete(code);
    setChosen(next);
  };
  return (
    <Drawer open onClose={onClose} width={520} title={t('profile.team.permissionsOf', { email: member.email })} extra={<Button type="primary" loading={save.pending} onClick={() => void save.run()}>{t('profile.team.save')}</Button>}>
      {(groups.data ?? []).map((g) => (
        <div key={g.resource} style={{ marginBottom: 16 }}>
          <Typography.Text strong>{g.name}</Typography.Text>
          <div>
            {g.permissions.map((p) => (
              <div key={p.code}>
                <Checkbox checked={selected.has(p.code)} onChange={(e) => toggle(p.code, e.target.checked)}>
                  {p.name} <Typography.Text type="secondary">({p.code})</Typography.Text>
                </Checkbox>
              </div>
            ))}
          </div>
        </div>
      ))}
    </Drawer>
  );
}

/** Team members: invite by email, resend, change role, permissions, remove. */
export function TeamTab() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ email: string; roleCode: TeamRole }>();
  const [editing, setEditing] = useState<Member | null>(null);
  const members = useQuery({ queryKey: ['members', 'list'], queryFn: ({ signal }) => call(ListMembersEndpoint, { signal }) });
  const roles = useQuery({ queryKey: ['members', 'roles'], queryFn: ({ signal }) => call(SubSellerRolesEndpoint, { signal }) });
  // The seeded sub-seller roles have names in the page's language (Quản lý, Hỗ trợ, ...).
  // A role holding a right the caller lacks cannot be given (the server refuses it): disabled in a
  // member's role list, left out of the invite form.
  const options = (roles.data ?? []).map((r) => ({ value: r.code as TeamRole, label: roleName(r, t), disabled: !r.assignable }));
  const inviteOptions = options.filter((o) => !o.disabled);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['members'] });
  const invite = useAction((v: { email: string; roleCode: TeamRole }) => callEnvelope(InviteMemberEndpoint, { body: v }), { success: 'profile.team.invited', form, onSuccess: () => { form.resetFields(); refresh(); } });
  const resend = useAction((id: string) => callEnvelope(ResendInviteEndpoint, { params: { id } }), { success: 'profile.team.resent', onSuccess: refresh });
  const remove = useAction((memberId: string) => callEnvelope(RemoveMemberEndpoint, { body: { memberId } }), { success: 'profile.team.removed', onSuccess: refresh });
  const changeRole = useAction((v: { memberId: string; roleCode: TeamRole }) => callEnvelope(ChangeMemberRoleEndpoint, { body: v }), { success: 'profile.team.roleChanged', onSuccess: refresh });

  return (
    <div>
      <Form form={form} layout="inline" onFinish={(v) => void invite.run(v)} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="email" label={t('profile.team.email')} rules={[{ required: true, type: 'email', message: t('validation.email.invalid') }]}>
          <Input type="email" autoComplete="off" style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="roleCode" label={t('profile.team.role')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select options={inviteOptions} style={{ width: 200 }} loading={roles.isLoading} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={invite.pending}>
          {t('profile.team.invite')}
        </Button>
      </Form>
      {/* A card per member on a phone, where the table showed only its first two columns. */}
      <ResponsiveTable<Member>
        rowKey="_id"
        loading={members.isLoading}
        dataSource={members.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('profile.team.empty')} /> }}
        columns={[
          { title: t('profile.team.email'), dataIndex: 'email', render: (email: string, m) => <Space direction="vertical" size={0}><span>{email}</span>{m.fullName && <Typography.Text type="secondary">{m.fullName}</Typography.Text>}</Space> },
          {
            title: t('profile.team.role'),
            key: 'role',
            render: (_, m) => (
              <Select aria-label={t('profile.team.roleOf', { email: m.email })} size="small" value={m.role.code as TeamRole} options={options} style={{ width: 180, maxWidth: '100%' }} onChange={(roleCode: TeamRole) => void changeRole.run({ memberId: m._id, roleCode })} />
            ),
          },
          { title: t('profile.team.status'), dataIndex: 'status', render: (s: Member['status']) => <Tag color={STATUS_COLOR[s]}>{t(`profile.team.status.${s}`)}</Tag> },
          { title: t('profile.team.invitedAt'), dataIndex: 'invitedAt', render: (v: string) => formatDateTime(v, profile?.timeZone) },
          {
            title: t('profile.team.actions'),
            key: 'actions',
            render: (_, m) => (
              <Space wrap>
                {m.status === 'pending' && <Button size="small" onClick={() => void resend.run(m._id)}>{t('profile.team.resend')}</Button>}
                {m.status === 'confirmed' && <Button size="small" onClick={() => setEditing(m)}>{t('profile.team.permissions')}</Button>}
                <Popconfirm title={t('profile.team.removeConfirm', { email: m.email })} okText={t('profile.team.remove')} okButtonProps={{ danger: true }} onConfirm={() => remove.run(m._id)}>
                  <Button size="small" danger>{t('profile.team.remove')}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <PermissionsDrawer member={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
