import { Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Permission, PermissionBody, ScreenDef } from '@exship/contracts';
import { useCan } from '../../shared/list-ui';
import { PERMISSIONS_KEY, RESOURCES_KEY, permissionsApi, resourcesApi } from './api';
import { CodeTablePage } from './code-table';

// SPEC §2 /app/setting-user/permission (EX_VIEW_PERMISSION), §6 EX- codes; a permission's parent is its resource.

const PERMISSION_CODE = /^EX-[A-Z0-9]+(-[A-Z0-9]+)*$/;

export default function PermissionPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const mayManage = can('EX-PERMISSION-MANAGE');
  const resources = useQuery({ queryKey: [RESOURCES_KEY, 'list'], queryFn: ({ signal }) => resourcesApi.list(signal), enabled: mayManage });
  return (
    <CodeTablePage<Permission, PermissionBody>
      title={t('permissions.title')}
      queryKey={PERMISSIONS_KEY}
      mayManage={mayManage}
      list={permissionsApi.list}
      create={permissionsApi.create}
      update={permissionsApi.update}
      remove={permissionsApi.remove}
      columns={[
        { title: t('roles.col.code'), dataIndex: 'code' },
        { title: t('roles.col.description'), dataIndex: 'description' },
        { title: t('permissions.col.resource'), dataIndex: 'resourceCode' },
        { title: t('permissions.col.roles'), dataIndex: 'rolesCount', align: 'right' },
      ]}
      initial={(row) => ({ code: row?.code ?? 'EX-', description: row?.description ?? '', resourceCode: row?.resourceCode })}
      fields={(row) => (
        <>
          <Form.Item
            name="code"
            label={t('roles.col.code')}
            normalize={(v: string) => v.toUpperCase()}
            rules={[{ required: true, message: t('roles.required') }, { pattern: PERMISSION_CODE, message: t('permissions.codeRule') }]}
          >
            <Input maxLength={64} disabled={row?.builtIn} />
          </Form.Item>
          <Form.Item name="description" label={t('roles.col.description')} rules={[{ required: true, whitespace: true, message: t('roles.required') }]}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item name="resourceCode" label={t('permissions.col.resource')} rules={[{ required: true, message: t('roles.required') }]}>
            <Select showSearch options={(resources.data ?? []).map((r) => ({ value: r.code, label: `${r.name} (${r.code})` }))} />
          </Form.Item>
        </>
      )}
    />
  );
}
