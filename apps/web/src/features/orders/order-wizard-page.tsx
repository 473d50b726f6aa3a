import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, ConfigProvider, Form, Skeleton, Space, Steps } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderCreateBody, ScreenDef } from '@exship/contracts';
import { ApiError } from '../../api/client';
import { ordersApi } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { usd } from '../../shared/money';
import { useIdempotencyKeys } from '../../shared/idempotency';
import { useAction } from '../../shared/use-action';
import { AddressOrderFinder } from './address-order-finder';
import { NEW_ORDER, STEPS, parseOrder, prefillFromQuery, stepFields, stepOf, valuesFromOrder, type OrderFormValues } from './order-form';
import { ScreenCard, orderFieldErrors, useCan, useIsStaff } from './shared';
import { InformationStep } from './wizard-information';
import { PaymentStep, ReviewStep, usePrice } from './wizard-review';
import { ShippingStep } from './wizard-shipping';

// SPEC §2 /app/orders/create-order, /app/orders/edit-order/{exOrderId} and
// /app/orders/admin-edit-address?exOrderId=… (the same screen, only the recipient editable): information → shipping →
// review (the price) → payment. One form across the steps (a step's values stay in the form while
// another step shows); "Next" checks the current step with the contract's rules, the review prices
// the order on the server, and server field errors open their step and land on their fields.

type NamePath = (string | number)[];
/** The sticky header's height and a little room: a step change scrolls the wizard's top to here. */
const WIZARD_SCROLL_MARGIN = 80;
/** The create reply (`_id`) or the update reply (`id`, `replacedBy`). */
type SavedOrder = { _id?: string; id?: string; replacedBy?: { id: string; exOrderId: string } | null };

