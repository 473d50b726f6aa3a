import './locales';
import { useState } from 'react';
import { Form, Input, Select, Space, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CarrierBodySchema, type ScreenDef } from '@exship/contracts';
import { catalogApi, type CarrierBody, type CarrierItem } from '../../api/endpoints';
import { zodRule } from '../../shared/zod-rule';
import { useServiceOptions, useWarehouseOptions } from './options';
import { FormModal, ScreenCard, StatusTag, ServerTable, upper, useCan, useStatusOptions, useUrlState, editColumn, KeywordSearch, NewButton } from './ui';

const DEFAULTS = { keyword: '', serviceId: '', warehouseId: '', status: 'all', page: '1', pageSize: '10' };

/** SPEC §2 /app/carrier/list-carrier; §3 filters keyword, services, warehouse, status (default all). */
export default function CarrierListPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const [editing, setEditing] = useState<CarrierItem | 'new' | null>(null);
  const services = useServiceOptions();
  const warehouses = useWarehouseOptions();
  const statusOptions = useStatusOptions(true);
  const formStatusOptions = useStatusOptions();
  const list = useQuery({
    queryKey: ['carriers', filters],
    queryFn: ({ signal }) => catalogApi.carriers(filters, signal),
    placeholderData: keepPreviousData,
  });
  const manage = can('EX-CARRIER-MANAGE');
  const shape = CarrierBodySchema.shape;

  const columns: TableColumnsType<CarrierItem> = [
    { title: t('net.field.code'), dataIndex: 'code', width: 140 },
    { title: t('net.field.name'), dataIndex: 'name' },
    {
      title: t('net.field.services'),
      dataIndex: 'services',
      render: (list: CarrierItem['services']) =>
        list.length ? (
          <Space size={[4, 4]} wrap>
            {list.map((s) => (
              <Tag key={s.id}>{s.code}</Tag>
            ))}
          </Space>
        ) : (
          <span style={{ color: '#94a3b8' }}>{t('net.common.none')}</span>
        ),
    },
    { title: t('net.field.status'), dataIndex: 'status', width: 120, render: (s: string) => <StatusTag status={s} /> },
    ...editColumn<CarrierItem>(manage, setEditing, t),
  ];

  const submit = async (v: CarrierBody) => {
    const res = editing && editing !== 'new' ? await catalogApi.updateCarrier(editing.id, v) : await catalogApi.createCarrier(v);
    await queryClient.invalidateQueries({ queryKey: ['carriers'] });
    return res;
  };

  return (
    <ScreenCard
      title={t('screen.listCarrier')}
      extra={<NewButton show={manage} label={t('net.carrier.new')} onClick={() => setEditing('new')} />}
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <KeywordSearch value={filters.keyword} placeholder={t('net.carrier.searchPlaceholder')} onSearch={(keyword) => setFilters({ keyword: keyword })} />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('net.filter.service')}
          aria-label={t('net.filter.service')}
          value={filters.serviceId || undefined}
          options={services.options}
          onChange={(serviceId) => setFilters({ serviceId })}
          style={{ width: 200 }}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('net.filter.warehouse')}
          aria-label={t('net.filter.warehouse')}
          value={filters.warehouseId || undefined}
          options={warehouses.options}
          onChange={(warehouseId) => setFilters({ warehouseId })}
          style={{ width: 200 }}
        />
        <Select aria-label={t('net.field.status')} value={filters.status} options={statusOptions} onChange={(status) => setFilters({ status })} style={{ width: 150 }} />
      </Space>
      <ServerTable<CarrierItem>
        query={list}
        columns={columns}
        page={Number(filters.page)}
        pageSize={Number(filters.pageSize)}
        onPage={(page, pageSize) => setFilters({ page, pageSize })}
      />
      <FormModal<CarrierBody>
        open={editing !== null}
        title={editing === 'new' ? t('net.carrier.new') : t('net.carrier.edit')}
        initialValues={editing && editing !== 'new' ? { code: editing.code, name: editing.name, status: editing.status } : { status: 'active' }}
        onClose={() => setEditing(null)}
        onSubmit={submit}
      >
        <Form.Item name="code" label={t('net.field.code')} rules={[zodRule(shape.code, t)]} normalize={upper} extra={t('net.hint.code')} required>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('net.field.name')} rules={[zodRule(shape.name, t)]} required>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="status" label={t('net.field.status')}>
          <Select options={formStatusOptions} />
        </Form.Item>
      </FormModal>
    </ScreenCard>
  );
}
