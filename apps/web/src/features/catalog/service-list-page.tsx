import './locales';
import { Col, Form, InputNumber, Row, Select, Space, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PACKAGINGS, ServiceBodySchema, type ScreenDef } from '@exship/contracts';
import { catalogApi, type ServiceBody, type ServiceItem } from '../../api/endpoints';
import { usd } from '../../shared/money';
import { zodRule } from '../../shared/zod-rule';
import { codeOf, useCarrierOptions } from '../../shared/catalog-options';
import { transitText } from './transit-days';
import { CodeNameFields, FormModal, ScreenCard, StatusTag, UrlServerTable, useCan, useEditing, useListQuery, useUrlState, editColumn, KeywordSearch, NewButton, OptionFilter, StatusField, StatusFilter } from '../../shared/list-ui';

const DEFAULTS = { keyword: '', carrierId: '', status: 'all', page: '1', pageSize: '10' };

/** SPEC §2 /app/carrier/service: services with their fees; a row opens the service and its prices. */
export default function ServiceListPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  const editor = useEditing<ServiceItem, ServiceBody>({ create: catalogApi.createService, update: catalogApi.updateService, invalidate: ['services', 'carriers'] });
  const carriers = useCarrierOptions();
  const carrierCode = codeOf(carriers.items);
  const list = useListQuery('services', filters, catalogApi.services);
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
    { title: t('net.field.transit'), key: 'transit', render: (_: unknown, row) => transitText(row.transitDaysMin, row.transitDaysMax, t) ?? '—' },
    { title: t('net.field.status'), dataIndex: 'status', width: 120, render: (s: string) => <StatusTag status={s} /> },
    ...editColumn<ServiceItem>(manage, editor.setEditing, t),
  ];

  return (
    <ScreenCard title={t('screen.service')} extra={<NewButton show={manage} label={t('net.service.new')} onClick={() => editor.setEditing('new')} />}>
      <Space wrap style={{ marginBottom: 16 }}>
        <KeywordSearch value={filters.keyword} placeholder={t('net.service.searchPlaceholder')} onSearch={(keyword) => setFilters({ keyword: keyword })} />
        {carriers.options.length > 0 && (
          <OptionFilter label={t('net.filter.carrier')} value={filters.carrierId} options={carriers.options} onChange={(carrierId) => setFilters({ carrierId })} />
        )}
        <StatusFilter value={filters.status} onChange={(status) => setFilters({ status })} />
      </Space>
      <UrlServerTable<ServiceItem> query={list} columns={columns} filters={filters} setFilters={setFilters} />
      <FormModal<ServiceBody>
        {...editor.modalProps}
        title={editor.isNew ? t('net.service.new') : t('net.service.edit')}
        width={640}
        initialValues={
          editor.row
            ? { ...editor.row }
            : { status: 'active', packaging: 'parcel', signatureFee: 0, overLengthFee: 0, overLengthThresholdCm: 121.92, carrierId: filters.carrierId || undefined }
        }
      >
        <CodeNameFields shape={shape} sideBySide />
        <Form.Item name="carrierId" label={t('net.field.carrier')} rules={[zodRule(shape.carrierId, t)]} required>
          <Select showSearch={{ optionFilterProp: 'label' }} options={carriers.options} loading={carriers.loading} placeholder={t('net.filter.carrier')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="signatureFee" label={t('net.field.signatureFee')} rules={[zodRule(shape.signatureFee, t)]} required>
              <InputNumber prefix="$" step={0.5} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="overLengthFee" label={t('net.field.overLengthFee')} rules={[zodRule(shape.overLengthFee, t)]}>
              <InputNumber prefix="$" step={1} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="overLengthThresholdCm" label={t('net.field.overLengthThreshold')} rules={[zodRule(shape.overLengthThresholdCm, t)]}>
              <InputNumber suffix="cm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="transitDaysMin" label={t('net.field.transitDaysMin')} rules={[zodRule(shape.transitDaysMin, t)]}>
              <InputNumber suffix={t('net.field.days')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {/* The order rule reads both ends, so it is checked again when the fewest days change. */}
            <Form.Item
              name="transitDaysMax"
              label={t('net.field.transitDaysMax')}
              dependencies={['transitDaysMin']}
              rules={[
                zodRule(shape.transitDaysMax, t),
                ({ getFieldValue }) => ({
                  validator: async (_rule, max: number | null | undefined) => {
                    const min = getFieldValue('transitDaysMin') as number | null | undefined;
                    if (typeof min === 'number' && typeof max === 'number' && min > max) throw new Error(t('validation.transitDays.order'));
                  },
                }),
              ]}
            >
              <InputNumber suffix={t('net.field.days')} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="packaging" label={t('net.field.packaging')} extra={t('net.packaging.help')}>
          <Select options={PACKAGINGS.map((p) => ({ value: p, label: t(`net.packaging.${p}`) }))} />
        </Form.Item>
        <StatusField />
      </FormModal>
    </ScreenCard>
  );
}
