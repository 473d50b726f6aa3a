import { Form, Input, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WALMART_LIMITS, type ReconciliationRow } from '@exship/contracts';
import { FormModal } from '../../shared/list-ui';
import { reconciliationKey, walmartApi } from './api';

// Marks one reconciliation difference resolved by hand, for one settled outside ExShip (refunded on
// Walmart's side by phone): the note says how, and the server records who and when.

interface ResolveValues {
  note: string;
}

export function ResolveDifferenceModal({ difference, onClose }: { difference: ReconciliationRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = async (v: ResolveValues) => {
    const res = await walmartApi.resolveDifference(difference!.id, { note: v.note.trim() });
    // The list's query key (useListQuery): the key's parts joined, then the filters.
    await queryClient.invalidateQueries({ queryKey: [reconciliationKey.join('.')] });
    return res;
  };
  return (
    <FormModal<ResolveValues>
      open={difference !== null}
      title={t('walmart.reconcile.resolveTitle', { po: difference?.purchaseOrderId ?? '' })}
      initialValues={{ note: '' }}
      onClose={onClose}
      onSubmit={save}
      okText={t('walmart.reconcile.resolveOk')}
    >
      <Typography.Paragraph type="secondary">{t('walmart.reconcile.resolveHint')}</Typography.Paragraph>
      <Form.Item
        name="note"
        label={t('walmart.reconcile.note')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: WALMART_LIMITS.noteMax, message: t('validation.note.max') }]}
      >
        <Input.TextArea rows={3} maxLength={WALMART_LIMITS.noteMax} showCount placeholder={t('walmart.reconcile.notePlaceholder')} />
      </Form.Item>
    </FormModal>
  );
}
