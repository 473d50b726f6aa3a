import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORDER_LIMITS, OrderCreateBodySchema, OrderLineInputSchema } from '@exship/contracts';
import { RESTRICTED_GOODS } from '@exship/domain';
import { productsApi } from '../../api/endpoints';
import { usd } from '../../shared/money';
import { useCustomerOptions } from '../../shared/use-customer-options';
import { zodRule } from '../../shared/zod-rule';
import type { OrderFormValues } from './order-form';
import { useCan } from './shared';

// Step 1 (SPEC §2 "Order create and edit"): the customer (staff), the order's name and note, and
// the seller's accepted products with a variant and a quantity each — or none, for a free parcel.

const shape = OrderCreateBodySchema.shape;
type SafeParser = Parameters<typeof zodRule>[0];
/** An emptied InputNumber gives null, which the contract reads as "required". */
export const requiredNumber = (schema: SafeParser): SafeParser => ({ safeParse: (v) => schema.safeParse(v === null ? undefined : v) });

/** The rule kind of a declared category: which amount the line must also declare. */
const ruleOf = (code: string | null | undefined) => RESTRICTED_GOODS.find((g) => g.code === code)?.rule.kind;

/** Accepted products of the account, found by name (staff: of the chosen customer). */
function useAcceptedProducts(customerId: string | undefined, keyword: string, enabled: boolean) {
  const q = useQuery({
    queryKey: ['products', 'list', 'accepted', customerId ?? '', keyword],
    queryFn: ({ signal }) => productsApi.list({ approvalStatus: 'accepted', status: 'active', keyword: keyword || undefined, customerId, pageSize: 20 }, signal),
    enabled,
    staleTime: 30_000,
  });
  return { items: q.data?.data.items ?? [], loading: q.isFetching };
}

