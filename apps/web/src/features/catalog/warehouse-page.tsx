import './locales';
import { Col, Form, Input, Row, Select, Tabs, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WarehouseBodySchema, type ScreenDef } from '@exship/contracts';
import { catalogApi, type WarehouseBody, type WarehouseItem } from '../../api/endpoints';
import { zodRule } from '../../shared/zod-rule';
import { CodeNameFields, CountryStatusFilters, FormModal, ScreenCard, StatusTag, UrlServerTable, upper, useCan, useEditing, useListQuery, useUrlState, editColumn, NewButton, StatusField } from '../../shared/list-ui';
import { ZonesTab } from './zones-tab';

const DEFAULTS = { keyword: '', country: '', status: 'all', page: '1', pageSize: '10' };

function WarehousesTab() {
  const { t } = useTranslation();
  const can = useCan();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const editor = useEditing<WarehouseItem, WarehouseBody>({ create: catalogApi.createWarehouse, update: catalogApi.updateWarehouse, invalidate: ['warehouses'] });
  const list = useListQuery('warehouses', filters, catalogApi.warehouses);
  const manage = can('EX-WAREHOUSE-MANAGE');
  const shape = WarehouseBodySchema.shape;

  const columns: TableColumnsType<WarehouseItem> = [
    { title: t('net.field.code'), dataIndex: 'code', width: 120 },
    { title: t('net.field.name'), dataIndex: 'name' },
    { title: t('net.field.status'), dataIndex: 'status', width: 110, render: (s: string) => <StatusTag status={s} /> },
    {
      title: t('net.field.address'),
      key: 'address',
      render: (_, w) => (
        <div style={{ minWidth: 160 }}>
          <div>{[w.address, w.city, [w.state, w.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')}</div>
          {w.handoverAddress && (
            <Typography.Text type="secondary">
              {t('net.handover.line', { place: [w.handoverAddress, w.handoverCity, w.handoverCountry].filter(Boolean).join(', ') })}
              {w.handoverHours ? ` · ${w.handoverHours}` : ''}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { title: t('net.field.country'), dataIndex: 'country', width: 90 },
    {
      title: t('net.field.contact'),
      key: 'contact',
      render: (_, w) =>
        w.email || w.phone ? (
          <div style={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
            {w.email && <div>{w.email}</div>}
            {w.phone && <div>{w.phone}</div>}
          </div>
        ) : (
          '—'
        ),
    },
    { title: t('net.field.shippingType'), dataIndex: 'shippingType', render: (v: string) => t(`net.shippingType.${v}`) },
    ...editColumn<WarehouseItem>(manage, editor.setEditing, t),
  ];

  const initial: Partial<WarehouseBody> = editor.row
    ? {
        ...editor.row,
        email: editor.row.email ?? '',
        phone: editor.row.phone ?? '',
        state: editor.row.state ?? '',
        handoverAddress: editor.row.handoverAddress ?? '',
        handoverCity: editor.row.handoverCity ?? '',
        handoverCountry: editor.row.handoverCountry ?? '',
        handoverHours: editor.row.handoverHours ?? '',
      }
    : { status: 'active', shippingType: 'international', country: 'US' };

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 8 }}>
        <CountryStatusFilters filters={filters} setFilters={setFilters} placeholder={t('net.warehouse.searchPlaceholder')} />
        <NewButton show={manage} label={t('net.warehouse.new')} onClick={() => editor.setEditing('new')} />
      </div>
      <UrlServerTable<WarehouseItem> query={list} columns={columns} filters={filters} setFilters={setFilters} />
      <FormModal<WarehouseBody> {...editor.modalProps} title={editor.isNew ? t('net.warehouse.new') : t('net.warehouse.edit')} width={680} initialValues={initial}>
        <CodeNameFields shape={shape} sideBySide />
        <Form.Item name="address" label={t('net.field.address')} rules={[zodRule(shape.address, t)]} required>
          <Input maxLength={255} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="city" label={t('net.field.city')} rules={[zodRule(shape.city, t)]} required>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={5}>
            <Form.Item name="state" label={t('net.field.state')} rules={[zodRule(shape.state, t)]} normalize={upper}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="zipcode" label={t('net.field.zipcode')} rules={[zodRule(shape.zipcode, t)]} required>
              <Input maxLength={29} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={5}>
            <Form.Item name="country" label={t('net.field.country')} rules={[zodRule(shape.country, t)]} normalize={upper} required>
              <Input maxLength={2} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="email" label={t('net.field.email')} rules={[zodRule(shape.email, t)]}>
              <Input type="email" maxLength={254} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label={t('net.field.phone')} rules={[zodRule(shape.phone, t)]}>
              <Input type="tel" maxLength={16} />
            </Form.Item>
          </Col>
        </Row>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontSize: 14, fontWeight: 600, marginBottom: 4, border: 0 }}>{t('net.handover.title')}</legend>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('net.handover.help')}
          </Typography.Paragraph>
          <Form.Item name="handoverAddress" label={t('net.handover.address')} rules={[zodRule(shape.handoverAddress, t)]}>
            <Input maxLength={255} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="handoverCity"
                label={t('net.handover.city')}
                dependencies={['handoverAddress']}
                rules={[zodRule(shape.handoverCity, t), ({ getFieldValue }) => ({ required: !!getFieldValue('handoverAddress')?.trim(), message: t('validation.required') })]}
              >
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="handoverCountry"
                label={t('net.handover.country')}
                normalize={upper}
                dependencies={['handoverAddress']}
                rules={[zodRule(shape.handoverCountry, t), ({ getFieldValue }) => ({ required: !!getFieldValue('handoverAddress')?.trim(), message: t('validation.required') })]}
              >
                <Input maxLength={2} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="handoverHours" label={t('net.handover.hours')} rules={[zodRule(shape.handoverHours, t)]} extra={t('net.handover.hoursHelp')}>
            <Input maxLength={255} />
          </Form.Item>
        </fieldset>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="shippingType" label={t('net.field.shippingType')}>
              <Select
                options={[
                  { value: 'international', label: t('net.shippingType.international') },
                  { value: 'domestic', label: t('net.shippingType.domestic') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <StatusField />
          </Col>
        </Row>
      </FormModal>
    </>
  );
}

/** SPEC §2 /app/carrier/warehouse: warehouses, and the zones tab (the same resource: warehouses and zones). */
export default function WarehousePage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'zones' && can('EX-ZONE-LIST') ? 'zones' : 'warehouses';
  return (
    <ScreenCard title={t('screen.warehouse')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'zones' ? { tab: 'zones' } : {})}
        items={[
          { key: 'warehouses', label: t('net.warehouse.tab'), children: tab === 'warehouses' && <WarehousesTab /> },
          ...(can('EX-ZONE-LIST') ? [{ key: 'zones', label: t('net.zone.tab'), children: tab === 'zones' && <ZonesTab /> }] : []),
        ]}
      />
    </ScreenCard>
  );
}
