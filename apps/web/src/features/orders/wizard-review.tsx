import { Alert, Button, Card, Col, Descriptions, Form, Radio, Row, Skeleton, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS, type OrderCreateBody } from '@exship/contracts';
import { ordersApi } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { FeeTable } from './fee-table';
import { countryName, dimensions, grams } from './shared';

// Step 3: the order as it will be saved and its price (POST /orders/price: the fee lines the order
// would be saved with). Step 4: the payment method; the order is saved unpaid for now.

/** The price of the order as entered; the query is keyed by the body, so a change prices again. */
export function usePrice(body: OrderCreateBody | null, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'price', body],
    queryFn: () => ordersApi.price(body!),
    enabled: enabled && body !== null,
    retry: false,
    staleTime: 60_000,
  });
}

export function ReviewStep({ body, price, canPrice, onEdit }: { body: OrderCreateBody; price: ReturnType<typeof usePrice>; canPrice: boolean; onEdit: (step: number) => void }) {
  const { t, i18n } = useTranslation();
  const r = body.recipient;
  const edit = (step: number) => (
    <Button type="link" size="small" onClick={() => onEdit(step)}>
      {t('orders.wizard.change')}
    </Button>
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card size="small" title={t('orders.wizard.step.information')} extra={edit(0)}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('orders.field.orderName')}>{body.orderName}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.note')}>{body.note || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('orders.wizard.products')}>
                {body.lines.length === 0 ? t('orders.detail.freeParcel') : t('orders.wizard.lineCount', { count: body.lines.length, quantity: body.lines.reduce((s, l) => s + l.quantity, 0) })}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card size="small" title={t('orders.wizard.step.shipping')} extra={edit(1)}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('orders.field.recipientName')}>{`${r.firstName} ${r.lastName}`.trim()}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.address')}>
                {[r.address1, r.address2, r.city, [r.state, r.zipcode].filter(Boolean).join(' '), `${countryName(r.country, i18n.language)} (${r.country})`].filter(Boolean).join(', ')}
              </Descriptions.Item>
              {(r.email || r.phone) && <Descriptions.Item label={t('orders.wizard.contact')}>{[r.email, r.phone].filter(Boolean).join(' · ')}</Descriptions.Item>}
              <Descriptions.Item label={t('orders.field.service')}>{price.data?.data.serviceName ? `${body.serviceCode} — ${price.data.data.serviceName}` : body.serviceCode}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.dimensions')}>{dimensions(body)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.weight')}>{grams(body.weightGr)}</Descriptions.Item>
              {price.data && <Descriptions.Item label={t('orders.wizard.chargeableWeight')}>{grams(price.data.data.chargeableWeight)}</Descriptions.Item>}
              <Descriptions.Item label={t('orders.field.signature')}>{body.signature ? t('orders.yes') : t('orders.no')}</Descriptions.Item>
              {body.discountCode && <Descriptions.Item label={t('orders.field.discountCode')}>{body.discountCode}</Descriptions.Item>}
            </Descriptions>
          </Card>
        </Space>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('orders.fee.title')}>
          {!canPrice ? (
            <Alert type="info" showIcon title={t('orders.wizard.priceOnSave')} />
          ) : price.isLoading ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : price.isError ? (
            <Alert
              type="error"
              showIcon
              title={t('orders.wizard.priceFailed')}
              description={errorText(price.error, t)}
              action={<Button onClick={() => price.refetch()}>{t('orders.retry')}</Button>}
            />
          ) : price.data ? (
            <FeeTable fees={price.data.data.fees} />
          ) : null}
        </Card>
      </Col>
    </Row>
  );
}

export function PaymentStep({ total, editing, canPayNow }: { total: string | null; editing: boolean; canPayNow: boolean }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 640 }}>
      <Form.Item name="paymentMethod" label={t('orders.field.paymentMethod')} rules={[{ required: true, message: t('validation.required') }]}>
        <Radio.Group style={{ display: 'grid', gap: 8 }}>
          {PAYMENT_METHODS.map((m) => (
            <Radio key={m} value={m}>
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{t(`orders.paymentMethod.${m}`)}</Typography.Text>
                <Typography.Text type="secondary">{t(`orders.paymentMethod.${m}.help`)}</Typography.Text>
              </Space>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {total && (
        <Typography.Text>
          {t('orders.wizard.totalToPay')} <Typography.Text strong>{total}</Typography.Text>
        </Typography.Text>
      )}
      <Alert type="info" showIcon title={[editing ? t('orders.wizard.unpaidNoteEdit') : t('orders.wizard.unpaidNote'), canPayNow ? t('orders.wizard.payNote') : ''].filter(Boolean).join(' ')} />
    </Space>
  );
}
