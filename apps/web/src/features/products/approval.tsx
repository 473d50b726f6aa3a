import { useState, type ReactNode } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRODUCT_LIMITS, ProductRejectBodySchema, type ProductApprovalStatus } from '@exship/contracts';
import { nextApprovalStatus } from '@exship/domain';
import type { Envelope } from '../../api/client';
import { productsApi } from '../../api/endpoints';
import { applyFieldErrors } from '../../shared/api-feedback';
import { useAction } from '../../shared/use-action';
import { zodRule } from '../../shared/zod-rule';
import { DeleteConfirm, useCan, useIsStaff } from './shared';

/** What the signed-in user may do with a product in this approval status (SPEC §4, permissions). */
export function useProductActions() {
  const can = useCan();
  const staff = useIsStaff();
  return (status: ProductApprovalStatus) => ({
    // A seller cannot change a product while it waits for approval (the server refuses it too).
    edit: can('EX-PRODUCT-UPDATE') && (staff || status !== 'waiting_approval'),
    submit: can('EX-PRODUCT-UPDATE') && nextApprovalStatus(status, 'submit') !== null,
    accept: can('EX-PRODUCT-APPROVE') && nextApprovalStatus(status, 'accept') !== null,
    reject: can('EX-PRODUCT-APPROVE') && nextApprovalStatus(status, 'reject') !== null,
    remove: can('EX-PRODUCT-DELETE'),
  });
}

/**
 * Runs the approval calls and delete with a success or error message, refreshes the product
 * queries, and owns the reject-with-a-reason modal.
 */
export function useApprovalCommands(onDone?: (action: 'submit' | 'accept' | 'reject' | 'remove') => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<{ id: string; name: string } | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  type Command = { key: string; action: 'submit' | 'accept' | 'reject' | 'remove'; call: () => Promise<Envelope<unknown>> };
  const command = useAction((c: Command) => c.call(), {
    success: false,
    onSuccess: async (res, c) => {
      message.success(res.message || t(`products.action.${c.action}.done`));
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      onDone?.(c.action);
    },
    onError: (err, c) => {
      if (c.action === 'reject') applyFieldErrors(form, err, t);
    },
  });
  const busy = command.variables?.key ?? null;
  const run = async (key: string, action: Command['action'], call: Command['call']) => (await command.run({ key, action, call })) !== undefined;

  const commands = {
    busy,
    submit: (id: string) => run(`submit-${id}`, 'submit', () => productsApi.submit(id)),
    accept: (id: string) => run(`accept-${id}`, 'accept', () => productsApi.accept(id)),
    remove: (id: string) => run(`remove-${id}`, 'remove', () => productsApi.remove(id)),
    reject: (product: { id: string; name: string }) => {
      form.resetFields();
      setRejecting(product);
    },
  };

  const confirmReject = async ({ reason }: { reason: string }) => {
    if (!rejecting) return;
    const ok = await run(`reject-${rejecting.id}`, 'reject', () => productsApi.reject(rejecting.id, reason.trim()));
    if (ok) setRejecting(null);
  };

  const rejectModal = (
    <Modal
      open={rejecting !== null}
      title={t('products.reject.title', { name: rejecting?.name ?? '' })}
      okText={t('products.action.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={busy?.startsWith('reject-')}
      onOk={() => form.submit()}
      onCancel={() => setRejecting(null)}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={confirmReject}>
        <Form.Item name="reason" label={t('products.reject.reason')} rules={[zodRule(ProductRejectBodySchema.shape.reason, t)]} extra={t('products.reject.help')} required>
          <Input.TextArea rows={4} maxLength={PRODUCT_LIMITS.rejectReasonMax} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );

  return { ...commands, rejectModal };
}

/** Asks before deleting a product (SPEC §4), with the help on what deleting does. */
export function ProductDeleteConfirm({ name, onConfirm, children }: { name: string; onConfirm: () => unknown; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <DeleteConfirm title={t('products.delete.confirm', { name })} description={t('products.delete.help')} okText={t('products.action.delete')} onConfirm={onConfirm}>
      {children}
    </DeleteConfirm>
  );
}
