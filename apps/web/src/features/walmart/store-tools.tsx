import { Form, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WALMART_CANCEL_REASONS, WALMART_LIMITS, type WalmartAckMode, type WalmartCancelReason, type WalmartStore } from '@exship/contracts';
import { DatePicker, viewerDayBound, viewerNow } from '../../shared/date-picker';
import { FormModal } from '../../shared/list-ui';
import { walmartApi, WALMART_KEY, type StoreUpdateBody } from './api';
import { AckAndPayFields, CredentialFields, StoreNameField } from './credential-fields';

// A store's settings (name, when orders are acknowledged, auto-pay, the default cancellation reason,
// new credentials) and the back-fill by date (Walmart keeps the last 180 days).

interface SettingsValues {
  name: string;
  ackMode: WalmartAckMode;
  autoPay: boolean;
  defaultCancelReason: WalmartCancelReason;
  clientId: string;
  clientSecret: string;
}

export function StoreSettingsModal({ store, onClose }: { store: WalmartStore | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = async (v: SettingsValues) => {
    const body: StoreUpdateBody = { name: v.name.trim(), ackMode: v.ackMode, autoPay: v.autoPay, defaultCancelReason: v.defaultCancelReason };
    // New credentials only when both are typed: the server checks them with Walmart.
    if (v.clientId.trim() || v.clientSecret.trim()) Object.assign(body, { clientId: v.clientId.trim(), clientSecret: v.clientSecret.trim() });
    const res = await walmartApi.update(store!.id, body);
    await queryClient.invalidateQueries({ queryKey: [WALMART_KEY] });
    return res;
  };
  return (
    <FormModal<SettingsValues>
      open={store !== null}
      title={t('walmart.settings.title', { name: store?.name ?? '' })}
      initialValues={store ? { name: store.name, ackMode: store.ackMode, autoPay: store.autoPay, defaultCancelReason: store.defaultCancelReason, clientId: '', clientSecret: '' } : {}}
      onClose={onClose}
      onSubmit={save}
    >
      <StoreNameField />
      <AckAndPayFields />
      <Form.Item name="defaultCancelReason" label={t('walmart.settings.cancelReason')} extra={t('walmart.settings.cancelReasonHint')}>
        <Select aria-label={t('walmart.settings.cancelReason')} options={WALMART_CANCEL_REASONS.map((r) => ({ value: r, label: t(`walmart.cancelReason.${r}`) }))} />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {store?.state === 'token-failing' || store?.state === 'disconnected' ? t('walmart.settings.credentialsNeeded') : t('walmart.settings.credentialsHint')}
      </Typography.Paragraph>
      <CredentialFields required={false} />
    </FormModal>
  );
}

interface BackfillValues {
  range: [Dayjs, Dayjs | null];
}

export function BackfillModal({ store, onClose }: { store: WalmartStore | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Walmart keeps 180 days; a day of slack so the first day picked is still inside it when the job runs.
  const earliest = viewerNow().subtract(WALMART_LIMITS.backfillMaxDays - 1, 'day').startOf('day');
  const save = async (v: BackfillValues) => {
    const [from, to] = v.range;
    const res = await walmartApi.backfill(store!.id, { from: viewerDayBound(from.format('YYYY-MM-DD'), 'from'), ...(to ? { to: viewerDayBound(to.format('YYYY-MM-DD'), 'to') } : {}) });
    await queryClient.invalidateQueries({ queryKey: [WALMART_KEY] });
    return res;
  };
  return (
    <FormModal<BackfillValues> open={store !== null} title={t('walmart.backfill.title', { name: store?.name ?? '' })} initialValues={{}} onClose={onClose} onSubmit={save} okText={t('walmart.backfill.ok')}>
      <Typography.Paragraph type="secondary">{t('walmart.backfill.hint')}</Typography.Paragraph>
      <Form.Item name="range" label={t('walmart.backfill.range')} rules={[{ required: true, message: t('validation.required') }]}>
        <DatePicker.RangePicker
          format="DD-MM-YYYY"
          allowEmpty={[false, true]}
          style={{ width: '100%' }}
          placeholder={[t('walmart.orders.from'), t('walmart.orders.to')]}
          disabledDate={(d: Dayjs) => d.isBefore(earliest) || d.isAfter(viewerNow().endOf('day'))}
        />
      </Form.Item>
    </FormModal>
  );
}
