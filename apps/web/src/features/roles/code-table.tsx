import { useState, type ReactNode } from 'react';
import { Button, Form, Modal, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../api/client';
import { ConfirmIconButton } from '../../shared/confirm-icon-button';
import { ScreenCard } from '../../shared/list-ui';
import { useAction } from '../../shared/use-action';
import './locales';

// The resource and permission screens: a table of coded rows with create, edit and delete in a modal.
// Rows the product declares (`builtIn`) keep their code and are never deleted.

export interface CodeTableProps<T extends { code: string; builtIn: boolean }, B> {
  title: string;
  queryKey: string;
  mayManage: boolean;
  list: (signal?: AbortSignal) => Promise<T[]>;
  create: (body: B) => Promise<Envelope<unknown>>;
  update: (code: string, body: B) => Promise<Envelope<unknown>>;
  remove: (code: string) => Promise<Envelope<unknown>>;
  columns: TableColumnsType<T>;
  /** The form's items; `row` is the row being edited (null for a new one). */
  fields: (row: T | null) => ReactNode;
  initial: (row: T | null) => Partial<B>;
}

/**
 * Edit and Delete of a coded row as two named icon buttons: the delete asks first, or is disabled with
 * the reason in its tooltip (`deleteBlocked`).
 */
export function RowIconActions({ code, onEdit, onDelete, deleteBlocked }: { code: string; onEdit: () => void; onDelete: () => unknown; deleteBlocked?: string }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Tooltip title={t('roles.editButton')}>
        <Button size="small" icon={<EditOutlined />} aria-label={t('roles.editOne', { code })} onClick={onEdit} />
      </Tooltip>
      {deleteBlocked ? (
        <Tooltip title={deleteBlocked}>
          <Button size="small" danger disabled icon={<DeleteOutlined />} aria-label={t('roles.deleteOne', { code })} />
        </Tooltip>
      ) : (
        <ConfirmIconButton
          tooltip={t('roles.delete')}
          confirmTitle={t('roles.deleteConfirm', { code })}
          okText={t('roles.delete')}
          cancelText={t('common.cancel')}
          onConfirm={onDelete}
          danger
          icon={<DeleteOutlined />}
          aria-label={t('roles.deleteOne', { code })}
        />
      )}
    </Space>
  );
}

export function CodeTablePage<T extends { code: string; builtIn: boolean }, B extends object>(p: CodeTableProps<T, B>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<B>();
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const rows = useQuery({ queryKey: [p.queryKey, 'list'], queryFn: ({ signal }) => p.list(signal) });
  const save = useAction((body: B) => (editing?.row ? p.update(editing.row.code, body) : p.create(body)), { success: 'roles.done.saved', form, invalidate: [[p.queryKey]] });
  const remove = useAction((code: string) => p.remove(code), { success: 'roles.done.deleted', invalidate: [[p.queryKey]] });

  // The first column also says which rows the product declares; actions are icons (named, with a
  // tooltip) so that the table fits a 1280 px screen.
  const [first, ...rest] = p.columns;
  const columns: TableColumnsType<T> = [
    {
      ...first,
      render: (v: unknown, row: T, i: number) => (
        <Space orientation="vertical" size={2}>
          {(first && 'render' in first && first.render ? first.render(v, row, i) : String(v ?? '')) as ReactNode}
          {row.builtIn && <Tag color="blue">{t('roles.builtIn')}</Tag>}
        </Space>
      ),
    } as TableColumnsType<T>[number],
    ...rest,
    ...(p.mayManage
      ? [
          {
            title: t('roles.col.actions'),
            key: 'actions',
            width: 96,
            render: (_: unknown, row: T) => (
              <RowIconActions
                code={row.code}
                onEdit={() => setEditing({ row })}
                deleteBlocked={row.builtIn ? t('roles.builtInDelete') : undefined}
                onDelete={() => remove.run(row.code)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <ScreenCard
      title={p.title}
      extra={
        p.mayManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
            {t('roles.add')}
          </Button>
        )
      }
    >
      <Table rowKey="code" loading={rows.isLoading} columns={columns} dataSource={rows.data ?? []} pagination={{ pageSize: 50, hideOnSinglePage: true }} scroll={{ x: 'max-content' }} />
      {editing && (
      <Modal
        open
        title={editing?.row ? t('roles.editTitle', { code: editing.row.code }) : t('roles.add')}
        okText={t('roles.save')}
        confirmLoading={save.pending}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={p.initial(editing?.row ?? null)} onFinish={async (values) => (await save.run(values)) && setEditing(null)}>
          {p.fields(editing?.row ?? null)}
        </Form>
      </Modal>
      )}
    </ScreenCard>
  );
}
