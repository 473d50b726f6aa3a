import './locales';
import { useState, type ReactNode } from 'react';
import { App, Button, Form, Input, Modal, Select, Space, Tag, type FormInstance } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../api/client';
import { applyFieldErrors, errorText } from '../../shared/api-feedback';

// Pieces shared by the network, pricing and discount screens (issue 3).
import { useDownload as useSharedDownload } from '../../shared/screen';
export { ScreenCard, ServerTable, saveBase64, saveBlob, serverPagination, useCan, useUrlState } from '../../shared/screen';

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

/** The right-pinned Edit column of a list, present only for users who may edit. */
export function editColumn<T extends { code: string }>(show: boolean, onEdit: (row: T) => void, t: (key: string, o?: Record<string, unknown>) => string) {
  if (!show) return [];
  return [
    {
      title: t('net.common.actions'),
      key: 'actions',
      fixed: 'right' as const,
      width: 110,
      render: (_: unknown, row: T) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(row)} aria-label={t('net.common.editOf', { name: row.code })}>
          {t('net.common.edit')}
        </Button>
      ),
    },
  ];
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
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<T>();
  const [saving, setSaving] = useState(false);
  const finish = async (values: T) => {
    setSaving(true);
    try {
      const res = await onSubmit(values);
      message.success(res.message || t('net.common.saved'));
      onClose();
    } catch (err) {
      applyFieldErrors(form, err, t);
      message.error(errorText(err, t));
    } finally {
      setSaving(false);
    }
  };
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
  const statusOptions = useStatusOptions(true);
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
      <Select aria-label={t('net.field.status')} value={filters.status} options={statusOptions} onChange={(status) => setFilters({ status })} style={{ width: 150 }} />
    </Space>
  );
}