export default function OrderWizardPage({ screen }: { screen?: ScreenDef }) {
  const [params] = useSearchParams();
  /** Staff editing the address of an order (SPEC §2 admin-edit-address): the order comes in the query. */
  const addressScreen = screen?.id === 'adminEditAddress';
  const { exOrderId: pathId } = useParams();
  const exOrderId = addressScreen ? (params.get('exOrderId')?.trim() || undefined) : pathId;
  const editing = exOrderId !== undefined;
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const staff = useIsStaff();
  const can = useCan();
  const canPrice = can('EX-ORDER-CREATE');
  const canPayNow = !editing && can('EX-ORDER-PAY');
  const [form] = Form.useForm<OrderFormValues>();
  const [step, setStep] = useState(addressScreen ? 1 : 0);
  const [body, setBody] = useState<OrderCreateBody | null>(null);
  /** Errors for fields of another step: placed once that step has mounted. */
  const [pendingErrors, setPendingErrors] = useState<{ name: NamePath; errors: string[] }[]>([]);
  const [initialValues] = useState<OrderFormValues>(() => {
    const prefill = prefillFromQuery(params);
    return { ...NEW_ORDER, ...prefill, recipient: { ...NEW_ORDER.recipient, ...prefill.recipient } };
  });

  const existing = useQuery({
    queryKey: ['orders', 'by-ex-order-id', exOrderId],
    queryFn: ({ signal }) => ordersApi.getByExId(exOrderId!, signal),
    enabled: editing,
  });
  const order = existing.data?.data;
  const scope = order?.editScope ?? 'full';
  const addressOnly = scope === 'address-as-new-order' || (addressScreen && scope === 'full');
  const locked = editing && scope === 'none';
  useEffect(() => {
    if (order) form.setFieldsValue({ ...valuesFromOrder(order), customerId: order.customer?.id });
  }, [order, form]);

  const price = usePrice(body, step >= 2 && canPrice);
  const payKeys = useIdempotencyKeys();

  // A new step starts at its top: "Next" sits at the bottom of a long step, and the step after it
  // used to open scrolled as far down. Not on the first render (the page opens where it opens).
  const wizardTop = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const el = wizardTop.current;
    // The sticky header (64 px) covers the page's top: scroll-margin-top keeps the steps clear of it.
    if (el && el.getBoundingClientRect().top < WIZARD_SCROLL_MARGIN) el.scrollIntoView?.({ block: 'start' });
  }, [step]);

  /** Field errors (client or server) on their fields, and the step of the first one opened. */
  const showErrors = (fields: { name: NamePath; errors: string[] }[]) => {
    if (fields.length === 0) return;
    setPendingErrors(fields);
    setStep(Math.min(...fields.map((f) => stepOf(f.name))));
  };
  useEffect(() => {
    if (pendingErrors.length === 0) return;
    form.setFields(pendingErrors as Parameters<typeof form.setFields>[0]);
    // After the step change's scroll to the top (the effect above): down to the first error.
    form.scrollToField(pendingErrors[0]!.name, { block: 'center' });
    setPendingErrors([]);
  }, [pendingErrors, form]);
  const placeServerError = (err: unknown) => {
    const fields = orderFieldErrors(err, t);
    if (fields.length) showErrors(fields);
    else if (err instanceof ApiError && err.code === 'ORDER_NAME_TAKEN') showErrors([{ name: ['orderName'], errors: [err.message] }]);
  };

  // A price refused for a field (an unknown state, a discount code that does not apply …) goes back to it.
  useEffect(() => {
    if (price.error) placeServerError(price.error);
  }, [price.error]); // only when a new error arrives

  const save = useAction<{ body: OrderCreateBody; payNow: boolean }, SavedOrder>(
    ({ body: b }) => (editing ? ordersApi.update(order!.id, b) : ordersApi.create(b)),
    {
      success: editing ? 'orders.wizard.updated' : 'orders.wizard.created',
      onError: (err) => placeServerError(err),
      onSuccess: async (res, { payNow }) => {
        const data = res.data;
        if (payNow && data._id) {
          // Created either way; a refused payment (funds, credit) leaves it unpaid and says why.
          try {
            // The order was just created: its own key (a retry happens from the detail's Pay).
            const paid = await ordersApi.pay([data._id], payKeys.keyFor([data._id]));
            payKeys.done();
            message.success(paid.message || t('orders.pay.done'));
          } catch (err) {
            message.error(`${t('orders.wizard.createdNotPaid')} ${errorText(err, t)}`);
          }
          await queryClient.invalidateQueries({ queryKey: ['wallet'] });
        }
        await queryClient.invalidateQueries({ queryKey: ['orders'] });
        if (data.replacedBy) {
          // SPEC §4: an address change of a labeled order is a new order; the old one is cancelled and refunded.
          modal.info({ title: t('orders.replaced.title'), content: t('orders.replaced.bodyNew', { id: data.replacedBy.exOrderId }), okText: t('orders.replaced.ok') });
          navigate(`/app/orders/order-detail/${data.replacedBy.id}`);
          return;
        }
        navigate(`/app/orders/order-detail/${data._id ?? data.id}`);
      },
    },
  );

  const values = () => form.getFieldsValue(true) as OrderFormValues;
  const parse = (mode: 'create' | 'update') => {
    const parsed = parseOrder(values(), staff, mode === 'update');
    if (!parsed.ok) {
      showErrors(parsed.issues.filter((i) => i.path.length > 0).map((i) => ({ name: i.path, errors: [t(i.message)] })));
      return null;
    }
    return parsed.body;
  };

  const next = async () => {
    try {
      await form.validateFields(stepFields(step, values().lines?.length ?? 0, staff));
    } catch {
      return;
    }
    if (step === 1) {
      const priced = parse('create');
      if (!priced) return;
      setBody(priced);
    }
    setStep(step + 1);
  };

  const submit = async (payNow = false) => {
    try {
      await form.validateFields();
    } catch (err) {
      const first = (err as { errorFields?: { name: NamePath }[] }).errorFields?.[0];
      if (first) setStep(stepOf(first.name));
      return;
    }
    const parsed = parse(editing ? 'update' : 'create');
    if (parsed) await save.run({ body: parsed, payNow });
  };

  const back = editing ? (
    <Link to={order ? `/app/orders/order-detail/${order.id}` : '/app/orders'}>
      <ArrowLeftOutlined /> {t('orders.wizard.backToOrder')}
    </Link>
  ) : (
    <Link to="/app/orders">
      <ArrowLeftOutlined /> {t('orders.detail.back')}
    </Link>
  );

  if (addressScreen && !editing) {
    return (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {back}
        <ScreenCard title={t('screen.adminEditAddress')}>
          <AddressOrderFinder />
        </ScreenCard>
      </Space>
    );
  }
  if (editing && existing.isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (editing && (existing.isError || !order)) {
    const missing = existing.error instanceof ApiError && (existing.error.status === 404 || existing.error.status === 400);
    return (
      <Card>
        <Space orientation="vertical">
          {back}
          <Alert type={missing ? 'warning' : 'error'} showIcon title={missing ? t('orders.detail.notFound') : errorText(existing.error, t)} />
        </Space>
      </Card>
    );
  }

  const pricedTotal = price.data ? usd(price.data.data.fees.total) : null;
  const stepItems = STEPS.map((s) => ({ title: t(`orders.wizard.step.${s}`) }));
  return (
    <Space ref={wizardTop} orientation="vertical" size={16} style={{ width: '100%', scrollMarginTop: WIZARD_SCROLL_MARGIN }}>
      {back}
      <ScreenCard title={editing ? `${t(addressScreen ? 'screen.adminEditAddress' : 'screen.editOrder')} ${order?.exOrderId ?? ''}` : t('screen.createOrder')}>
        <Steps current={step} items={stepItems} size="small" style={{ marginBottom: 24 }} onChange={(s) => s < step && setStep(s)} />
        {locked && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('orders.wizard.notEditable')} />}
        {addressOnly && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t(scope === 'full' ? 'orders.wizard.addressScreen' : 'orders.wizard.addressOnly')} />}
        <Form<OrderFormValues> form={form} layout="vertical" initialValues={editing ? undefined : initialValues} disabled={locked} requiredMark scrollToFirstError>
          {step === 0 && (
            <ConfigProvider componentDisabled={locked || addressOnly}>
              <InformationStep staff={staff} customerLocked={editing} productsLocked={locked || addressOnly} />
            </ConfigProvider>
          )}
          {step === 1 && <ShippingStep parcelLocked={locked || addressOnly} />}
          {step === 2 && body && <ReviewStep body={body} price={price} canPrice={canPrice} onEdit={setStep} />}
          {step === 3 && <PaymentStep total={pricedTotal} editing={editing} canPayNow={canPayNow} />}
        </Form>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginTop: 24 }}>
          <Button disabled={step === 0} onClick={() => setStep(step - 1)}>
            {t('orders.wizard.back')}
          </Button>
          {step < STEPS.length - 1 ? (
            <Button type="primary" onClick={() => void next()} disabled={step === 2 && canPrice && (price.isLoading || price.isError)}>
              {t('orders.wizard.next')}
            </Button>
          ) : (
            <Space wrap>
              {canPayNow && (
                <Button loading={save.pending && save.variables?.payNow} disabled={save.pending} onClick={() => void submit(true)}>
                  {t('orders.wizard.submitAndPay')}
                </Button>
              )}
              <Button type="primary" loading={save.pending && !save.variables?.payNow} disabled={locked || save.pending} onClick={() => void submit()}>
                {editing ? t('orders.wizard.save') : t('orders.wizard.submit')}
              </Button>
            </Space>
          )}
        </div>
      </ScreenCard>
    </Space>
  );
}
