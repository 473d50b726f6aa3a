import { useState } from 'react';
import { Alert, Empty, Form, Modal, Select, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../shared/use-action';
import { skuMappingsKey, walmartApi, WALMART_KEY } from './api';

// Map a Walmart SKU to one of the seller's product variants: the SKUs waiting (with how many orders
// wait for each), a product found by keyword, then its variant. Remembered for every later order.

interface MappingValues {
  sku: string;
  productId: string;
  variantId: string;
}

export function SkuMappingModal({ open, integrationOrderId, onClose }: { open: boolean; /** Offer only this order's unmapped SKUs; every unmapped SKU without it. */ integrationOrderId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MappingValues>();
  const [keyword, setKeyword] = useState('');
  const productId = Form.useWatch('productId', form);
  const unmapped = useQuery({ queryKey: skuMappingsKey, queryFn: ({ signal }) => walmartApi.unmappedSkus(signal), enabled: open });
  const order = useQuery({ queryKey: [WALMART_KEY, 'order', integrationOrderId], queryFn: ({ signal }) => walmartApi.order(integrationOrderId!, signal), enabled: open && !!integrationOrderId });
  const skus = order.data?.lines.filter((l) => !l.variantId).map((l) => l.sku);
  const products = useQuery({ queryKey: [WALMART_KEY, 'products', keyword], queryFn: ({ signal }) => walmartApi.products(keyword, signal), enabled: open });
  const product = useQuery({ queryKey: [WALMART_KEY, 'product', productId], queryFn: ({ signal }) => walmartApi.product(productId, signal), enabled: open && !!productId });
  const save = useAction((v: MappingValues) => walmartApi.saveSkuMapping({ sku: v.sku, productId: v.productId, variantId: v.variantId }), {
    success: 'walmart.mapping.saved',
    form,
    invalidate: [[WALMART_KEY]],
    onSuccess: () => onClose(),
  });
  const items = (unmapped.data?.items ?? []).filter((m) => m.id === null && (!skus?.length || skus.some((s) => s.toLowerCase() === m.sku.toLowerCase())));
  return (
    <Modal
      open={open}
      title={t('walmart.mapping.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.pending}
      okButtonProps={{ disabled: items.length === 0 }}
      destroyOnHidden
    >
      {unmapped.isLoading || order.isLoading ? (
        <Spin />
      ) : items.length === 0 ? (
        <Empty description={t('walmart.mapping.none')} />
      ) : (
        <Form<MappingValues> form={form} layout="vertical" preserve={false} initialValues={{ sku: items[0]?.sku }} onFinish={(v) => void save.run(v)}>
          <Form.Item name="sku" label={t('walmart.mapping.sku')} rules={[{ required: true, message: t('validation.required') }]}>
            <Select
              aria-label={t('walmart.mapping.sku')}
              options={items.map((m) => ({ value: m.sku, label: `${m.sku} — ${m.walmartProductName} (${t('walmart.mapping.waiting', { count: m.ordersWaiting })})` }))}
            />
          </Form.Item>
          <Form.Item name="productId" label={t('walmart.mapping.product')} rules={[{ required: true, message: t('validation.required') }]}>
            <Select
              aria-label={t('walmart.mapping.product')}
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              loading={products.isFetching}
              placeholder={t('walmart.mapping.productHint')}
              onChange={() => form.setFieldValue('variantId', undefined)}
              notFoundContent={products.isFetching ? <Spin size="small" /> : t('walmart.mapping.noProduct')}
              options={(products.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
          <Form.Item name="variantId" label={t('walmart.mapping.variant')} rules={[{ required: true, message: t('validation.required') }]}>
            <Select
              aria-label={t('walmart.mapping.variant')}
              disabled={!productId}
              loading={product.isFetching}
              options={(product.data?.variants ?? []).map((v) => ({ value: v.id, label: v.sku }))}
            />
          </Form.Item>
          <Typography.Text type="secondary">{t('walmart.mapping.remembered')}</Typography.Text>
        </Form>
      )}
      {unmapped.isError && <Alert type="error" showIcon message={t('walmart.loadFailed')} />}
    </Modal>
  );
}
