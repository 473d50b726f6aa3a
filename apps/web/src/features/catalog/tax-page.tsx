import './locales';
import { useState } from 'react';
import { App, Button, Col, Form, Input, InputNumber, Popconfirm, Row, Select, Space, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TaxBodySchema, type ScreenDef } from '@exship/contracts';
import { catalogApi, type TaxBody, type TaxItem } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { zodRule } from '../../shared/zod-rule';
import { codeOf, useCarrierOptions } from './options';
import { CountryStatusFilters, FormModal, ScreenCard, StatusTag, ServerTable, upper, useCan, useStatusOptions, useUrlState, NewButton } from './ui';

const DEFAULTS = { keyword: '', country: '', status: 'all', page: '1', pageSize: '10' };

/** SPEC §2 /app/carrier/tax: tax rates by country, province and carrier (SPEC §5: 0.01 to 99.99 %). */
export default function TaxPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const [editing, setEditing] = useState<TaxItem | 'new' | null>(null);
  const carriers = useCarrierOptions();
  const carrierCode = codeOf(carriers.items);
  const formStatusOptions = useStatusOptions();
  const list = useQuery({
    queryKey: ['taxes', filters],
    queryFn: ({ signal }) => catalogApi.taxes(filters, signal),
    placeholderData: keepPreviousData,
  });
  const manage = can('EX-TAX-MANAGE');
  const shape = TaxBodySchema.shape;

  const remove = async (row: TaxItem) => {
    try {
      const res = await catalogApi.deleteTax(row.id);
      message.success(res.message || t('net.common.deleted'));
      await queryClient.invalidateQueries({ queryKey: ['taxes'] });
    } catch (err) {
      message.error(errorText(err, t));
    }
  };

  const columns: TableColumnsType<TaxItem> = [
    { title: t('net.field.country'), dataIndex: 'country', width: 90 },
    { title: t('net.tax.province'), dataIndex: 'province', render: (v: string | null) => v || t('net.tax.allProvinces') },
    { title: t('net.field.carrier'), dataIndex: 'carrierId', render: (v: string | null) => (v ? carrierCode(v) : t('net.tax.allCarriers')) },
    { title: t('net.tax.type'), dataIndex: 'taxType' },
    { title: t('net.tax.rate'), dataIndex: 'rate', align: 'right', render: (v: number) => `${v.toFixed(2)} %` },
    { title: t('net.field.status'), dataIndex: 'status', width: 110, render: (s: string) => <StatusTag status={s} /> },
    ...(manage
      ? [
          {
            title: t('net.common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: 190,
            render: (_: unknown, row: TaxItem) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
                  {t('net.common.edit')}
                </Button>
                <Popconfirm
                  title={t('net.tax.deleteConfirm', { country: row.country, type: row.taxType })}
                  okText={t('net.common.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common.cancel')}
                  onConfirm={() => remove(row)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />}>
                    {t('net.common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const submit = async (v: TaxBody) => {
    const body = { ...v, province: v.province || undefined, carrierId: v.carrierId || undefined };
    const res = editing && editing !== 'new' ? await catalogApi.updateTax(editing.id, body) : await catalogApi.createTax(body);
    await queryClient.invalidateQueries({ queryKey: ['taxes'] });
    return res;
  };

  return (
    <ScreenCard
      title={t('screen.tax')}
      extra={<NewButton show={manage} label={t('net.tax.new')} onClick={() => setEditing('new')} />}
    >
      <CountryStatusFilters filters={filters} setFilters={setFilters} placeholder={t('net.tax.searchPlaceholder')} />
      <ServerTable<TaxItem>
        query={list}
        columns={columns}
        page={Number(filters.page)}
        pageSize={Number(filters.pageSize)}
        onPage={(page, pageSize) => setFilters({ page, pageSize })}
      />
      <FormModal<TaxBody>
        open={editing !== null}
        title={editing === 'new' ? t('net.tax.new') : t('net.tax.edit')}
        initialValues={
          editing && editing !== 'new'
            ? { ...editing, province: editing.province ?? '', carrierId: editing.carrierId ?? undefined }
            : { status: 'active', country: 'US', province: '', taxType: 'VAT' }
        }
        onClose={() => setEditing(null)}
        onSubmit={submit}
      >
        <Row gutter={16}>
          <Col xs={12} sm={8}>
            <Form.Item name="country" label={t('net.field.country')} rules={[zodRule(shape.country, t)]} normalize={upper} required>
              <Input maxLength={2} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="province" label={t('net.tax.province')} rules={[zodRule(shape.province, t)]} normalize={upper} extra={t('net.tax.provinceHint')}>
              <Input maxLength={3} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="rate" label={t('net.tax.rate')} rules={[zodRule(shape.rate, t)]} required>
              <InputNumber min={0.01} max={99.99} step={0.5} precision={2} suffix="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="carrierId" label={t('net.field.carrier')} extra={t('net.tax.carrierHint')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={carriers.options} placeholder={t('net.tax.allCarriers')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="taxType" label={t('net.tax.type')} rules={[zodRule(shape.taxType, t)]} required>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="status" label={t('net.field.status')}>
              <Select options={formStatusOptions} />
            </Form.Item>
          </Col>
        </Row>
      </FormModal>
    </ScreenCard>
  );
}
