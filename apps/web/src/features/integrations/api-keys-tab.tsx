import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Form, Input, Modal, Popconfirm, Radio, Select, Space, Tag, Typography } from 'antd';
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_EXPIRIES,
  API_KEY_LIMITS,
  ApiKeyGroupsEndpoint,
  CreateApiKeyEndpoint,
  ListApiKeysEndpoint,
  RESOURCE_NAMES_VI,
  RevokeApiKeyEndpoint,
  type ApiKey,
  type ApiKeyExpiry,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { call, callEnvelope } from '../../api/call';
import { useSession } from '../../api/session';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { copyText } from '../../shared/routing';
import { useAction } from '../../shared/use-action';

// docs/api-keys.md: the account's API keys. A new key is shown once, in its own dialog with a copy
// button; the list only ever shows its first characters.

const STATUS_COLOR: Record<ApiKey['status'], string> = { active: 'green', expired: 'default', revoked: 'red' };
/** Per group in the new-key form: left out, read-only, or read/write. */
type GroupChoice = 'none' | 'read' | 'write';
interface NewKeyValues {
  name: string;
  expiry: ApiKeyExpiry;
  scopeKind: 'all' | 'groups';
  groups?: Record<string, GroupChoice>;
}

function useGroupName() {
  const { i18n } = useTranslation();
  return (resource: string, english: string) => (i18n.language === 'vi' ? (RESOURCE_NAMES_VI[resource] ?? english) : english);
}

function ScopeTags({ scope, names }: { scope: ApiKeyScope; names: Map<string, string> }) {
  const { t } = useTranslation();
  if (scope.kind === 'all') return <Tag color="blue">{t('integrations.apiKeys.scope.all')}</Tag>;
  return (
    <Space size={[0, 4]} wrap>
      {scope.groups.map((g) => (
        <Tag key={g.resource} color={g.access === 'write' ? 'orange' : 'default'}>
          {names.get(g.resource) ?? g.resource}: {t(`integrations.apiKeys.access.${g.access}`)}
        </Tag>
      ))}
    </Space>
  );
}

