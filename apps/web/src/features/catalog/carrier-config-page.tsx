import './locales';
import { Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Tag, Typography, type FormInstance, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CarrierConfigBodySchema, type ScreenDef } from '@exship/contracts';
import { catalogApi, type CarrierConfigBody, type CarrierConfigItem } from '../../api/endpoints';
import { zodRule } from '../../shared/zod-rule';
import { grams } from './price-brackets';
import { codeOf, useCarrierOptions, useServiceOptions, useWarehouseOptions } from '../../shared/catalog-options';
import { FormModal, ScreenCard, StatusTag, UrlServerTable, useCan, useEditing, useListQuery, useRemove, useUrlState, editDeleteColumn, NewButton, OptionFilter, StatusField, StatusFilter } from '../../shared/list-ui';

const DEFAULTS = { serviceId: '', status: 'all', page: '1', pageSize: '10' };
const upperList = (v: string[] | undefined) => [...new Set((v ?? []).map((s) => s.trim().toUpperCase()).filter(Boolean))];

/** The live sum of the allocation percentages (SPEC §5: must total 100). */
function AllocationTotal({ form }: { form: FormInstance<CarrierConfigBody> }) {
  const { t } = useTranslation();
  const allocations = Form.useWatch('allocations', form) as { percentage?: number }[] | undefined;
  const total = (allocations ?? []).reduce((s, a) => s + (Number(a?.percentage) || 0), 0);
  return (
    <Typography.Text type={total === 100 ? 'success' : 'danger'} strong role="status" aria-live="polite">
      {t('net.config.total', { total })}
    </Typography.Text>
  );
}

