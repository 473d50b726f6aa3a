import { useState } from 'react';
import { Button, Card, Col, Input, Row, Select, Space, Statistic, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_APPROVAL_STATUSES, PRODUCT_ORIGINS, PRODUCT_STATUSES, type ProductListItem, type ScreenDef } from '@exship/contracts';
import { productsApi, type ProductImportKind } from '../../api/endpoints';
import { useSession } from '../../api/session';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { ProductDeleteConfirm, useApprovalCommands, useProductActions } from './approval';
import { useCustomerOptions } from './customers';
import { ImportWizard } from './import-wizard';
import { ProductFormDrawer } from './product-form';
import { ApprovalTag, CopyableId, ScreenCard, StatusTag, serverPagination, useCan, useFormatDate, useIsStaff, useUrlFilters } from './shared';

const DEFAULTS = { keyword: '', approvalStatus: 'all', status: 'all', type: 'all', customerId: '', createdBy: '', page: '1', pageSize: '10' };

/** SPEC §2 /app/products: the product list with approval actions, create/edit and imports. */
export default function ProductListPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const staff = useIsStaff();
  const { profile } = useSession();
  const fmt = useFormatDate();
  const navigate = useNavigate();
  const actionsFor = useProductActions();
  const commands = useApprovalCommands();
  const [filters, setFilters] = useUrlFilters(DEFAULTS);
  const [form, setForm] = useState<{ open: boolean; id: string | null }>({ open: false, id: null });
  const [importing, setImporting] = useState(false);
  const customers = useCustomerOptions(staff);
  const list = useQuery({
    queryKey: ['products', 'list', filters],
    queryFn: ({ signal }) => productsApi.list(filters, signal),
    placeholderData: keepPreviousData,
  });
  const data = list.data?.data;
  const importKinds: ProductImportKind[] = [
    ...(can('EX-PRODUCT-IMPORT') ? (['product', 'variant'] as const) : []),
    ...(can('EX-PRODUCT-PARTNER-ID-IMPORT') ? (['partnerId'] as const) : []),
  ];

  const all = (label: string) => ({ value: 'all', label });
  const createdByOptions = [
    { value: '', label: t('products.filter.anyCreator') },
    ...(profile ? [{ value: profile.id, label: t('products.filter.createdByMe') }] : []),
    ...(staff ? customers.options.filter((o) => o.value !== profile?.id) : []),
  ];

  const columns: TableColumnsType<ProductListItem> = [
    {
      title: t('products.field.name'),
      dataIndex: 'name',
      width: 240,
      render: (name: string, p) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/app/products/${p.id}`} style={{ wordBreak: 'break-word' }}>
            {name}
          </Link>
          {p.aliasName && <Typography.Text type="secondary">{p.aliasName}</Typography.Text>}
          <CopyableId id={p.id} label={t('products.id.copyProduct', { name: p.name })} />
        </Space>
      ),
    },
    ...(staff
      ? [
          {
            title: t('products.field.customer'),
            key: 'customer',
            render: (_: unknown, p: ProductListItem) =>
              p.customer ? (
                <Space orientation="vertical" size={0}>
                  <span>{p.customer.fullName}</span>
                  <Typography.Text type="secondary">{p.customer.email}</Typography.Text>
                </Space>
              ) : (
                '—'
              ),
          },
        ]
      : []),
    { title: t('products.field.approvalStatus'), dataIndex: 'approvalStatus', render: (s: ProductListItem['approvalStatus']) => <ApprovalTag status={s} /> },
    { title: t('products.field.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    { title: t('products.field.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => fmt(v) },
    { title: t('products.field.hsCode'), dataIndex: 'hsCode', render: (v: string | null) => v || '—' },
    { title: t('products.field.variants'), dataIndex: 'variantCount', align: 'right', width: 90 },
    { title: t('products.field.origin'), dataIndex: 'origin', render: (o: string) => t(`products.origin.${o}`) },
    {
      title: t('products.common.actions'),
      key: 'actions',
      // Wide enough for the icons and one workflow button a line: the buttons wrap, the table fits 1280 px.
      width: 150,
      render: (_: unknown, p) => {
        const allowed = actionsFor(p.approvalStatus);
        return (
          <Space size={4} wrap>
            <Tooltip title={t('products.action.view')}>
              <Button size="small" icon={<EyeOutlined />} onClick={() => navigate(`/app/products/${p.id}`)} aria-label={t('products.action.viewOf', { name: p.name })} />
            </Tooltip>
            {allowed.edit && (
              <Tooltip title={t('products.action.edit')}>
                <Button size="small" icon={<EditOutlined />} onClick={() => setForm({ open: true, id: p.id })} aria-label={t('products.action.editOf', { name: p.name })} />
              </Tooltip>
            )}
            {allowed.submit && (
              <Button size="small" type="primary" ghost icon={<SendOutlined />} loading={commands.busy === `submit-${p.id}`} onClick={() => commands.submit(p.id)}>
                {t('products.action.submit')}
              </Button>
            )}
            {allowed.accept && (
              <Button size="small" type="primary" icon={<CheckOutlined />} loading={commands.busy === `accept-${p.id}`} onClick={() => commands.accept(p.id)}>
                {t('products.action.accept')}
              </Button>
            )}
            {allowed.reject && (
              <Button size="small" danger icon={<CloseOutlined />} onClick={() => commands.reject(p)}>
                {t('products.action.reject')}
              </Button>
            )}
            {allowed.remove && (
              <ProductDeleteConfirm name={p.name} onConfirm={() => commands.remove(p.id)}>
                <Button size="small" danger type="text" icon={<DeleteOutlined />} aria-label={t('products.action.deleteOf', { name: p.name })} loading={commands.busy === `remove-${p.id}`} />
              </ProductDeleteConfirm>
            )}
          </Space>
        );
      },
    },
  ];

  const stat = (title: string, value: number | undefined, onClick?: () => void) => (
    <Col xs={24} sm={8}>
      <Card size="small" hoverable={!!onClick} onClick={onClick} role={onClick ? 'button' : undefined}>
        <Statistic title={title} value={value ?? 0} loading={list.isLoading} />
      </Card>
    </Col>
  );

  return (
    <ScreenCard
      title={t('screen.products')}
      extra={
        <>
          {importKinds.length > 0 && (
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('products.import.open')}
            </Button>
          )}
          {can('EX-PRODUCT-CREATE') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, id: null })}>
              {t('products.new')}
            </Button>
          )}
        </>
      }
    >
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        {stat(t('products.totals.total'), data?.total)}
        {stat(t('products.totals.waiting'), data?.totalWaitingApproval, () => setFilters({ approvalStatus: 'waiting_approval' }))}
        {stat(t('products.totals.count'), data?.totalCount)}
      </Row>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={filters.keyword}
          defaultValue={filters.keyword}
          allowClear
          placeholder={t('products.filter.keyword')}
          aria-label={t('products.filter.keyword')}
          onSearch={(keyword) => setFilters({ keyword: keyword.trim() })}
          style={{ width: 240 }}
        />
        <Select
          aria-label={t('products.field.approvalStatus')}
          value={filters.approvalStatus}
          onChange={(approvalStatus) => setFilters({ approvalStatus })}
          style={{ width: 190 }}
          options={[all(t('products.filter.allApproval')), ...PRODUCT_APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`products.approval.${s}`) }))]}
        />
        <Select
          aria-label={t('products.field.origin')}
          value={filters.type}
          onChange={(type) => setFilters({ type })}
          style={{ width: 170 }}
          options={[all(t('products.filter.allOrigins')), ...PRODUCT_ORIGINS.map((o) => ({ value: o, label: t(`products.origin.${o}`) }))]}
        />
        <Select
          aria-label={t('products.field.status')}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          style={{ width: 150 }}
          options={[all(t('products.filter.allStatuses')), ...PRODUCT_STATUSES.map((s) => ({ value: s, label: t(`products.status.${s}`) }))]}
        />
        {staff && (
          <Select
            aria-label={t('products.field.customer')}
            value={filters.customerId || undefined}
            allowClear
            placeholder={t('products.filter.allCustomers')}
            showSearch={{ optionFilterProp: 'label', onSearch: customers.setSearch }}
            onChange={(customerId?: string) => setFilters({ customerId: customerId ?? '' })}
            style={{ width: 240 }}
            options={customers.options}
          />
        )}
        <Select aria-label={t('products.field.createdBy')} value={filters.createdBy} onChange={(createdBy) => setFilters({ createdBy })} style={{ width: 200 }} options={createdByOptions} />
      </Space>
      <ResponsiveTable<ProductListItem>
        rowKey="id"
        columns={columns}
        dataSource={data?.items}
        loading={list.isFetching}
        loadFailure={loadFailureOf(list)}
        locale={{ emptyText: t('products.list.empty') }}
        pagination={serverPagination(Number(filters.page), Number(filters.pageSize), data?.totalCount, (page, pageSize) => setFilters({ page, pageSize }), t)}
      />
      <ProductFormDrawer open={form.open} productId={form.id} onClose={() => setForm({ open: false, id: null })} />
      {importKinds.length > 0 && <ImportWizard open={importing} onClose={() => setImporting(false)} kinds={importKinds} />}
      {commands.rejectModal}
    </ScreenCard>
  );
}
