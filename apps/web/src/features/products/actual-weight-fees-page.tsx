import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Form, Input, InputNumber, Row, Segmented, Select, Space, Tag, type TableColumnsType } from 'antd';
import { CalculatorOutlined, EditOutlined, HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WEIGHT_CONFIG_STATUSES, WEIGHT_CONFIGURATION_STATUSES, type ScreenDef, type WeightConfig } from '@exship/contracts';
import { productsApi, type ActualWeightFeeResult } from '../../api/endpoints';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { usd } from '../../shared/money';
import { useAction } from '../../shared/use-action';
import { ImportWizard } from './import-wizard';
import { ScreenCard, StatusTag, serverPagination, useCan, useFormatDate, useUrlFilters } from './shared';
import { WeightConfigModal, WeightHistoryDrawer } from './weight-config';

const DEFAULTS = { view: 'charging', keyword: '', status: 'all', configurationStatus: 'all', page: '1', pageSize: '10' };

/** Product + weighed grams → the actual-weight fee the product's threshold gives (SPEC §2). */
function FeeCalculator({ known }: { known: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const can = useCan();
  const [form] = Form.useForm<{ productId?: string; weighedGrams?: number | null }>();
  const [search, setSearch] = useState('');
  const [result, setResult] = useState<ActualWeightFeeResult | null>(null);
  // With EX-PRODUCT-LIST any product can be searched; otherwise the configured ones listed here.
  const found = useQuery({
    queryKey: ['products', 'calculator', search],
    queryFn: ({ signal }) => productsApi.list({ keyword: search || undefined, pageSize: 20 }, signal),
    enabled: can('EX-PRODUCT-LIST'),
    placeholderData: keepPreviousData,
  });
  const options = useMemo(() => {
    const byId = new Map(known.map((o) => [o.value, o]));
    for (const p of found.data?.data.items ?? []) byId.set(p.id, { value: p.id, label: p.customer ? `${p.name} — ${p.customer.email}` : p.name });
    return [...byId.values()];
  }, [known, found.data]);

  const calculation = useAction((v: { productId: string; weighedGrams: number }) => productsApi.actualWeightFee(v.productId, v.weighedGrams), {
    success: false,
    onSuccess: (res) => setResult(res.data),
    onError: () => setResult(null),
  });
  const busy = calculation.pending;
  const calculate = (v: { productId?: string; weighedGrams?: number | null }) => {
    if (v.productId && v.weighedGrams) void calculation.run({ productId: v.productId, weighedGrams: v.weighedGrams });
  };

  return (
    <Card title={t('products.calc.title')} size="small">
      <Form form={form} layout="vertical" onFinish={calculate} onValuesChange={() => setResult(null)}>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="productId" label={t('products.calc.product')} rules={[{ required: true, message: t('validation.required') }]}>
              <Select
                showSearch={{ filterOption: false, onSearch: setSearch }}
                options={options}
                loading={found.isFetching}
                placeholder={t('products.calc.productPlaceholder')}
                notFoundContent={t('products.common.empty')}
              />
            </Form.Item>
          </Col>
          <Col xs={14} md={6}>
            <Form.Item
              name="weighedGrams"
              label={t('products.calc.weighed')}
              rules={[{ required: true, message: t('validation.required') }, { type: 'number', min: 0.01, message: t('validation.product.weight') }]}
            >
              <InputNumber style={{ width: '100%' }} suffix="g" precision={2} />
            </Form.Item>
          </Col>
          <Col xs={10} md={6}>
            <Form.Item label=" ">
              <Button type="primary" htmlType="submit" icon={<CalculatorOutlined />} loading={busy} block>
                {t('products.calc.run')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {result && (
        <Alert
          type={result.exceeded ? 'warning' : 'success'}
          showIcon
          role="status"
          title={result.exceeded ? t('products.calc.exceeded', { fee: usd(result.fee) }) : t('products.calc.noFee')}
          description={
            <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
              <Descriptions.Item label={t('products.calc.weighed')}>{`${result.weighedGrams} g`}</Descriptions.Item>
              <Descriptions.Item label={t('products.weight.threshold')}>{result.weightThreshold === null ? t('products.calc.noThreshold') : `${result.weightThreshold} g`}</Descriptions.Item>
              <Descriptions.Item label={t('products.weight.fee')}>{usd(result.fee)}</Descriptions.Item>
            </Descriptions>
          }
        />
      )}
    </Card>
  );
}

/** SPEC §2 /app/actual-weight-fees: weight thresholds and the fees they charge, their history, their import. */
export default function ActualWeightFeesPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useFormatDate();
  const manage = can('EX-PRODUCT-CONFIG');
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  // "All configurations" needs EX-PRODUCT-CONFIG; the charging view needs EX-PRODUCT-ACTUAL-WEIGHT-FEE.
  const view = manage && (filters.view === 'all' || !can('EX-PRODUCT-ACTUAL-WEIGHT-FEE')) ? 'all' : 'charging';
  const [history, setHistory] = useState<{ id: string; name: string } | null>(null);
  const [editing, setEditing] = useState<WeightConfig | null>(null);
  const [importing, setImporting] = useState(false);
  const query = { keyword: filters.keyword, status: filters.status, configurationStatus: filters.configurationStatus, page: filters.page, pageSize: filters.pageSize };
  const list = useQuery({
    queryKey: ['weight-configs', view, query],
    queryFn: ({ signal }) => (view === 'all' ? productsApi.weightConfigs(query, signal) : productsApi.actualWeightFees(query, signal)),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.data.items;
  const known = useMemo(() => (items ?? []).map((c) => ({ value: c.productId, label: c.productName })), [items]);

  const columns: TableColumnsType<WeightConfig> = [
    {
      title: t('products.weight.product'),
      dataIndex: 'productName',
      render: (name: string, c) => (can('EX-PRODUCT-LIST') ? <Link to={`/app/products/${c.productId}`}>{name}</Link> : name),
    },
    { title: t('products.weight.threshold'), dataIndex: 'weightThreshold', align: 'right', render: (v: number) => `${v} g` },
    { title: t('products.weight.fee'), dataIndex: 'fee', align: 'right', render: (v: number) => usd(v) },
    { title: t('products.field.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    { title: t('products.weight.configurationStatus'), dataIndex: 'configurationStatus', render: (s: string) => <StatusTag status={s} /> },
    { title: t('products.field.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => fmt(v) },
    ...(manage
      ? [
          {
            title: t('products.common.actions'),
            key: 'actions',
            render: (_: unknown, c: WeightConfig) => (
              <Space size={4} wrap>
                <Button size="small" icon={<HistoryOutlined />} onClick={() => setHistory({ id: c.productId, name: c.productName })}>
                  {t('products.weight.history')}
                </Button>
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(c)} aria-label={t('products.weight.editOf', { name: c.productName })}>
                  {t('products.action.edit')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ScreenCard
        title={t('screen.actualWeightFees')}
        extra={
          manage && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('products.weight.import')}
            </Button>
          )
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          {manage && can('EX-PRODUCT-ACTUAL-WEIGHT-FEE') && (
            <Segmented
              value={view}
              onChange={(v) => setFilters({ view: String(v) })}
              options={[
                { value: 'charging', label: t('products.weight.view.charging') },
                { value: 'all', label: t('products.weight.view.all') },
              ]}
            />
          )}
          <Input.Search
            key={filters.keyword}
            defaultValue={filters.keyword}
            allowClear
            placeholder={t('products.weight.search')}
            aria-label={t('products.weight.search')}
            onSearch={(keyword) => setFilters({ keyword: keyword.trim() })}
            style={{ width: 240 }}
          />
          {view === 'all' && (
            <>
              <Select
                aria-label={t('products.field.status')}
                value={filters.status}
                onChange={(status) => setFilters({ status })}
                style={{ width: 150 }}
                options={[{ value: 'all', label: t('products.filter.allStatuses') }, ...WEIGHT_CONFIG_STATUSES.map((s) => ({ value: s, label: t(`products.status.${s}`) }))]}
              />
              <Select
                aria-label={t('products.weight.configurationStatus')}
                value={filters.configurationStatus}
                onChange={(configurationStatus) => setFilters({ configurationStatus })}
                style={{ width: 170 }}
                options={[{ value: 'all', label: t('products.weight.allConfigurations') }, ...WEIGHT_CONFIGURATION_STATUSES.map((s) => ({ value: s, label: t(`products.status.${s}`) }))]}
              />
            </>
          )}
          {view === 'charging' && <Tag color="blue">{t('products.weight.chargingHint')}</Tag>}
        </Space>
        <ResponsiveTable<WeightConfig>
          rowKey="id"
          columns={columns}
          dataSource={items}
          loading={list.isFetching}
          loadFailure={loadFailureOf(list)}
          locale={{ emptyText: t('products.weight.empty') }}
          pagination={serverPagination(Number(filters.page), Number(filters.pageSize), list.data?.data.totalCount, (page, pageSize) => setFilters({ page, pageSize }), t)}
        />
      </ScreenCard>
      <FeeCalculator known={known} />
      {manage && (
        <>
          <WeightHistoryDrawer product={history} onClose={() => setHistory(null)} />
          <WeightConfigModal product={editing ? { id: editing.productId, name: editing.productName } : null} current={editing} onClose={() => setEditing(null)} />
          <ImportWizard open={importing} onClose={() => setImporting(false)} kinds={['weightConfig']} />
        </>
      )}
    </Space>
  );
}
