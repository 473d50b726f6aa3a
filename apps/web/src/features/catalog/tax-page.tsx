import './locales';
import { Col, Form, Input, InputNumber, Row, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { TaxBodySchema, type ScreenDef } from '@exship/contracts';
import { catalogApi, type TaxBody, type TaxItem } from '../../api/endpoints';
import { zodRule } from '../../shared/zod-rule';
import { codeOf, useCarrierOptions } from '../../shared/catalog-options';
import { CountryStatusFilters, FormModal, ScreenCard, StatusTag, UrlServerTable, upper, useCan, useEditing, useListQuery, useRemove, useUrlState, editDeleteColumn, NewButton, StatusField } from '../../shared/list-ui';

const DEFAULTS = { keyword: '', country: '', status: 'all', page: '1', pageSize: '10' };

/** SPEC §2 /app/carrier/tax: tax rates by country, province and carrier (SPEC §5: 0.01 to 99.99 %). */
export default function TaxPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const editor = useEditing<TaxItem, TaxBody>({
    create: catalogApi.createTax,
    update: catalogApi.updateTax,
    invalidate: ['taxes'],
    toBody: (v) => ({ ...v, province: v.province || undefined, carrierId: v.carrierId || undefined }),
  });
  const carriers = useCarrierOptions();
  const carrierCode = codeOf(carriers.items);
  const list = useListQuery('taxes', filters, catalogApi.taxes);
  const manage = can('EX-TAX-MANAGE');
  const shape = TaxBodySchema.shape;
  const remove = useRemove((row: TaxItem) => catalogApi.deleteTax(row.id), 'taxes');

  const columns: TableColumnsType<TaxItem> = [
    { title: t('net.field.country'), dataIndex: 'country', width: 90 },
    { title: t('net.tax.province'), dataIndex: 'province', render: (v: string | null) => v || t('net.tax.allProvinces') },
    { title: t('net.field.carrier'), dataIndex: 'carrierId', render: (v: string | null) => (v ? carrierCode(v) : t('net.tax.allCarriers')) },
    { title: t('net.tax.type'), dataIndex: 'taxType' },
    { title: t('net.tax.rate'), dataIndex: 'rate', align: 'right', render: (v: number) => `${v.toFixed(2)} %` },
    { title: t('net.field.status'), dataIndex: 'status', width: 110, render: (s: string) => <StatusTag status={s} /> },
    ...editDeleteColumn<TaxItem>(
      manage,
      { onEdit: editor.setEditing, onDelete: remove, confirmTitle: (row) => t('net.tax.deleteConfirm', { country: row.country, type: row.taxType }) },
      t,
    ),
  ];

  return (
    <ScreenCard title={t('screen.tax')} extra={<NewButton show={manage} label={t('net.tax.new')} onClick={() => editor.setEditing('new')} />}>
      <CountryStatusFilters filters={filters} setFilters={setFilters} placeholder={t('net.tax.searchPlaceholder')} />
      <UrlServerTable<TaxItem> query={list} columns={columns} filters={filters} setFilters={setFilters} />
      <FormModal<TaxBody>
        {...editor.modalProps}
        title={editor.isNew ? t('net.tax.new') : t('net.tax.edit')}
        initialValues={
          editor.row
            ? { ...editor.row, province: editor.row.province ?? '', carrierId: editor.row.carrierId ?? undefined }
            : { status: 'active', country: 'US', province: '', taxType: 'VAT' }
        }
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
              <InputNumber step={0.5} precision={2} suffix="%" style={{ width: '100%' }} />
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
            <StatusField />
          </Col>
        </Row>
      </FormModal>
    </ScreenCard>
  );
}
