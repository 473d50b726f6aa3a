import './locales';
import { useState } from 'react';
import { Col, Form, Input, InputNumber, Row, Select, Space, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ServiceBodySchema, type ScreenDef } from '@exship/contracts';
import { catalogApi, type ServiceBody, type ServiceItem } from '../../api/endpoints';
import { usd } from '../../shared/money';
import { zodRule } from '../../shared/zod-rule';
import { codeOf, useCarrierOptions } from './options';
import { FormModal, ScreenCard, StatusTag, ServerTable, upper, useCan, useStatusOptions, useUrlState, editColumn, KeywordSearch, NewButton } from './ui';

const DEFAULTS = { keyword: '', carrierId: '', status: 'all', page: '1', pageSize: '10' };

/** SPEC §2 /app/carrier/service: services with their fees; a row opens the service and its prices. */
export default function ServiceListPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const [editing, setEditing] = useState<ServiceItem | 'new' | null>(null);
  const carriers = useCarrierOptions();
  const carrierCode = codeOf(carriers.items);
  const statusOptions = useStatusOptions(true);
  const formStatusOptions = useStatusOptions();
  const list = useQuery({
    queryKey: ['services', filters],
    queryFn: ({ signal }) => catalogApi.services(filters, signal),
    placeholderData: keepPreviousData,
  });
  const manage = can('EX-SERVICE-MANAGE');
  const shape = ServiceBodySchema.shape;

  const columns: TableColumnsType<ServiceItem> = [
    { title: t('net.field.code'), dataIndex: 'code', width: 140, render: (code: string, row) => <Link to={`/app/carrier/service/${row.id}`}>{code}</Link> },
    { title: t('net.field.name'), dataIndex: 'name' },
    { title: t('net.field.carrier'), dataIndex: 'carrierId', render: (id: string) => carrierCode(id) },
    { title: t('net.field.signatureFee'), dataIndex: 'signatureFee', align: 'right', render: (v: number) => usd(v) },
    {
      title: t('net.field.overLengthFee'),
      dataIndex: 'overLengthFee',
      align: 'right',
      render: (v: number, row) => `${usd(v)} (> ${row.overLengthThresholdCm} cm)`,
    },
    { title: t('net.field.status'), dataIndex: 'status', width: 120, render: (s: string) => <StatusTag status={s} /> },
    ...editColumn<ServiceItem>(manage, setEditing, t),
  ];

  const submit = async (v: ServiceBody) => {
    const res = editing && editing !== 'new' ? await catalogApi.updateService(editing.id, v) : await catalogApi.createService(v);
    await queryClient.invalidateQueries({ queryKey: ['services'] });
    await queryClient.invalidateQueries({ queryKey: ['carriers'] });
    return res;
  };

  return (
    <ScreenCard
      title={t('screen.service')}
      extra={<NewButton show={manage} label={t('net.service.new')} onClick={() => setEditing('new')} />}
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <KeywordSearch value={filters.keyword} placeholder={t('net.service.searchPlaceholder')} onSearch={(keyword) => setFilters({ keyword: keyword })} />
        {carriers.options.length > 0 && (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('net.filter.carrier')}
            aria-label={t('net.filter.carrier')}
            value={filters.carrierId || undefined}
            options={carriers.options}
            onChange={(carrierId) => setFilters({ carrierId })}
            style={{ width: 200 }}
          />
        )}
        <Select aria-label={t('net.field.status')} value={filters.status} options={statusOptions} onChange={(status) => setFilters({ status })} style={{ width: 150 }} />
      </Space>
      <ServerTable<ServiceItem>
        query={list}
        columns={columns}
        page={Number(filters.page)}
        pageSize={Number(filters.pageSize)}
        onPage={(page, pageSize) => setFilters({ page, pageSize })}
      />
      <FormModal<ServiceBody>
        open={editing !== null}
        title={editing === 'new' ? t('net.service.new') : t('net.service.edit')}
        width={640}
        initialValues={
          editing && editing !== 'new'
            ? { ...editing }
            : { status: 'active', signatureFee: 0, overLengthFee: 0, overLengthThresholdCm: 121.92, carrierId: filters.carrierId || undefined }
        }
        onClose={() => setEditing(null)}
        onSubmit={submit}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="code" label={t('net.field.code')} rules={[zodRule(shape.code, t)]} normalize={upper} extra={t('net.hint.code')} required>
              <Input maxLength={50} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('net.field.name')} rules={[zodRule(shape.name, t)]} required>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="carrierId" label={t('net.field.carrier')} rules={[zodRule(shape.carrierId, t)]} required>
          <Select showSearch={{ optionFilterProp: 'label' }} options={carriers.options} loading={carriers.loading} placeholder={t('net.filter.carrier')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="signatureFee" label={t('net.field.signatureFee')} rules={[zodRule(shape.signatureFee, t)]} required>
              <InputNumber prefix="$" min={0} step={0.5} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="overLengthFee" label={t('net.field.overLengthFee')} rules={[zodRule(shape.overLengthFee, t)]}>
              <InputNumber prefix="$" min={0} step={1} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="overLengthThresholdCm" label={t('net.field.overLengthThreshold')} rules={[zodRule(shape.overLengthThresholdCm, t)]}>
              <InputNumber suffix="cm" min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="status" label={t('net.field.status')}>
          <Select options={formStatusOptions} />
        </Form.Item>
      </FormModal>
    </ScreenCard>
  );
}
