import './list-ui-locales';
import { useState, type ReactNode } from 'react';
import { Button, Col, Form, Input, Modal, Row, Select, Space, Tag, type FormInstance } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../api/client';
import { zodRule } from './zod-rule';
import { useAction } from './use-action';

// Pieces shared by the network, pricing and discount screens.
import { DeleteConfirm, useDownload as useSharedDownload } from './screen';
export { DeleteConfirm, ScreenCard, ServerTable, UrlServerTable, saveBase64, saveBlob, serverPagination, useCan, useListQuery, useUrlState } from './screen';

type Translate = (key: string, o?: Record<string, unknown>) => string;

/** Downloads on the network screens, reported with their own wording. */
export const useDownload = () => useSharedDownload({ done: 'net.common.downloaded', failed: 'net.common.downloadFailed' });

const STATUS_COLORS: Record<string, string> = {
  active: 'green',
  inactive: 'default',
  draft: 'gold',
  archived: 'default',
  schedule: 'blue',
  expired: 'default',
  deactive: 'red',
};

/** The keyword box of a list: the value lives in the URL, a search trims it and goes back to page 1. */
export function KeywordSearch({ value, placeholder, onSearch, width = 240 }: { value: string; placeholder: string; onSearch: (keyword: string) => void; width?: number }) {
  const { t } = useTranslation();
  return (
    <Input.Search
      key={value}
      defaultValue={value}
      allowClear
      placeholder={placeholder}
      aria-label={t('net.common.search')}
      onSearch={(keyword) => onSearch(keyword.trim())}
      style={{ width }}
    />
  );
}

/** The "New …" button of a screen, shown only to users who may create. */
export function NewButton({ show, label, onClick }: { show: boolean; label: string; onClick: () => void }) {
  if (!show) return null;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** The actions column of a list (last, never pinned over other columns), present only for users who may manage its rows. */
function actionsColumn<T>(show: boolean, width: number, render: (row: T) => ReactNode, t: Translate) {
  if (!show) return [];
  return [{ title: t('net.common.actions'), key: 'actions', width, render: (_: unknown, row: T) => render(row) }];
}

/** The Edit column of a list, present only for users who may edit. */
export function editColumn<T extends { code: string }>(show: boolean, onEdit: (row: T) => void, t: Translate) {
  return actionsColumn<T>(
    show,
    110,
    (row) => (
      <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(row)} aria-label={t('net.common.editOf', { name: row.code })}>
        {t('net.common.edit')}
      </Button>
    ),
    t,
  );
}

/** Edit, and Delete behind a confirm, side by side in a row's actions cell. */
export function EditDeleteActions({ onEdit, onDelete, confirmTitle }: { onEdit: () => void; onDelete: () => unknown; confirmTitle: string }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button size="small" icon={<EditOutlined />} onClick={onEdit}>
        {t('net.common.edit')}
      </Button>
      <DeleteConfirm title={confirmTitle} okText={t('net.common.delete')} onConfirm={onDelete}>
        <Button size="small" danger icon={<DeleteOutlined />}>
          {t('net.common.delete')}
        </Button>
      </DeleteConfirm>
    </Space>
  );
}

/** The Edit + Delete column of a list, present only for users who may manage. */
export function editDeleteColumn<T>(
  show: boolean,
  actions: { onEdit: (row: T) => void; onDelete: (row: T) => unknown; confirmTitle: (row: T) => string },
  t: Translate,
) {
  return actionsColumn<T>(show, 190, (row) => <EditDeleteActions onEdit={() => actions.onEdit(row)} onDelete={() => actions.onDelete(row)} confirmTitle={actions.confirmTitle(row)} />, t);
}

/** Deletes a row once confirmed: a message reports the outcome, and the list (`queryKey`) reloads. */
export function useRemove<T>(remove: (row: T) => Promise<Envelope<unknown>>, queryKey: string) {
  const action = useAction(remove, { success: 'net.common.deleted', invalidate: [[queryKey]] });
  return async (row: T) => {
    await action.run(row);
  };
}

/**
 * The create/edit modal of a list: `editing` is null (closed), 'new' or the row being edited.
 * `save` creates or updates (after `toBody`), then reloads the `invalidate` queries in order.
 * `modalProps` are the FormModal's open, onClose and onSubmit.
 */
export function useEditing<T extends { id: string }, B>({
  create,
  update,
  invalidate,
  toBody = (values) => values,
}: {
  create: (body: B) => Promise<Envelope<unknown>>;
  update: (id: string, body: B) => Promise<Envelope<unknown>>;
  invalidate: string[];
  toBody?: (values: B) => B;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const row = editing && editing !== 'new' ? editing : null;
  const save = async (values: B) => {
    const body = toBody(values);
    const res = row ? await update(row.id, body) : await create(body);
    for (const key of invalidate) await queryClient.invalidateQueries({ queryKey: [key] });
    return res;
  };
  return {
    editing,
    row,
    isNew: editing === 'new',
    setEditing,
    modalProps: { open: editing !== null, onClose: () => setEditing(null), onSubmit: save },
  };
}

/** A status as a coloured tag with its translated name (`net.status.<status>`). */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{t(`net.status.${status}`)}</Tag>;
}


