import { useMemo } from 'react';
import { Alert, Button, Col, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ReturnAddressSchema, ShipFromSchema, UpdateSenderProfileEndpoint, type Profile } from '@exship/contracts';
import { hasAccess } from '@exship/domain';
import { callEnvelope } from '../../api/call';
import { session } from '../../api/session';
import { byCountryMatch, countryOptions, matchesCountry } from '../../shared/countries';
import { upper } from '../../shared/list-ui';
import { useAction } from '../../shared/use-action';
import { zodRule } from '../../shared/zod-rule';

// The account's sender (the label's FROM): the company and ship-from address the parcels leave
// from, and a US return address that US labels print instead when one is set.

interface SenderForm {
  useShipFrom: boolean;
  shipFrom?: Partial<z.input<typeof ShipFromSchema>>;
  useReturn: boolean;
  returnAddress?: Partial<z.input<typeof ReturnAddressSchema>>;
}

export function SenderTab({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<SenderForm>();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  // Like the other account settings: the owner and who may pay the account's orders change it.
  const canEdit = hasAccess(profile.permissions, 'EX-ORDER-PAY');
  const useShipFrom = Form.useWatch('useShipFrom', form) ?? !!profile.shipFrom;
  const useReturn = Form.useWatch('useReturn', form) ?? !!profile.returnAddress;
  const from = ShipFromSchema.shape;
  const back = ReturnAddressSchema.shape;
  const save = useAction(
    (v: SenderForm) =>
      callEnvelope(UpdateSenderProfileEndpoint, {
        body: {
          shipFrom: v.useShipFrom ? (v.shipFrom as z.input<typeof ShipFromSchema>) : null,
          returnAddress: v.useReturn ? (v.returnAddress as z.input<typeof ReturnAddressSchema>) : null,
        } as never,
      }),
    { success: 'profile.sender.saved', form, onSuccess: (res) => res.data?.id && session.setProfile(res.data) },
  );
  const text = (name: string, label: string, rule: z.ZodType, required: boolean, extra?: { max?: number; normalize?: (v: unknown) => unknown; autoComplete?: string; type?: string }) => (
    <Form.Item name={name.split('.')} label={label} rules={[zodRule(rule, t)]} required={required} normalize={extra?.normalize}>
      <Input maxLength={extra?.max ?? 100} autoComplete={extra?.autoComplete} type={extra?.type} disabled={!canEdit} />
    </Form.Item>
  );
  return (
    <div style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">{t('profile.sender.help')}</Typography.Paragraph>
      {!canEdit && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('profile.sender.readOnly')} />}
      <Form<SenderForm>
        form={form}
        layout="vertical"
        onFinish={(v) => void save.run(v)}
        initialValues={{
          useShipFrom: !!profile.shipFrom,
          shipFrom: profile.shipFrom ?? { country: 'VN' },
          useReturn: !!profile.returnAddress,
          returnAddress: profile.returnAddress ?? {},
        }}
      >
        <section aria-labelledby="sender-ship-from">
          <Typography.Title level={5} id="sender-ship-from">
            {t('profile.sender.shipFrom')}
          </Typography.Title>
          <Form.Item name="useShipFrom" valuePropName="checked" label={t('profile.sender.useShipFrom')} extra={t('profile.sender.useShipFrom.help')}>
            <Switch disabled={!canEdit} />
          </Form.Item>
          {useShipFrom && (
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                {text('shipFrom.company', t('profile.sender.company'), from.company, false, { autoComplete: 'organization' })}
              </Col>
              <Col xs={24} sm={12}>
                {text('shipFrom.name', t('profile.sender.name'), from.name, true, { autoComplete: 'name' })}
              </Col>
              <Col xs={24} sm={12}>
                {text('shipFrom.phone', t('profile.sender.phone'), from.phone, true, { autoComplete: 'tel', type: 'tel', max: 16 })}
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name={['shipFrom', 'country']} label={t('profile.sender.country')} rules={[zodRule(from.country, t)]} required>
                  <Select showSearch={{ filterOption: matchesCountry, filterSort: byCountryMatch }} options={countries} disabled={!canEdit} />
                </Form.Item>
              </Col>
              <Col xs={24}>{text('shipFrom.address1', t('profile.sender.address1'), from.address1, true, { autoComplete: 'address-line1' })}</Col>
              <Col xs={24}>{text('shipFrom.address2', t('profile.sender.address2'), from.address2, false, { autoComplete: 'address-line2' })}</Col>
              <Col xs={24} sm={10}>
                {text('shipFrom.city', t('profile.sender.city'), from.city, true, { autoComplete: 'address-level2' })}
              </Col>
              <Col xs={12} sm={7}>
                {text('shipFrom.state', t('profile.sender.state'), from.state, false, { autoComplete: 'address-level1' })}
              </Col>
              <Col xs={12} sm={7}>
                {text('shipFrom.zip', t('profile.sender.zip'), from.zip, true, { autoComplete: 'postal-code', max: 12 })}
              </Col>
            </Row>
          )}
        </section>
        <section aria-labelledby="sender-return">
          <Typography.Title level={5} id="sender-return">
            {t('profile.sender.return')}
          </Typography.Title>
          <Form.Item name="useReturn" valuePropName="checked" label={t('profile.sender.useReturn')} extra={t('profile.sender.useReturn.help')}>
            <Switch disabled={!canEdit} />
          </Form.Item>
          {useReturn && (
            <Row gutter={16}>
              <Col xs={24}>{text('returnAddress.address1', t('profile.sender.address1'), back.address1, true)}</Col>
              <Col xs={24}>{text('returnAddress.address2', t('profile.sender.address2'), back.address2, false)}</Col>
              <Col xs={24} sm={10}>
                {text('returnAddress.city', t('profile.sender.city'), back.city, true)}
              </Col>
              <Col xs={12} sm={7}>
                {text('returnAddress.state', t('profile.sender.usState'), back.state, true, { max: 2, normalize: upper })}
              </Col>
              <Col xs={12} sm={7}>
                {text('returnAddress.zip', t('profile.sender.usZip'), back.zip, true, { max: 10 })}
              </Col>
            </Row>
          )}
        </section>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={save.pending}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </div>
  );
}
