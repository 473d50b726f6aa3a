import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Skeleton, Space, Table, Timeline, Typography } from 'antd';
import { ArrowLeftOutlined, CheckOutlined, CloseOutlined, DeleteOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Product, ProductVariant, ScreenDef } from '@exship/contracts';
import { ApiError } from '../../api/client';
import { productsApi } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { usd } from '../../shared/money';
import { ProductDeleteConfirm, useApprovalCommands, useProductActions } from './approval';
import { ProductFormDrawer } from './product-form';
import { ApprovalTag, CopyableId, MockupThumb, ScreenCard, StatusTag, useFormatDate, useIsStaff } from './shared';
import { WeightConfigCard } from './weight-config';

const dims = (l: number | null, w: number | null, h: number | null) => (l === null && w === null && h === null ? '—' : `${l ?? '—'} × ${w ?? '—'} × ${h ?? '—'} cm`);

/** SPEC §4: created → sent for approval → accepted | rejected (with the reason). */
function ApprovalTimeline({ product }: { product: Product }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const items = [{ color: 'gray', content: `${t('products.timeline.created')} · ${fmt(product.createdAt)}` }];
  if (product.submittedAt) items.push({ color: 'blue', content: `${t('products.timeline.submitted')} · ${fmt(product.submittedAt)}` });
  if (product.approvalStatus === 'waiting_approval') items.push({ color: 'gold', content: t('products.timeline.waiting') });
  if (product.reviewedAt && (product.approvalStatus === 'accepted' || product.approvalStatus === 'rejected')) {
    items.push({
      color: product.approvalStatus === 'accepted' ? 'green' : 'red',
      content: `${t(`products.timeline.${product.approvalStatus}`)} · ${fmt(product.reviewedAt)}`,
    });
  }
  if (product.approvalStatus === 'draft' && product.submittedAt === null) items.push({ color: 'gray', content: t('products.timeline.draftHint') });
  return <Timeline items={items} />;
}