/**
 * A create/edit form in a modal. The form is built fresh on each opening with `initialValues`;
 * server field errors land on their fields, and a message reports every outcome.
 */
export function FormModal<T extends object>({
  open,
  title,
  initialValues,
  onClose,
  onSubmit,
  children,
  width = 560,
  okText,
  readOnly = false,
  afterClose,
}: {
  open: boolean;
  title: ReactNode;
  initialValues: Partial<T>;
  onClose: () => void;
  onSubmit: (values: T) => Promise<Envelope<unknown>>;
  children: ReactNode | ((form: FormInstance<T>) => ReactNode);
  width?: number;
  okText?: string;
  readOnly?: boolean;
  /** Once the modal has closed (its animation over): a screen gives the focus back where it works. */
  afterClose?: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<T>();
  const save = useAction(onSubmit, { success: 'net.common.saved', form, onSuccess: () => onClose() });
  const saving = save.pending;
  const finish = (values: T) => void save.run(values);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: readOnly }}
      destroyOnHidden
      afterClose={afterClose}
      width={width}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <Form<T> form={form} layout="vertical" initialValues={initialValues} onFinish={finish} disabled={readOnly} preserve={false} scrollToFirstError>
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}

/** Normalizes a text input to upper case (codes, countries, states). */
export const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

/** Status options for filters and forms. */
export function useStatusOptions(withAll = false) {
  const { t } = useTranslation();
  const base = [
    { value: 'active', label: t('net.status.active') },
    { value: 'inactive', label: t('net.status.inactive') },
  ];
  return withAll ? [{ value: 'all', label: t('net.common.allStatuses') }, ...base] : base;
}

/** The status filter of a list (all, active, inactive). */
export function StatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions(true);
  return <Select aria-label={t('net.field.status')} value={value} options={statusOptions} onChange={(status: string) => onChange(status)} style={{ width: 150 }} />;
}

/** A searchable filter over a pick list (service, carrier, warehouse); clearing it shows all. */
export function OptionFilter({
  label,
  value,
  options,
  onChange,
  width = 200,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
  width?: number;
}) {
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={label}
      aria-label={label}
      value={value || undefined}
      options={options}
      onChange={(v?: string) => onChange(v)}
      style={{ width }}
    />
  );
}

/** Shared filter row of the warehouse and zone lists (SPEC §3: keyword, country, status). */
export function CountryStatusFilters({
  filters,
  setFilters,
  placeholder,
}: {
  filters: { keyword: string; country: string; status: string };
  setFilters: (patch: { keyword?: string; country?: string; status?: string }) => void;
  placeholder: string;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <KeywordSearch value={filters.keyword} placeholder={placeholder} onSearch={(keyword) => setFilters({ keyword })} />
      <Input.Search
        key={`c-${filters.country}`}
        defaultValue={filters.country}
        allowClear
        maxLength={2}
        placeholder={t('net.filter.country')}
        aria-label={t('net.filter.country')}
        onSearch={(country) => setFilters({ country: /^[a-z]{2}$/i.test(country.trim()) ? country.trim().toUpperCase() : '' })}
        style={{ width: 150 }}
      />
      <StatusFilter value={filters.status} onChange={(status) => setFilters({ status })} />
    </Space>
  );
}

/** The status field of a catalog form (active or inactive). */
export function StatusField() {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  return (
    <Form.Item name="status" label={t('net.field.status')}>
      <Select options={statusOptions} />
    </Form.Item>
  );
}

/** The code (kept upper case) and name fields of a catalog form; side by side on a wide screen. */
export function CodeNameFields({ shape, sideBySide = false }: { shape: Record<'code' | 'name', Parameters<typeof zodRule>[0]>; sideBySide?: boolean }) {
  const { t } = useTranslation();
  const code = (
    <Form.Item name="code" label={t('net.field.code')} rules={[zodRule(shape.code, t)]} normalize={upper} extra={t('net.hint.code')} required>
      <Input maxLength={50} autoComplete="off" />
    </Form.Item>
  );
  const name = (
    <Form.Item name="name" label={t('net.field.name')} rules={[zodRule(shape.name, t)]} required>
      <Input maxLength={50} />
    </Form.Item>
  );
  if (!sideBySide) {
    return (
      <>
        {code}
        {name}
      </>
    );
  }
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        {code}
      </Col>
      <Col xs={24} sm={12}>
        {name}
      </Col>
    </Row>
  );
}
