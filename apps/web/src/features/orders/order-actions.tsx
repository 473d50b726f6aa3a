import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Popconfirm, Select } from 'antd';
import { CopyOutlined, DollarOutlined, EditOutlined, EnvironmentOutlined, WalletOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RedistributeOptionsEndpoint, RefundBodySchema, SURCHARGE_REASONS, SurchargeBodySchema, type OrderDetail, type PermissionCode, type SurchargeBody } from '@exship/contracts';
import { callEnvelope } from '../../api/call';
import type { Envelope } from '../../api/client';
import { ordersApi, type OrderEndpointAction } from '../../api/endpoints';
import { FormModal } from '../../shared/list-ui';
import { usd } from '../../shared/money';
import { useIdempotencyKeys } from '../../shared/idempotency';
import { useAction } from '../../shared/use-action';
import { zodRule } from '../../shared/zod-rule';
import { cancelDoneText } from './refund-text';
import { useCan, useFormatDate, useIsStaff } from './shared';

// SPEC §4 order actions on the detail screen: the buttons are the actions the server allows now
// (`allowedActions`), each behind its own permission; the ones that stop, undo or redo work ask
// first. Pay takes the order's price (or its unpaid surcharges) from the wallet, after a confirmation.

export const ACTION_PERMISSIONS: Record<OrderEndpointAction, PermissionCode> = {
  hold: 'EX-ORDER-HOLD',
  unhold: 'EX-ORDER-UNHOLD',
  cancel: 'EX-ORDER-CANCEL',
  refund: 'EX-ORDER-REFUND',
  redistribute: 'EX-ORDER-REDISTRIBUTE',
  buildNewLabel: 'EX-ORDER-NEW-LABEL',
  generateTracking: 'EX-ORDER-GENERATE-TRACKING',
  confirmAddress: 'EX-ORDER-CONFIRM-ADDRESS',
  confirmDimension: 'EX-ORDER-UPDATE',
};

/** Actions asked about before they run (cancel has its own dialog with a reason): every one moves the order on. */
const CONFIRMED = new Set<OrderEndpointAction>(['hold', 'unhold', 'redistribute', 'buildNewLabel', 'generateTracking', 'confirmAddress', 'confirmDimension']);
const DANGER = new Set<OrderEndpointAction>(['cancel', 'refund']);

const isEndpointAction = (a: string): a is OrderEndpointAction => a in ACTION_PERMISSIONS;

/**
 * What cancelling this order does (SPEC §4, docs/refunds.md): a labeled order waits for the carrier
 * to void its label, refunded per the 14-day rule; without a label it is cancelled at once, with
 * everything paid refunded in full (`cancellationTerms` in the domain), or nothing when unpaid.
 */
function cancelBodyKey(order: Pick<OrderDetail, 'labeledAt' | 'paymentStatus'>): string {
  if (order.labeledAt) return 'orders.confirm.cancel.body';
  const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'surcharge-unpaid';
  return paid ? 'orders.confirm.cancel.bodyPaid' : 'orders.confirm.cancel.bodyUnpaid';
}

/** The detail's cache key. */
export const detailKey = (orderId: string) => ['orders', 'detail', orderId];