function ConfigForm({ form }: { form: FormInstance<CarrierConfigBody> }) {
  const { t } = useTranslation();
  const services = useServiceOptions();
  const carriers = useCarrierOptions();
  const warehouses = useWarehouseOptions();
  const typeShipping = Form.useWatch('typeShipping', form);
  const shape = CarrierConfigBodySchema.shape;
  const tags = { mode: 'tags' as const, open: false, suffixIcon: null, tokenSeparators: [',', ' '] };
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="serviceId" label={t('net.field.service')} rules={[zodRule(shape.serviceId, t)]} required>
            <Select showSearch={{ optionFilterProp: 'label' }} options={services.options} loading={services.loading} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="priority" label={t('net.config.priority')} rules={[zodRule(shape.priority, t)]} extra={t('net.config.priorityHint')} required>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={12}>
          <Form.Item name="minWeight" label={t('net.config.minWeight')} rules={[zodRule(shape.minWeight, t)]} required>
            <InputNumber precision={0} suffix="g" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item
            name="maxWeight"
            label={t('net.config.maxWeight')}
            dependencies={['minWeight']}
            rules={[
              zodRule(shape.maxWeight, t),
              ({ getFieldValue }) => ({
                validator: async (_r, v: number) => {
                  const min = getFieldValue('minWeight') as number | undefined;
                  if (typeof min === 'number' && typeof v === 'number' && min >= v) throw new Error(t('validation.weight.minBelowMax'));
                },
              }),
            ]}
            required
          >
            <InputNumber precision={0} suffix="g" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="typeShipping" label={t('net.config.destination')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'country', label: t('net.config.byCountry') },
            { value: 'state', label: t('net.config.byState') },
          ]}
        />
      </Form.Item>
      {typeShipping === 'state' ? (
        <Row gutter={16}>
          <Col xs={8}>
            <Form.Item name="toCountry" label={t('net.field.country')} rules={[{ required: true, message: t('validation.required') }, zodRule(shape.toCountry, t)]} normalize={(v: string) => v?.toUpperCase()}>
              <Input maxLength={2} />
            </Form.Item>
          </Col>
          <Col xs={16}>
            <Form.Item name="toState" label={t('net.config.states')} normalize={upperList} rules={[{ required: true, type: 'array', min: 1, message: t('validation.required') }, zodRule(shape.toState, t)]}>
              <Select {...tags} aria-label={t('net.config.states')} />
            </Form.Item>
          </Col>
        </Row>
      ) : (
        <Form.Item name="toArrayCountry" label={t('net.config.countries')} normalize={upperList} rules={[{ required: true, type: 'array', min: 1, message: t('validation.required') }, zodRule(shape.toArrayCountry, t)]} extra={t('net.config.countriesHint')}>
          <Select {...tags} aria-label={t('net.config.countries')} />
        </Form.Item>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
        <Typography.Text strong>{t('net.config.allocations')}</Typography.Text>
        <AllocationTotal form={form} />
      </div>
      <Form.List
        name="allocations"
        rules={[
          {
            validator: async (_r, list: { percentage?: number }[] | undefined) => {
              if (!list?.length) throw new Error(t('validation.required'));
              if (list.reduce((s, a) => s + (Number(a?.percentage) || 0), 0) !== 100) throw new Error(t('validation.percent.total100'));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, i) => (
              <Row key={field.key} gutter={8} align="top" wrap>
                <Col xs={24} sm={9}>
                  <Form.Item name={[field.name, 'carrierId']} rules={[{ required: true, message: t('validation.required') }]}>
                    <Select showSearch={{ optionFilterProp: 'label' }} options={carriers.options} placeholder={t('net.field.carrier')} aria-label={`${t('net.field.carrier')} ${i + 1}`} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={8}>
                  <Form.Item name={[field.name, 'warehouseId']} rules={[{ required: true, message: t('validation.required') }]}>
                    <Select showSearch={{ optionFilterProp: 'label' }} options={warehouses.options} placeholder={t('net.field.warehouse')} aria-label={`${t('net.field.warehouse')} ${i + 1}`} />
                  </Form.Item>
                </Col>
                <Col xs={16} sm={5}>
                  <Form.Item name={[field.name, 'percentage']} rules={[zodRule(shape.allocations.element.shape.percentage, t)]}>
                    <InputNumber precision={0} suffix="%" style={{ width: '100%' }} aria-label={`${t('net.config.percentage')} ${i + 1}`} />
                  </Form.Item>
                </Col>
                <Col xs={8} sm={2}>
                  <Button icon={<DeleteOutlined />} aria-label={t('net.config.removeAllocation')} onClick={() => remove(field.name)} disabled={fields.length === 1} />
                </Col>
              </Row>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ percentage: undefined })} disabled={fields.length >= 20}>
              {t('net.config.addAllocation')}
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} sm={8}>
          <Form.Item name="sku" label={t('net.config.sku')} rules={[zodRule(shape.sku, t)]}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name="users" label={t('net.config.users')} extra={t('net.config.usersHint')} rules={[zodRule(shape.users, t)]}>
            <Select {...tags} aria-label={t('net.config.users')} />
          </Form.Item>
        </Col>
      </Row>
      <StatusField />
    </>
  );
}