/** The form of a new key: name, expiry (SPEC §9) and scope. */
function NewKeyModal({ onClose, onCreated }: { onClose: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useTranslation();
  const groupName = useGroupName();
  const [form] = Form.useForm<NewKeyValues>();
  const scopeKind = Form.useWatch('scopeKind', form);
  const groups = useQuery({ queryKey: ['api-keys', 'groups'], queryFn: ({ signal }) => call(ApiKeyGroupsEndpoint, { signal }) });
  const create = useAction(
    (v: NewKeyValues) => {
      const chosen = Object.entries(v.groups ?? {}).filter((entry): entry is [string, 'read' | 'write'] => entry[1] === 'read' || entry[1] === 'write');
      const scope: ApiKeyScope = v.scopeKind === 'all' ? { kind: 'all' } : { kind: 'groups', groups: chosen.map(([resource, access]) => ({ resource, access })) };
      return callEnvelope(CreateApiKeyEndpoint, { body: { name: v.name, expiry: v.expiry, scope } });
    },
    { success: 'integrations.apiKeys.created', form, invalidate: [['api-keys', 'list']], onSuccess: (res) => onCreated(res.data) },
  );
  return (
    <Modal
      open
      title={t('integrations.apiKeys.new')}
      okText={t('integrations.apiKeys.create')}
      cancelText={t('integrations.apiKeys.cancel')}
      confirmLoading={create.pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<NewKeyValues> form={form} layout="vertical" initialValues={{ expiry: '3m', scopeKind: 'all' }} onFinish={(v) => void create.run(v)}>
        <Form.Item name="name" label={t('integrations.apiKeys.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: API_KEY_LIMITS.nameMax, message: t('validation.tooLong') }]}>
          <Input autoComplete="off" maxLength={API_KEY_LIMITS.nameMax} placeholder={t('integrations.apiKeys.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="expiry" label={t('integrations.apiKeys.expiry')} rules={[{ required: true, message: t('validation.required') }]}>
          <Select options={API_KEY_EXPIRIES.map((e) => ({ value: e, label: t(`integrations.apiKeys.expiry.${e}`) }))} />
        </Form.Item>
        <Form.Item name="scopeKind" label={t('integrations.apiKeys.scope')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('integrations.apiKeys.scope.all') },
              { value: 'groups', label: t('integrations.apiKeys.scope.groups') },
            ]}
          />
        </Form.Item>
        {scopeKind === 'groups' && (
          <Form.Item
            name="groups"
            extra={t('integrations.apiKeys.scope.help')}
            rules={[{ validator: async (_r, value: Record<string, GroupChoice> | undefined) => (Object.values(value ?? {}).some((c) => c !== 'none') ? undefined : Promise.reject(new Error(t('integrations.apiKeys.scope.empty')))) }]}
          >
            <GroupChoices groups={(groups.data ?? []).map((g) => ({ resource: g.resource, name: groupName(g.resource, g.name) }))} loading={groups.isLoading} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** One row per permission group: no access, read, read/write (a Form.Item value of its own). */
function GroupChoices({ groups, loading, value, onChange }: { groups: { resource: string; name: string }[]; loading: boolean; value?: Record<string, GroupChoice>; onChange?: (v: Record<string, GroupChoice>) => void }) {
  const { t } = useTranslation();
  if (loading) return <Typography.Text type="secondary">{t('integrations.apiKeys.loading')}</Typography.Text>;
  return (
    <div role="group" aria-label={t('integrations.apiKeys.scope.groups')}>
      {groups.map((g) => (
        <div key={g.resource} style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, padding: '6px 0', flexWrap: 'wrap' }}>
          <Typography.Text id={`scope-${g.resource}`}>{g.name}</Typography.Text>
          <Radio.Group
            aria-labelledby={`scope-${g.resource}`}
            size="small"
            optionType="button"
            value={value?.[g.resource] ?? 'none'}
            onChange={(e) => onChange?.({ ...value, [g.resource]: e.target.value as GroupChoice })}
            options={[
              { value: 'none', label: t('integrations.apiKeys.access.none') },
              { value: 'read', label: t('integrations.apiKeys.access.read') },
              { value: 'write', label: t('integrations.apiKeys.access.write') },
            ]}
          />
        </div>
      ))}
    </div>
  );
}

/** The new key, this once. */
function ShowKeyModal({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Modal open title={t('integrations.apiKeys.shownOnce.title', { name: created.name })} onCancel={onClose} maskClosable={false} footer={<Button type="primary" onClick={onClose}>{t('integrations.apiKeys.shownOnce.done')}</Button>}>
      <Alert type="warning" showIcon message={t('integrations.apiKeys.shownOnce.warning')} style={{ marginBottom: 16 }} />
      <Space.Compact style={{ width: '100%' }}>
        <Input readOnly value={created.key} aria-label={t('integrations.apiKeys.shownOnce.key')} style={{ fontFamily: 'monospace' }} onFocus={(e) => e.target.select()} />
        <Button
          icon={<CopyOutlined />}
          onClick={() =>
            void copyText(created.key).then(
              () => message.success(t('integrations.apiKeys.copied')),
              () => message.error(t('integrations.apiKeys.copyFailed')),
            )
          }
        >
          {t('integrations.apiKeys.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}

/** SPEC §1 "use an API key": the account's keys, a new one, revoke. */
export default function ApiKeysTab() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const groupName = useGroupName();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const keys = useQuery({ queryKey: ['api-keys', 'list'], queryFn: ({ signal }) => call(ListApiKeysEndpoint, { signal }) });
  const groups = useQuery({ queryKey: ['api-keys', 'groups'], queryFn: ({ signal }) => call(ApiKeyGroupsEndpoint, { signal }) });
  const names = new Map((groups.data ?? []).map((g) => [g.resource, groupName(g.resource, g.name)]));
  const revoke = useAction((id: string) => callEnvelope(RevokeApiKeyEndpoint, { params: { id } }), { success: 'integrations.apiKeys.revoked', invalidate: [['api-keys', 'list']] });
  const when = (v: string | null, none: string) => (v ? formatDateTime(v, profile?.timeZone) : none);

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Text type="secondary">{t('integrations.apiKeys.intro')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('integrations.apiKeys.new')}
        </Button>
      </Space>
      <ResponsiveTable<ApiKey>
        rowKey="_id"
        loading={keys.isLoading}
        loadFailure={loadFailureOf(keys)}
        dataSource={keys.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('integrations.apiKeys.empty')} /> }}
        columns={[
          { title: t('integrations.apiKeys.name'), dataIndex: 'name' },
          { title: t('integrations.apiKeys.key'), dataIndex: 'prefix', render: (p: string) => <Typography.Text code>{p}…</Typography.Text> },
          { title: t('integrations.apiKeys.scope'), key: 'scope', render: (_, k) => <ScopeTags scope={k.scope} names={names} /> },
          { title: t('integrations.apiKeys.createdBy'), key: 'createdBy', render: (_, k) => k.createdBy.fullName || k.createdBy.email },
          { title: t('integrations.apiKeys.createdAt'), dataIndex: 'createdAt', render: (v: string) => when(v, '') },
          { title: t('integrations.apiKeys.expiresAt'), dataIndex: 'expiresAt', render: (v: string | null) => when(v, t('integrations.apiKeys.never')) },
          { title: t('integrations.apiKeys.lastUsedAt'), dataIndex: 'lastUsedAt', render: (v: string | null) => when(v, t('integrations.apiKeys.neverUsed')) },
          { title: t('integrations.apiKeys.status'), dataIndex: 'status', render: (s: ApiKey['status']) => <Tag color={STATUS_COLOR[s]}>{t(`integrations.apiKeys.status.${s}`)}</Tag> },
          {
            title: t('integrations.apiKeys.actions'),
            key: 'actions',
            render: (_, k) => (
              <Popconfirm
                title={t('integrations.apiKeys.revokeConfirm', { name: k.name })}
                description={t('integrations.apiKeys.revokeHelp')}
                okText={t('integrations.apiKeys.revoke')}
                cancelText={t('integrations.apiKeys.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => revoke.run(k._id)}
              >
                <Button size="small" danger aria-label={t('integrations.apiKeys.revokeOf', { name: k.name })}>
                  {t('integrations.apiKeys.revoke')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      {creating && (
        <NewKeyModal
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      )}
      {created && <ShowKeyModal created={created} onClose={() => setCreated(null)} />}
    </div>
  );
}