/** The action buttons of an order, and the dialogs they open. */
export function OrderActions({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const staff = useIsStaff();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fmtDate = useFormatDate();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [surchargeOpen, setSurchargeOpen] = useState(false);
  const [cancelForm] = Form.useForm<{ reason: string }>();
  const [refundOpen, setRefundOpen] = useState(false);
  const [refundForm] = Form.useForm<{ amount: number; reason: string }>();

  /** The reply is the order as it is now: show it at once, and reload the lists behind it. */
  const showReply = async (res: Envelope<OrderDetail>) => {
    queryClient.setQueryData(detailKey(order.id), res);
    await queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
    if (res.data.replacedBy) goToReplacement(res.data.replacedBy);
  };
  const goToReplacement = (newOrderId: string) => {
    modal.info({ title: t('orders.replaced.title'), content: t('orders.replaced.body'), okText: t('orders.replaced.ok') });
    navigate(`/app/orders/order-detail/${newOrderId}`);
  };

  const act = useAction(({ action, reason }: { action: OrderEndpointAction; reason?: string }) => ordersApi.action(action, order.id, reason), {
    // The server says "Done."; the screen names what was done.
    success: false,
    onSuccess: (res, vars) => {
      message.success(vars.action === 'cancel' ? cancelDoneText(res.data, t, fmtDate) : t(`orders.done.${vars.action}`));
      if (vars.action === 'cancel') {
        setCancelOpen(false);
        // A cancel before the label credits the wallet at once: the balance shown moves with it.
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      }
      return showReply(res);
    },
  });
  const refundKeys = useIdempotencyKeys();
  const refund = useAction(
    (v: { amount: number; reason: string }) => ordersApi.refund(order.id, { reason: v.reason ?? '', ...(v.amount === order.refundAmount ? {} : { amount: v.amount }) }, refundKeys.keyFor([order.id, v.amount])),
    {
      success: false,
      form: refundForm,
      onSuccess: (res) => {
        message.success(t('orders.done.refund'));
        refundKeys.done();
        setRefundOpen(false);
        void queryClient.invalidateQueries({ queryKey: ['wallet'] });
        return showReply(res);
      },
    },
  );
  const payKeys = useIdempotencyKeys();
  const pay = useAction(() => ordersApi.pay([order.id], payKeys.keyFor([order.id, order.paymentStatus])), {
    success: 'orders.pay.done',
    invalidate: [detailKey(order.id), ['orders', 'list'], ['wallet']],
    onSuccess: () => payKeys.done(),
  });
  // SPEC §4: an unpaid order pays its price; a paid one with a surcharge pays the surcharges not yet paid.
  const amountDue = order.paymentStatus === 'surcharge-unpaid' ? order.surcharges.filter((x) => !x.paid).reduce((sum, x) => sum + x.amount, 0) : order.fees.total;
  const duplicate = useAction(() => ordersApi.duplicate(order.id), {
    success: 'orders.duplicate.done',
    invalidate: [['orders', 'list']],
    onSuccess: (res) => navigate(`/app/orders/order-detail/${res.data._id}`),
  });
  const busy = (a: OrderEndpointAction) => act.pending && act.variables?.action === a;

  // Confirm dimensions sits on the check-in card, beside the measured values and prices it confirms.
  const actions = order.allowedActions.filter(isEndpointAction).filter((a) => a !== 'confirmDimension' && can(ACTION_PERMISSIONS[a]));
  // Re-distribute names the carrier it goes to, or why it cannot (no other carrier serves the lane).
  const redistribute = useQuery({
    queryKey: ['orders', 'redistribute-options', order.id, order.updatedAt],
    queryFn: ({ signal }) => callEnvelope(RedistributeOptionsEndpoint, { params: { orderId: order.id }, signal }),
    enabled: actions.includes('redistribute'),
  });
  const confirmBody = (a: OrderEndpointAction) => {
    if (a !== 'redistribute') return t(`orders.confirm.${a}.body`);
    const next = redistribute.data?.data.carriers[0];
    return next ? t('orders.redistribute.to', { carrier: `${next.carrierName} (${next.carrierCode})` }) : t(`orders.confirm.${a}.body`);
  };
  const buttonOf = (a: OrderEndpointAction) => {
    const label = t(`orders.action.${a}`);
    if (a === 'refund') {
      return (
        <Button
          key={a}
          danger
          icon={<DollarOutlined />}
          loading={refund.pending}
          onClick={() => {
            refundForm.setFieldsValue({ amount: order.refundAmount, reason: '' });
            setRefundOpen(true);
          }}
        >
          {label}
        </Button>
      );
    }
    if (a === 'cancel') {
      return (
        <Button key={a} danger loading={busy(a)} onClick={() => setCancelOpen(true)}>
          {label}
        </Button>
      );
    }
    const options = redistribute.data?.data;
    if (a === 'redistribute' && options && options.carriers.length === 0) {
      const reason = t('orders.redistribute.none', { service: options.serviceName });
      return (
        <Button key={a} disabled title={reason} aria-describedby="redistribute-none">
          {label}
          <span id="redistribute-none" hidden>
            {reason}
          </span>
        </Button>
      );
    }
    if (CONFIRMED.has(a)) {
      return (
        <Popconfirm
          key={a}
          title={t(`orders.confirm.${a}.title`)}
          description={confirmBody(a)}
          okText={label}
          okButtonProps={{ danger: DANGER.has(a) }}
          cancelText={t('common.cancel')}
          onConfirm={() => act.run({ action: a })}
        >
          <Button danger={DANGER.has(a)} loading={busy(a)}>
            {label}
          </Button>
        </Popconfirm>
      );
    }
    return (
      <Button key={a} loading={busy(a)} onClick={() => act.run({ action: a })}>
        {label}
      </Button>
    );
  };

  return (
    <>
      {order.allowedActions.includes('pay') && can('EX-ORDER-PAY') && (
        <Popconfirm
          title={t('orders.pay.title')}
          description={t('orders.pay.body', { amount: usd(amountDue) })}
          okText={t('orders.pay.button')}
          cancelText={t('common.cancel')}
          onConfirm={() => pay.run()}
        >
          <Button type="primary" icon={<WalletOutlined />} loading={pay.pending}>
            {t('orders.pay.button')}
          </Button>
        </Popconfirm>
      )}
      {order.editScope !== 'none' && can('EX-ORDER-UPDATE') && (
        <Button icon={<EditOutlined />} onClick={() => navigate(`/app/orders/edit-order/${order.exOrderId}`)}>
          {t('orders.action.edit')}
        </Button>
      )}
      {/* SPEC §2 admin-edit-address: staff change only the recipient, on the create screen. */}
      {staff && order.editScope !== 'none' && can('EX-ORDER-UPDATE') && (
        <Button icon={<EnvironmentOutlined />} onClick={() => navigate(`/app/orders/admin-edit-address?exOrderId=${encodeURIComponent(order.exOrderId)}`)}>
          {t('screen.adminEditAddress')}
        </Button>
      )}
      {actions.map(buttonOf)}
      {order.allowedActions.includes('addSurcharge') && can('EX-ORDER-SURCHARGE-ADD') && (
        <Button icon={<DollarOutlined />} onClick={() => setSurchargeOpen(true)}>
          {t('orders.surcharge.add')}
        </Button>
      )}
      {can('EX-ORDER-DUPLICATE') && (
        <Button icon={<CopyOutlined />} loading={duplicate.pending} onClick={() => duplicate.run()}>
          {t('orders.action.duplicate')}
        </Button>
      )}

      <Modal
        open={cancelOpen}
        title={t('orders.confirm.cancel.title')}
        okText={t('orders.action.cancel')}
        okButtonProps={{ danger: true }}
        cancelText={t('orders.confirm.keep')}
        confirmLoading={busy('cancel')}
        onCancel={() => setCancelOpen(false)}
        onOk={() => cancelForm.submit()}
        destroyOnHidden
      >
        <p>{t(cancelBodyKey(order))}</p>
        <Form form={cancelForm} layout="vertical" preserve={false} onFinish={(v) => act.run({ action: 'cancel', reason: v.reason ?? '' })}>
          <Form.Item name="reason" label={t('orders.confirm.cancel.reason')} rules={[{ max: 255, message: t('validation.note.max') }]}>
            <Input.TextArea rows={3} maxLength={255} showCount />
          </Form.Item>
        </Form>
      </Modal>

      <Modal
        open={refundOpen}
        title={t('orders.confirm.refund.title')}
        okText={t('orders.action.refund')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        confirmLoading={refund.pending}
        onCancel={() => setRefundOpen(false)}
        onOk={() => refundForm.submit()}
        destroyOnHidden
      >
        <p>{t('orders.confirm.refund.body')}</p>
        <Form form={refundForm} layout="vertical" preserve={false} onFinish={(v) => refund.run(v)}>
          <Form.Item
            name="amount"
            label={t('orders.refund.amount')}
            extra={t('orders.refund.amountHelp', { amount: usd(order.refundAmount) })}
            required
            rules={[{ required: true, message: t('validation.required') }, zodRule(RefundBodySchema.shape.amount, t)]}
          >
            <InputNumber prefix="$" min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="reason" label={t('orders.refund.reason')} rules={[{ max: 255, message: t('validation.note.max') }]}>
            <Input.TextArea rows={2} maxLength={255} showCount />
          </Form.Item>
        </Form>
      </Modal>

      <SurchargeModal order={order} open={surchargeOpen} onClose={() => setSurchargeOpen(false)} onAdded={showReply} />
    </>
  );
}

/** Staff add a surcharge (SPEC §3 surcharge: amount, reason from the template's list, detail reason, note). */
function SurchargeModal({ order, open, onClose, onAdded }: { order: OrderDetail; open: boolean; onClose: () => void; onAdded: (res: Envelope<OrderDetail>) => Promise<void> }) {
  const { t } = useTranslation();
  const shape = SurchargeBodySchema.shape;
  const submit = async (values: SurchargeBody) => {
    const res = await ordersApi.addSurcharge(order.id, { ...values, detailReason: values.detailReason ?? '', note: values.note ?? '' });
    await onAdded(res);
    return res;
  };
  return (
    <FormModal<SurchargeBody> open={open} title={t('orders.surcharge.title', { id: order.exOrderId })} initialValues={{}} onClose={onClose} onSubmit={submit} okText={t('orders.surcharge.add')}>
      <Form.Item name="amount" label={t('orders.surcharge.amount')} rules={[zodRule(shape.amount, t)]} required>
        <InputNumber prefix="$" min={0} precision={2} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="reason" label={t('orders.surcharge.reason')} rules={[zodRule(shape.reason, t)]} required>
        <Select options={SURCHARGE_REASONS.map((r) => ({ value: r, label: t(`orders.surchargeReason.${r}`) }))} placeholder={t('orders.surcharge.reasonPlaceholder')} />
      </Form.Item>
      <Form.Item name="detailReason" label={t('orders.surcharge.detailReason')} rules={[zodRule(shape.detailReason, t)]}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
      <Form.Item name="note" label={t('orders.surcharge.note')} rules={[zodRule(shape.note, t)]}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
    </FormModal>
  );
}
