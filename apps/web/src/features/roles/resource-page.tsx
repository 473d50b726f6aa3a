import { Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Resource, ResourceBody, ScreenDef } from '@exship/contracts';
import { useCan } from '../../shared/list-ui';
import { RESOURCES_KEY, resourcesApi } from './api';
import { CodeTablePage } from './code-table';

// SPEC §2 /app/setting-user/resource (EX_VIEW_RESOURCE), §3 "Resource: name, code, description, parent".

const RESOURCE_CODE = /^RS-[A-Z0-9]+(-[A-Z0-9]+)*$/;

export default function ResourcePage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const all = useQuery({ queryKey: [RESOURCES_KEY, 'list'], queryFn: ({ signal }) => resourcesApi.list(signal) });
  return (
    <CodeTablePage<Resource, ResourceBody>
      title={t('resources.title')}
      queryKey={RESOURCES_KEY}
      mayManage={can('EX-RESOURCE-MANAGE')}
      list={resourcesApi.list}
      create={resourcesApi.create}
      update={resourcesApi.update}
      remove={resourcesApi.remove}
      columns={[
        { title: t('roles.col.name'), dataIndex: 'name' },
        { title: t('roles.col.code'), dataIndex: 'code' },
        { title: t('roles.col.description'), dataIndex: 'description', render: (v: string | null) => v ?? '—' },
        { title: t('roles.col.parent'), dataIndex: 'parentCode', render: (v: string | null) => v ?? '—' },
        { title: t('resources.col.permissions'), dataIndex: 'permissionsCount', align: 'right' },
      ]}
      initial={(row) => ({ code: row?.code ?? 'RS-', name: row?.name ?? '', description: row?.description ?? '', parentCode: row?.parentCode ?? null })}
      fields={(row) => (
        <>
          <Form.Item name="name" label={t('roles.col.name')} rules={[{ required: true, whitespace: true, message: t('roles.required') }]}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('roles.col.code')}
            normalize={(v: string) => v.toUpperCase()}
            rules={[{ required: true, message: t('roles.required') }, { pattern: RESOURCE_CODE, message: t('resources.codeRule') }]}
          >
            <Input maxLength={64} disabled={row?.builtIn} />
          </Form.Item>
          <Form.Item name="description" label={t('roles.col.description')}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
          <Form.Item name="parentCode" label={t('roles.col.parent')}>
            <Select allowClear showSearch options={(all.data ?? []).filter((r) => r.code !== row?.code).map((r) => ({ value: r.code, label: `${r.name} (${r.code})` }))} />
          </Form.Item>
        </>
      )}
    />
  );
}