/** SPEC §2 /app/carrier/config: routing rules — which carrier and warehouse carry a service, by weight and destination. */
/** One line of text cut at `width` px with an ellipsis; the whole text shows on hover. */
function Cut({ text, width }: { text: string; width: number }) {
  return (
    <span title={text} style={{ display: 'inline-block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}>
      {text}
    </span>
  );
}

export default function CarrierConfigPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const editor = useEditing<CarrierConfigItem, CarrierConfigBody>({
    create: catalogApi.createCarrierConfig,
    update: catalogApi.updateCarrierConfig,
    invalidate: ['carrier-configs', 'carriers'],
    toBody: (v) => ({
      ...v,
      sku: v.sku || undefined,
      users: v.users ?? [],
      toState: v.typeShipping === 'state' ? (v.toState ?? []) : [],
      toCountry: v.typeShipping === 'state' ? v.toCountry : undefined,
      toArrayCountry: v.typeShipping === 'country' ? (v.toArrayCountry ?? []) : [],
    }),
  });
  const services = useServiceOptions();
  const carriers = useCarrierOptions();
  const warehouses = useWarehouseOptions();
  const serviceCode = codeOf(services.items);
  const carrierCode = codeOf(carriers.items);
  const warehouseCode = codeOf(warehouses.items);
  const list = useListQuery('carrier-configs', filters, catalogApi.carrierConfigs);
  const manage = can('EX-CARRIER-CONFIG');
  const remove = useRemove((row: CarrierConfigItem) => catalogApi.deleteCarrierConfig(row.id), 'carrier-configs');

  const columns: TableColumnsType<CarrierConfigItem> = [
    { title: t('net.field.service'), dataIndex: 'serviceId', render: (id: string) => <Cut width={140} text={serviceCode(id)} /> },
    { title: t('net.field.status'), dataIndex: 'status', width: 110, render: (s: string) => <StatusTag status={s} /> },
    // Shown from 1600 px (and in the editor): Status, the allocations and Actions come first at 1280 px.
    { title: t('net.config.priority'), dataIndex: 'priority', width: 90, align: 'right', responsive: ['xxl'] },
    { title: t('net.config.weight'), key: 'weight', render: (_, r) => `${grams(r.minWeight)} – ${grams(r.maxWeight)}` },
    {
      title: t('net.config.destination'),
      key: 'dest',
      // Long destination and allocation lists are cut (the whole text on hover), so the table keeps 1280 px.
      render: (_, r) => (
        <Cut width={170} text={r.typeShipping === 'state' ? `${r.toCountry ?? ''}: ${r.toState.join(', ')}` : [...r.toArrayCountry, ...(r.toCountry ? [r.toCountry] : [])].join(', ')} />
      ),
    },
    {
      title: t('net.config.allocations'),
      key: 'alloc',
      render: (_, r) => (
        <Space size={[4, 4]} wrap style={{ maxWidth: '100%' }}>
          {r.allocations.map((a, i) => (
            <Tag key={i} color="blue">
              <Cut width={170} text={`${carrierCode(a.carrierId)} @ ${warehouseCode(a.warehouseId)} · ${a.percentage}%`} />
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: t('net.config.users'), dataIndex: 'users', width: 130, render: (u: string[]) => (u.length ? t('net.config.usersCount', { count: u.length }) : t('net.config.everyone')) },
    // Rarely set: shown from 1600 px (and on a phone's cards), so Status and Actions fit at 1280 px.
    { title: t('net.config.sku'), dataIndex: 'sku', responsive: ['xxl'], render: (v: string | null) => v || '—' },
    ...editDeleteColumn<CarrierConfigItem>(manage, { onEdit: editor.setEditing, onDelete: remove, confirmTitle: () => t('net.config.deleteConfirm') }, t),
  ];

  const initial: Partial<CarrierConfigBody> = editor.row
    ? { ...editor.row, sku: editor.row.sku ?? '', toCountry: editor.row.toCountry ?? undefined }
    : {
        status: 'active',
        typeShipping: 'country',
        toArrayCountry: ['US'],
        toState: [],
        users: [],
        minWeight: 0,
        maxWeight: 30000,
        priority: 1,
        sku: '',
        serviceId: filters.serviceId || undefined,
        allocations: [{ percentage: 100 }] as CarrierConfigBody['allocations'],
      };

  return (
    <ScreenCard title={t('screen.carrierConfig')} extra={<NewButton show={manage} label={t('net.config.new')} onClick={() => editor.setEditing('new')} />}>
      <Space wrap style={{ marginBottom: 16 }}>
        <OptionFilter label={t('net.filter.service')} value={filters.serviceId} options={services.options} onChange={(serviceId) => setFilters({ serviceId })} width={220} />
        <StatusFilter value={filters.status} onChange={(status) => setFilters({ status })} />
      </Space>
      <UrlServerTable<CarrierConfigItem> query={list} columns={columns} filters={filters} setFilters={setFilters} />
      <FormModal<CarrierConfigBody> {...editor.modalProps} title={editor.isNew ? t('net.config.new') : t('net.config.edit')} width={760} initialValues={initial}>
        {(form) => <ConfigForm form={form} />}
      </FormModal>
    </ScreenCard>
  );
}
