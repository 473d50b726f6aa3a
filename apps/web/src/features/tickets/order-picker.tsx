import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GetOrderEndpoint, ListOrdersEndpoint, type OrderSummary } from '@exship/contracts';
import { call } from '../../api/call';
import { useCustomerOptions } from '../../shared/use-customer-options';

// The new-ticket form's pickers: a seller searches its own orders by code or name; staff first pick
// the seller account, then that account's orders. The value is the order's id.

const orderLabel = (o: Pick<OrderSummary, 'exOrderId' | 'orderName'>) => `${o.exOrderId} · ${o.orderName}`;

/** One seller account, found by typing a name or email (staff acting for customers). */
export function CustomerPicker({ id, value, onChange }: { id?: string; value?: string; onChange?: (v: string | undefined) => void }) {
  const { t } = useTranslation();
  const customers = useCustomerOptions(true, value ? [value] : []);
  return (
    <Select<string>
      id={id}
      allowClear
      showSearch
      filterOption={false}
      onSearch={customers.setSearch}
      options={customers.options}
      loading={customers.loading}
      value={value}
      onChange={(v) => onChange?.(v)}
      placeholder={t('tickets.form.customerPlaceholder')}
      notFoundContent={customers.loading ? undefined : t('tickets.form.noCustomer')}
    />
  );
}

/** One order of the account (the seller's own, or `customerId`'s for staff), found by its code or name. */
export function OrderPicker({ id, value, onChange, customerId, disabled }: { id?: string; value?: string; onChange?: (v: string | undefined) => void; customerId?: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['ticket-order-picker', customerId ?? 'own', keyword.trim()],
    queryFn: ({ signal }) => call(ListOrdersEndpoint, { query: { page: 1, pageSize: 20, keyword: keyword.trim() || undefined, customerId }, signal }),
    enabled: !disabled,
    staleTime: 30_000,
  });
  // A prefilled order (a claim opened from the order page) keeps its code.
  const chosen = useQuery({
    queryKey: ['ticket-order-picker', 'id', value],
    queryFn: ({ signal }) => call(GetOrderEndpoint, { params: { orderId: value! }, signal }),
    enabled: !!value && !found.data?.items.some((o) => o.id === value),
    staleTime: 60_000,
    retry: false,
  });
  const options = useMemo(() => {
    const byId = new Map<string, { value: string; label: ReactNode; title: string }>();
    if (chosen.data && chosen.data.id === value) byId.set(chosen.data.id, { value: chosen.data.id, label: orderLabel(chosen.data), title: orderLabel(chosen.data) });
    for (const o of found.data?.items ?? []) {
      byId.set(o.id, {
        value: o.id,
        title: orderLabel(o),
        label: (
          <Space size={4} wrap={false}>
            <Typography.Text>{o.exOrderId}</Typography.Text>
            <Typography.Text type="secondary" ellipsis>
              {o.orderName}
            </Typography.Text>
          </Space>
        ),
      });
    }
    return [...byId.values()];
  }, [found.data, chosen.data, value]);
  return (
    <Select<string>
      id={id}
      allowClear
      showSearch
      filterOption={false}
      disabled={disabled}
      onSearch={setKeyword}
      options={options}
      loading={found.isFetching}
      value={value}
      onChange={(v) => onChange?.(v)}
      placeholder={disabled ? t('tickets.form.customerFirst') : t('tickets.form.orderPlaceholder')}
      notFoundContent={found.isFetching ? undefined : t('tickets.form.noOrder')}
    />
  );
}