function ProductLine({ name, index, customerId, staff, disabled, onRemove }: { name: number; index: number; customerId?: string; staff: boolean; disabled: boolean; onRemove: () => void }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<OrderFormValues>();
  const [keyword, setKeyword] = useState('');
  const productId = Form.useWatch(['lines', name, 'productId'], form) as string | undefined;
  const category = Form.useWatch(['lines', name, 'restrictedCategory'], form) as string | null | undefined;
  const rule = ruleOf(category);
  const products = useAcceptedProducts(customerId, keyword, !staff || !!customerId);
  const product = useQuery({
    queryKey: ['products', 'detail', productId],
    queryFn: ({ signal }) => productsApi.get(productId!, signal),
    enabled: !!productId,
    staleTime: 30_000,
  });
  const detail = product.data?.data;
  const options = products.items.map((p) => ({ value: p.id, label: p.name }));
  if (detail && !options.some((o) => o.value === detail.id)) options.unshift({ value: detail.id, label: detail.name });
  const variants = (detail?.variants ?? []).map((v) => ({ value: v.id, label: `${v.sku} · ${usd(v.price)}` }));
  const label = t('orders.wizard.line', { n: index + 1 });
  return (
    <Card size="small" role="group" aria-label={label} title={label} extra={
      !disabled && (
        <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={onRemove} aria-label={t('orders.wizard.removeLine', { n: index + 1 })}>
          {t('orders.wizard.remove')}
        </Button>
      )
    }>
      <Row gutter={12}>
        <Col xs={24} md={10}>
          <Form.Item name={[name, 'productId']} label={t('orders.line.product')} rules={[{ required: true, message: t('validation.required') }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              options={options}
              loading={products.loading}
              placeholder={t('orders.wizard.productPlaceholder')}
              notFoundContent={t('orders.wizard.noProducts')}
              onChange={() => form.setFieldValue(['lines', name, 'variantId'], undefined)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item name={[name, 'variantId']} label={t('orders.line.variant')} rules={[{ required: true, message: t('validation.required') }]}>
            <Select options={variants} loading={product.isLoading} disabled={!productId} placeholder={t('orders.wizard.variantPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={5}>
          <Form.Item name={[name, 'quantity']} label={t('orders.line.quantity')} rules={[zodRule(requiredNumber(OrderLineInputSchema.shape.quantity), t)]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      {/* SPEC §5 restricted goods: the category, and the volume or value its rule needs; the server's
          refusal comes back on the category. */}
      <Row gutter={12}>
        <Col xs={24} md={10}>
          <Form.Item name={[name, 'restrictedCategory']} label={t('orders.line.restricted')} extra={t('orders.line.restrictedHelp')}>
            <Select
              allowClear
              disabled={disabled}
              placeholder={t('orders.restricted.none')}
              options={RESTRICTED_GOODS.map((g) => ({ value: g.code, label: t(`orders.restricted.${g.code}`) }))}
              onChange={() => form.setFields([{ name: ['lines', name, 'restrictedCategory'], errors: [] }])}
            />
          </Form.Item>
        </Col>
        {rule === 'max-volume' && (
          <Col xs={24} md={7}>
            <Form.Item name={[name, 'volumeMl']} label={t('orders.line.volumeMl')} rules={[zodRule(OrderLineInputSchema.shape.volumeMl, t)]}>
              <InputNumber min={0} max={1_000_000} disabled={disabled} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        {rule === 'max-value' && (
          <Col xs={24} md={7}>
            <Form.Item name={[name, 'valueUsd']} label={t('orders.line.valueUsd')} rules={[zodRule(OrderLineInputSchema.shape.valueUsd, t)]}>
              <InputNumber min={0} max={1_000_000} precision={2} prefix="$" disabled={disabled} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
      </Row>
    </Card>
  );
}

export function InformationStep({ staff, customerLocked, productsLocked }: { staff: boolean; customerLocked: boolean; productsLocked: boolean }) {
  const { t } = useTranslation();
  const can = useCan();
  const form = Form.useFormInstance<OrderFormValues>();
  const customerId = Form.useWatch('customerId', form) as string | undefined;
  const customers = useCustomerOptions(staff, customerId ? [customerId] : []);
  const canPickProducts = can('EX-PRODUCT-LIST');
  return (
    <>
      {staff && (
        <Form.Item
          name="customerId"
          label={t('orders.field.customer')}
          rules={[{ required: true, message: t('validation.required') }]}
          extra={t('orders.wizard.customerHelp')}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: customers.setSearch }}
            options={customers.options}
            loading={customers.loading}
            disabled={customerLocked}
            placeholder={t('orders.wizard.customerPlaceholder')}
            onChange={() => form.setFieldValue('lines', [])}
          />
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="orderName" label={t('orders.field.orderName')} rules={[zodRule(shape.orderName, t)]} required extra={t('orders.wizard.orderNameHelp')}>
            <Input maxLength={ORDER_LIMITS.nameMax} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="note" label={t('orders.field.note')} rules={[zodRule(shape.note, t)]}>
            <Input.TextArea rows={1} maxLength={ORDER_LIMITS.noteMax} showCount autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
        {t('orders.wizard.products')}
      </Typography.Title>
      {!canPickProducts && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('orders.wizard.noProductAccess')} />}
      <Form.List name="lines">
        {(fields, { add, remove }) => (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {fields.length === 0 && <Alert type="info" title={t('orders.wizard.freeParcel')} />}
            {fields.map((field, index) => (
              <ProductLine
                key={field.key}
                name={field.name}
                index={index}
                customerId={customerId}
                staff={staff}
                disabled={productsLocked}
                onRemove={() => remove(field.name)}
              />
            ))}
            {canPickProducts && !productsLocked && fields.length < ORDER_LIMITS.linesMax && (
              <Button type="dashed" block icon={<PlusOutlined />} disabled={staff && !customerId} onClick={() => add({ quantity: 1 })}>
                {t('orders.wizard.addLine')}
              </Button>
            )}
          </Space>
        )}
      </Form.List>
    </>
  );
}
