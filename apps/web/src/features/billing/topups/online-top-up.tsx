import { useRef } from 'react';
import { Button, Card, Form, InputNumber, Typography } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CreateCheckoutEndpoint, OnlineTopUpEndpoint, TOP_UP_LIMITS } from '@exship/contracts';
import { call, callEnvelope } from '../../../api/call';
import { useAction } from '../../../shared/use-action';

interface OnlineForm {
  amount: number | null;
}

/** Leaves for the provider's checkout page (a separate function so tests can watch it). */
export const openCheckout = {
  go: (url: string) => window.location.assign(url),
};

/**
 * Top up online: shown only when a payment provider is configured. The provider's page
 * takes the payment; the wallet is credited by its signed webhook, and the provider brings the
 * seller back to this tab.
 */
export function OnlineTopUp() {
  const { t } = useTranslation();
  const [form] = Form.useForm<OnlineForm>();
  const online = useQuery({ queryKey: ['wallet', 'online-top-up'], queryFn: ({ signal }) => call(OnlineTopUpEndpoint, { signal }), staleTime: 5 * 60_000 });
  // One key per intended checkout: a retry after a lost reply gets the same session back.
  const idempotencyKey = useRef(crypto.randomUUID());
  const start = useAction(
    (v: OnlineForm) => callEnvelope(CreateCheckoutEndpoint, { body: { amount: v.amount ?? 0, returnUrl: `${window.location.origin}/app/billing?tab=wallet` }, idempotencyKey: idempotencyKey.current }),
    {
      success: 'billing.online.opening',
      form,
      onSuccess: (res) => {
        idempotencyKey.current = crypto.randomUUID();
        openCheckout.go(res.data.url);
      },
    },
  );
  if (!online.data?.available) return null;
  return (
    <Card size="small" title={t('billing.online.title')} style={{ height: '100%' }}>
      <Typography.Paragraph type="secondary">{t('billing.online.help')}</Typography.Paragraph>
      <Form<OnlineForm>
        form={form}
        layout="vertical"
        initialValues={{ amount: null }}
        onValuesChange={() => (idempotencyKey.current = crypto.randomUUID())}
        onFinish={(v) => void start.run(v)}
      >
        <Form.Item
          name="amount"
          label={t('billing.online.amount')}
          rules={[
            { required: true, message: t('validation.required') },
            { type: 'number', min: TOP_UP_LIMITS.minAmount, message: t('validation.topUp.amountMin') },
            { type: 'number', max: TOP_UP_LIMITS.maxAmountExclusive - 0.01, message: t('validation.topUp.amountMax') },
          ]}
        >
          <InputNumber<number> prefix="$" precision={2} min={0} step={50} style={{ width: '100%' }} inputMode="decimal" />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<CreditCardOutlined />} loading={start.pending}>
          {t('billing.online.button')}
        </Button>
      </Form>
    </Card>
  );
}
