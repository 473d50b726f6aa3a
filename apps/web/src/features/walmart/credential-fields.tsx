import { Form, Input, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { WALMART_ACK_MODES, WALMART_LIMITS } from '@exship/contracts';

// The fields a Walmart store is connected with, shared by the connect modal, the /callback/walmart
// screen and the store settings: its name, the client id and secret (the secret sent once, never
// shown back), and when orders are acknowledged and paid.

export function StoreNameField() {
  const { t } = useTranslation();
  return (
    <Form.Item name="name" label={t('walmart.connect.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }, { max: WALMART_LIMITS.storeNameMax, message: t('validation.max50') }]}>
      <Input maxLength={WALMART_LIMITS.storeNameMax} />
    </Form.Item>
  );
}

/**
 * Client id and secret. `required`: both must be given (connecting); otherwise both may stay empty
 * (keep the saved ones) but one is never given without the other (the settings).
 */
export function CredentialFields({ required }: { required: boolean }) {
  const { t } = useTranslation();
  const together = (other: 'clientId' | 'clientSecret') => ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_: unknown, v: string | undefined) =>
      !v?.trim() && String(getFieldValue(other) ?? '').trim() ? Promise.reject(new Error(t('validation.walmart.credentialsTogether'))) : Promise.resolve(),
  });
  const rules = (other: 'clientId' | 'clientSecret') => (required ? [{ required: true, whitespace: true, message: t('validation.required') }] : [together(other)]);
  return (
    <>
      <Form.Item name="clientId" label={t('walmart.connect.clientId')} dependencies={required ? undefined : ['clientSecret']} rules={rules('clientSecret')}>
        <Input maxLength={WALMART_LIMITS.clientIdMax} autoComplete="off" />
      </Form.Item>
      <Form.Item name="clientSecret" label={t('walmart.connect.clientSecret')} dependencies={required ? undefined : ['clientId']} extra={t('walmart.connect.secretHint')} rules={rules('clientId')}>
        <Input.Password maxLength={WALMART_LIMITS.clientSecretMax} autoComplete="new-password" visibilityToggle={false} />
      </Form.Item>
    </>
  );
}

/** When the store's orders are acknowledged on Walmart, and whether their drafts are paid at once. */
export function AckAndPayFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="ackMode" label={t('walmart.settings.ackMode')}>
        <Radio.Group options={WALMART_ACK_MODES.map((m) => ({ value: m, label: t(`walmart.settings.ack.${m}`) }))} />
      </Form.Item>
      <Form.Item name="autoPay" label={t('walmart.settings.autoPay')} valuePropName="checked" extra={t('walmart.settings.autoPayHint')}>
        <Switch />
      </Form.Item>
    </>
  );
}
