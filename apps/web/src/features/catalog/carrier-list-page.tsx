import './locales';
import { useState } from 'react';
import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { ApiOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CarrierBodySchema, type ScreenDef } from '@exship/contracts';
import { catalogApi, type CarrierBody, type CarrierItem } from '../../api/endpoints';
import { AdapterTag, CarrierConnectionModal, useCarrierConnections } from './carrier-connection';
import { useServiceOptions, useWarehouseOptions } from '../../shared/catalog-options';
import { CodeNameFields, FormModal, ScreenCard, StatusTag, UrlServerTable, useCan, useEditing, useListQuery, useUrlState, KeywordSearch, NewButton, OptionFilter, StatusField, StatusFilter } from '../../shared/list-ui';

const DEFAULTS = { keyword: '', serviceId: '', warehouseId: '', status: 'all', page: '1', pageSize: '10' };

/** SPEC §2 /app/carrier/list-carrier; §3 filters keyword, services, warehouse, status (default all). */
export default function CarrierListPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const editor = useEditing<CarrierItem, CarrierBody>({ create: catalogApi.createCarrier, update: catalogApi.updateCarrier, invalidate: ['carriers'] });
  const services = useServiceOptions();
  const warehouses = useWarehouseOptions();
  const list = useListQuery('carriers', filters, catalogApi.carriers);
  const manage = can('EX-CARRIER-MANAGE');
  const connections = useCarrierConnections(can('EX-CARRIER-LIST'));
  const [connecting, setConnecting] = useState<CarrierItem | null>(null);

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
          <span style={{ color: '#4b5563' }}>{t('net.common.none')}</span>
        ),
    },
    { title: t('net.field.status'), dataIndex: 'status', width: 120, render: (s: string) => <StatusTag status={s} /> },
    { title: t('net.connection.column'), key: 'adapter', width: 120, render: (_: unknown, row) => <AdapterTag connection={connections.byCarrier.get(row.id)} /> },
    ...(manage
      ? [
          {
            title: t('net.common.actions'),
            key: 'actions',
            width: 220,
            render: (_: unknown, row: CarrierItem) => (
              <Space wrap>
                <Button size="small" icon={<EditOutlined />} onClick={() => editor.setEditing(row)} aria-label={t('net.common.editOf', { name: row.code })}>
                  {t('net.common.edit')}
                </Button>
                <Button size="small" icon={<ApiOutlined />} onClick={() => setConnecting(row)} aria-label={t('net.connection.openOf', { code: row.code })}>
                  {t('net.connection.open')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <ScreenCard title={t('screen.listCarrier')} extra={<NewButton show={manage} label={t('net.carrier.new')} onClick={() => editor.setEditing('new')} />}>
      <Space wrap style={{ marginBottom: 16 }}>
        <KeywordSearch value={filters.keyword} placeholder={t('net.carrier.searchPlaceholder')} onSearch={(keyword) => setFilters({ keyword: keyword })} />
        <OptionFilter label={t('net.filter.service')} value={filters.serviceId} options={services.options} onChange={(serviceId) => setFilters({ serviceId })} />
        <OptionFilter label={t('net.filter.warehouse')} value={filters.warehouseId} options={warehouses.options} onChange={(warehouseId) => setFilters({ warehouseId })} />
        <StatusFilter value={filters.status} onChange={(status) => setFilters({ status })} />
      </Space>
      <UrlServerTable<CarrierItem> query={list} columns={columns} filters={filters} setFilters={setFilters} />
      <FormModal<CarrierBody>
        {...editor.modalProps}
        title={editor.isNew ? t('net.carrier.new') : t('net.carrier.edit')}
        initialValues={editor.row ? { code: editor.row.code, name: editor.row.name, status: editor.row.status } : { status: 'active' }}
      >
        <CodeNameFields shape={CarrierBodySchema.shape} />
        <StatusField />
      </FormModal>
      {connecting && <CarrierConnectionModal carrier={connecting} onClose={() => setConnecting(null)} />}
    </ScreenCard>
  );
}
