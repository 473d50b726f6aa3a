import { useMemo } from 'react';
import { Card, Col, Form, Input, InputNumber, Row, Select, Switch, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_LIMITS, OrderCreateBodySchema, OrderRecipientSchema } from '@exship/contracts';
import { zodRule } from '../../shared/zod-rule';
import { byCountryMatch, countryOptions, matchesCountry } from '../../shared/countries';
import { stateOptions } from './states';
import type { OrderFormValues } from './order-form';
import { useServiceCodeOptions } from './shared';
import { requiredNumber } from './wizard-information';

// Step 2: the recipient (SPEC §3 shipping fields, §5 rules: email and phone required outside the
// US) and the parcel: service, signature, discount code, dimensions in cm and weight in grams.

const r = OrderRecipientSchema.shape;
const o = OrderCreateBodySchema.shape;
const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

export function ShippingStep({ parcelLocked }: { parcelLocked: boolean }) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance<OrderFormValues>();
  const country = Form.useWatch(['recipient', 'country'], form) as string | undefined;
  const abroad = !!country && country !== 'US';
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const states = useMemo(() => stateOptions(country), [country]);
  const services = useServiceCodeOptions();

  /** SPEC §5: required when the country is not the US (the contract's whole-body rule, per field). */
  const requiredAbroad = (message: string): FormRule => ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const c = getFieldValue(['recipient', 'country']) as string | undefined;
      if (c && c !== 'US' && (typeof value !== 'string' || value.trim() === '')) throw new Error(t(message));
    },
  });

  const text = (field: keyof typeof r, opts: { max?: number; required?: boolean; normalize?: (v: unknown) => unknown; extra?: FormRule[]; autoComplete?: string; span?: number } = {}) => (
    <Col xs={24} md={opts.span ?? 12}>
      <Form.Item
        name={['recipient', field]}
        label={t(`orders.field.${field}`)}
        rules={[zodRule(r[field], t), ...(opts.extra ?? [])]}
        required={opts.required}
        normalize={opts.normalize}
        dependencies={opts.extra ? [['recipient', 'country']] : undefined}
      >
        <Input maxLength={opts.max} autoComplete={opts.autoComplete} />
      </Form.Item>
    </Col>
  );

  const measure = (field: 'lengthCm' | 'widthCm' | 'heightCm' | 'weightGr', suffix: string) => (
    <Col xs={12} md={6} xl={12}>
      <Form.Item name={field} label={t(`orders.field.${field}`)} rules={[zodRule(requiredNumber(o[field]), t)]} required>
        {/* A locked parcel (address-only edit) keeps its unit readable: antd greys a disabled suffix below 4.5:1. */}
        <InputNumber style={{ width: '100%' }} suffix={parcelLocked ? <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{suffix}</span> : suffix} min={0} disabled={parcelLocked} />
      </Form.Item>
    </Col>
  );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card size="small" title={t('orders.detail.recipient')} role="group" aria-label={t('orders.detail.recipient')}>
          <Row gutter={12}>
            {text('firstName', { max: ORDER_LIMITS.personNameMax, required: true, autoComplete: 'off' })}
            {text('lastName', { max: ORDER_LIMITS.personNameMax, autoComplete: 'off' })}
            <Col xs={24} md={12}>
              <Form.Item name={['recipient', 'country']} label={t('orders.field.country')} rules={[zodRule(r.country, t)]} required>
                <Select
                  showSearch={{ filterOption: matchesCountry, filterSort: byCountryMatch }}
                  options={countries}
                  placeholder={t('orders.wizard.countryPlaceholder')}
                  onChange={(next: string) => {
                    // A state of the previous country does not belong to the new one.
                    const state = form.getFieldValue(['recipient', 'state']) as string | undefined;
                    if (state && !stateOptions(next).some((o) => o.value === state)) form.setFieldValue(['recipient', 'state'], '');
                  }}
                />
              </Form.Item>
            </Col>
            {states.length > 0 ? (
              <Col xs={24} md={12}>
                {/* SPEC §5: the state must belong to the country (ISO 3166-2, as the server checks). */}
                <Form.Item
                  name={['recipient', 'state']}
                  label={t('orders.field.state')}
                  rules={[{ required: true, message: t('validation.required') }]}
                  dependencies={[['recipient', 'country']]}
                >
                  <Select showSearch={{ optionFilterProp: 'label' }} options={states} placeholder={t('orders.wizard.statePlaceholder')} />
                </Form.Item>
              </Col>
            ) : (
              text('state', { max: 3, normalize: upper, autoComplete: 'off' })
            )}
            {text('city', { max: ORDER_LIMITS.cityMax, required: true, autoComplete: 'off' })}
            {text('zipcode', { max: ORDER_LIMITS.zipMax, required: true, autoComplete: 'off' })}
            {text('address1', { max: ORDER_LIMITS.address1Max, required: true, autoComplete: 'off' })}
            {text('address2', { max: ORDER_LIMITS.address2Max, autoComplete: 'off' })}
            {text('email', { required: abroad, extra: [requiredAbroad('validation.email.requiredAbroad')], autoComplete: 'off' })}
            {text('phone', { required: abroad, extra: [requiredAbroad('validation.phone.requiredAbroad')], autoComplete: 'off' })}
            {text('taxNumber', { max: ORDER_LIMITS.taxNumberMax, autoComplete: 'off', span: 24 })}
          </Row>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('orders.detail.parcel')} role="group" aria-label={t('orders.detail.parcel')}>
          <Row gutter={12}>
            <Col xs={24}>
              <Form.Item name="serviceCode" label={t('orders.field.service')} rules={[zodRule(o.serviceCode, t)]} required>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  options={services.options}
                  loading={services.loading}
                  disabled={parcelLocked}
                  placeholder={t('orders.wizard.servicePlaceholder')}
                  notFoundContent={t('orders.wizard.noServices')}
                />
              </Form.Item>
            </Col>
            {measure('lengthCm', 'cm')}
            {measure('widthCm', 'cm')}
            {measure('heightCm', 'cm')}
            {measure('weightGr', 'g')}
            <Col xs={24} md={12}>
              <Form.Item name="discountCode" label={t('orders.field.discountCode')} rules={[zodRule(o.discountCode, t)]} normalize={upper}>
                <Input maxLength={50} autoComplete="off" disabled={parcelLocked} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="signature" label={t('orders.field.signature')} valuePropName="checked">
                <Switch disabled={parcelLocked} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
      </Col>
    </Row>
  );
}
