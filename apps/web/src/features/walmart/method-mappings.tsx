import { useEffect, useState } from 'react';
import { Alert, Button, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShippingMethodMapping, WalmartMethodCode } from '@exship/contracts';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { useCan } from '../../shared/screen';
import { useAction } from '../../shared/use-action';
import { useServiceCodeOptions } from '../../shared/catalog-options';
import { methodMappingsKey, walmartApi, WALMART_KEY } from './api';

// Which of our services a draft order gets for each Walmart shipping method (Standard, Express, …).
// An order whose method has no service waits ("Method to map") until one is chosen here.

export function MethodMappings() {
  const { t } = useTranslation();
  const can = useCan();
  const editable = can('EX-WALMART-CONNECT');
  const query = useQuery({ queryKey: methodMappingsKey, queryFn: ({ signal }) => walmartApi.methodMappings(signal) });
  const services = useServiceCodeOptions(editable);
  const [choice, setChoice] = useState<Partial<Record<WalmartMethodCode, string | null>>>({});
  useEffect(() => setChoice({}), [query.data]);
  const rows = query.data?.mappings ?? [];
  const changed = rows.filter((m) => m.methodCode in choice && (choice[m.methodCode] ?? null) !== m.serviceCode);
  const save = useAction(() => walmartApi.saveMethodMappings({ mappings: changed.map((m) => ({ methodCode: m.methodCode, serviceCode: choice[m.methodCode] ?? null })) }), {
    success: 'walmart.mapping.saved',
    invalidate: [[WALMART_KEY]],
  });
  // A mapped service no longer offered still shows by its code.
  const optionsFor = (m: ShippingMethodMapping) =>
    m.serviceCode && !services.options.some((o) => o.value === m.serviceCode) ? [{ value: m.serviceCode, label: `${m.serviceCode}${m.serviceName ? ` — ${m.serviceName}` : ''}` }, ...services.options] : services.options;
  const columns: TableColumnsType<ShippingMethodMapping & { id: string }> = [
    { title: t('walmart.methods.method'), dataIndex: 'methodCode', width: 160, render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    {
      title: t('walmart.methods.service'),
      key: 'service',
      render: (_: unknown, m) =>
        editable ? (
          <Select
            aria-label={t('walmart.methods.serviceFor', { method: m.methodCode })}
            style={{ width: '100%', maxWidth: 360 }}
            allowClear
            showSearch
            optionFilterProp="label"
            loading={services.loading}
            placeholder={t('walmart.methods.none')}
            value={(m.methodCode in choice ? choice[m.methodCode] : m.serviceCode) ?? undefined}
            options={optionsFor(m)}
            onChange={(v?: string) => setChoice((c) => ({ ...c, [m.methodCode]: v ?? null }))}
          />
        ) : (
          (m.serviceName ?? m.serviceCode ?? t('walmart.methods.none'))
        ),
    },
    {
      title: t('walmart.methods.waiting'),
      dataIndex: 'ordersWaiting',
      width: 160,
      render: (n: number) => (n > 0 ? <Tag color="gold">{t('walmart.mapping.waiting', { count: n })}</Tag> : '—'),
    },
  ];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('walmart.methods.hint')}
      </Typography.Paragraph>
      {editable && !services.loading && services.options.length === 0 && <Alert type="warning" showIcon message={t('walmart.methods.noServices')} />}
      <ResponsiveTable<ShippingMethodMapping & { id: string }>
        rowKey="id"
        columns={columns}
        dataSource={rows.map((m) => ({ ...m, id: m.methodCode }))}
        loading={query.isFetching}
        loadFailure={loadFailureOf(query)}
        pagination={false}
      />
      {editable && (
        <Space wrap>
          <Button type="primary" disabled={changed.length === 0} loading={save.pending} onClick={() => void save.run()}>
            {t('walmart.methods.save')}
          </Button>
          {changed.length > 0 && <Button onClick={() => setChoice({})}>{t('common.cancel')}</Button>}
        </Space>
      )}
    </Space>
  );
}