/** SPEC §2 /app/products/{productId}: the product, its approval, variants and weight threshold. */
export default function ProductDetailPage(_props: { screen?: ScreenDef }) {
  const { productId = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const staff = useIsStaff();
  const fmt = useFormatDate();
  const actionsFor = useProductActions();
  const commands = useApprovalCommands((action) => {
    if (action === 'remove') navigate('/app/products', { replace: true });
  });
  const [editing, setEditing] = useState(false);
  const query = useQuery({
    queryKey: ['products', 'detail', productId],
    queryFn: ({ signal }) => productsApi.get(productId, signal),
  });
  const back = (
    <Link to="/app/products">
      <ArrowLeftOutlined /> {t('products.detail.back')}
    </Link>
  );

  if (query.isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (query.isError || !query.data) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Card>
        <Space orientation="vertical">
          {back}
          <Alert type={missing ? 'warning' : 'error'} showIcon title={missing ? t('products.detail.notFound') : errorText(query.error, t)} />
          {!missing && <Button onClick={() => query.refetch()}>{t('products.common.retry')}</Button>}
        </Space>
      </Card>
    );
  }

  const p = query.data.data;
  const allowed = actionsFor(p.approvalStatus);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {back}
      <ScreenCard
        title={
          <Space wrap>
            {p.name}
            <ApprovalTag status={p.approvalStatus} />
          </Space>
        }
        extra={
          <>
            {allowed.edit && (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('products.action.edit')}
              </Button>
            )}
            {allowed.submit && (
              <Button type="primary" icon={<SendOutlined />} loading={commands.busy === `submit-${p.id}`} onClick={() => commands.submit(p.id)}>
                {t('products.action.submit')}
              </Button>
            )}
            {allowed.accept && (
              <Button type="primary" icon={<CheckOutlined />} loading={commands.busy === `accept-${p.id}`} onClick={() => commands.accept(p.id)}>
                {t('products.action.accept')}
              </Button>
            )}
            {allowed.reject && (
              <Button danger icon={<CloseOutlined />} onClick={() => commands.reject(p)}>
                {t('products.action.reject')}
              </Button>
            )}
            {allowed.remove && (
              <ProductDeleteConfirm name={p.name} onConfirm={() => commands.remove(p.id)}>
                <Button danger type="text" icon={<DeleteOutlined />} loading={commands.busy === `remove-${p.id}`}>
                  {t('products.action.delete')}
                </Button>
              </ProductDeleteConfirm>
            )}
          </>
        }
      >
        {p.approvalStatus === 'rejected' && p.rejectReason && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('products.detail.rejectedTitle')}
            description={
              <>
                <Typography.Paragraph style={{ marginBottom: 4 }} data-testid="reject-reason">
                  {p.rejectReason}
                </Typography.Paragraph>
                {!staff && <Typography.Text type="secondary">{t('products.detail.rejectedHelp')}</Typography.Text>}
              </>
            }
          />
        )}
        {p.approvalStatus === 'waiting_approval' && !staff && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('products.detail.waitingHelp')} />}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered style={{ flex: '1 1 520px', minWidth: 0 }} styles={{ label: { whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={t('products.field.productId')}>
              <CopyableId id={p.id} label={t('products.id.copyProduct', { name: p.name })} />
            </Descriptions.Item>
            <Descriptions.Item label={t('products.field.aliasName')}>{p.aliasName || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('products.field.hsCode')}>{p.hsCode || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('products.field.material')}>{p.material || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('products.field.shape')}>{p.shape || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('products.field.dimensions')}>{dims(p.lengthCm, p.widthCm, p.heightCm)}</Descriptions.Item>
            <Descriptions.Item label={t('products.field.weightGr')}>{`${p.weightGr} g`}</Descriptions.Item>
            <Descriptions.Item label={t('products.field.origin')}>{t(`products.origin.${p.origin}`)}</Descriptions.Item>
            <Descriptions.Item label={t('products.field.status')}>
              <StatusTag status={p.status} />
            </Descriptions.Item>
            {staff && p.customer && <Descriptions.Item label={t('products.field.customer')}>{`${p.customer.fullName} (${p.customer.email})`}</Descriptions.Item>}
            <Descriptions.Item label={t('products.field.updatedAt')}>{fmt(p.updatedAt)}</Descriptions.Item>
          </Descriptions>
          <div style={{ flex: '0 1 280px' }}>
            <Typography.Title level={2} style={{ marginTop: 0, fontSize: 16 }}>
              {t('products.detail.approval')}
            </Typography.Title>
            <ApprovalTimeline product={p} />
          </div>
        </div>
      </ScreenCard>

      <Card title={t('products.variants.titleCount', { count: p.variants.length })}>
        <Table<ProductVariant>
          rowKey="id"
          size="small"
          dataSource={p.variants}
          pagination={p.variants.length > 10 ? { pageSize: 10 } : false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('products.variants.empty') }}
          columns={[
            { title: t('products.field.mockupShort'), dataIndex: 'mockupImageUrl', width: 72, render: (url: string | null, v) => <MockupThumb url={url} alt={t('products.mockup.alt', { sku: v.sku })} /> },
            { title: t('products.field.sku'), dataIndex: 'sku', render: (s: string) => <Typography.Text copyable>{s}</Typography.Text> },
            { title: t('products.field.variantId'), dataIndex: 'id', render: (id: string, v) => <CopyableId id={id} label={t('products.id.copyVariant', { sku: v.sku })} /> },
            { title: t('products.field.price'), dataIndex: 'price', align: 'right', render: (v: number) => usd(v) },
            { title: t('products.field.salesTax'), dataIndex: 'salesTax', align: 'right', render: (v: number) => `${v} %` },
            { title: t('products.field.hsCode'), dataIndex: 'hsCode', render: (v: string | null) => v || (p.hsCode ? `${p.hsCode} *` : '—') },
            { title: t('products.field.shape'), dataIndex: 'shape', render: (v: string | null) => v || '—' },
            { title: t('products.field.dimensions'), key: 'dims', render: (_: unknown, v) => dims(v.lengthCm, v.widthCm, v.heightCm) },
            { title: t('products.field.weightGr'), dataIndex: 'weightGr', align: 'right', render: (v: number | null) => (v === null ? '—' : `${v} g`) },
            { title: t('products.field.partnerId'), dataIndex: 'partnerProductId', render: (v: string | null) => v || '—' },
          ]}
        />
        {p.variants.some((v) => !v.hsCode) && p.hsCode && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('products.variants.hsInherited')}
          </Typography.Text>
        )}
      </Card>

      <WeightConfigCard product={p} />
      <ProductFormDrawer open={editing} productId={editing ? p.id : null} onClose={() => setEditing(false)} />
      {commands.rejectModal}
    </Space>
  );
}
