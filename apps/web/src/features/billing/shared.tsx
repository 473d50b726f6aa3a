import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@exship/domain';
import { useSession } from '../../api/session';
import { useCustomerOptions } from '../../shared/use-customer-options';

/** docs/engineering.md "Time": DD-MM-YYYY HH:mm:ss in the user's offset. */
export function useFormatDate() {
  const { profile } = useSession();
  return (value: string | null | undefined) => (value ? formatDateTime(value, profile?.timeZone) : '—');
}

/** DD-MM-YYYY of a calendar date (YYYY-MM-DD). */
export const calendarDate = (d: string) => `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;

const CREDIT_COLORS: Record<string, string> = { active: 'green', blocked: 'red', overdue: 'orange' };
export function CreditStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={CREDIT_COLORS[status] ?? 'default'}>{t(`billing.credit.status.${status}`)}</Tag>;
}

/** One seller account picked by name or email (staff filters and forms). */
export function OneCustomerSelect({ value, onChange, id, allowClear = true, placeholder }: { value?: string; onChange?: (v: string | undefined) => void; id?: string; allowClear?: boolean; placeholder?: string }) {
  const { t } = useTranslation();
  const customers = useCustomerOptions(true, value ? [value] : []);
  return (
    <Select<string>
      id={id}
      showSearch
      allowClear={allowClear}
      filterOption={false}
      onSearch={customers.setSearch}
      options={customers.options}
      loading={customers.loading}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      placeholder={placeholder ?? t('billing.customerPlaceholder')}
      style={{ minWidth: 240 }}
      aria-label={t('billing.customer')}
    />
  );
}

/** A list's empty state, in a grey dark enough to read (WCAG AA contrast). */
export function EmptyText({ text }: { text: string }) {
  return <span style={{ color: '#595959' }}>{text}</span>;
}
