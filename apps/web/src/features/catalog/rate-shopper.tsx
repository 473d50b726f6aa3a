import './locales';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { Alert, Button, Card, Checkbox, Col, Descriptions, Form, Input, InputNumber, Row, Select, Statistic, Typography, type FormRule } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { QuoteBodySchema } from '@exship/contracts';
import { ApiError } from '../../api/client';
import { quoteApi, type QuoteBody, type QuoteReply } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { useAction } from '../../shared/use-action';
import { usd } from '../../shared/money';
import { zodRule } from '../../shared/zod-rule';

/** The quote body as the form holds it (staff-only fields left out). */
type QuoteForm = Omit<z.input<typeof QuoteBodySchema>, 'sku' | 'customerId'>;

/** An optional text field: blank passes, anything else must match the schema. */
const blankOr = (schema: { safeParse: (v: unknown) => { success: true } | { success: false; error: { issues: readonly { message: string }[] } } }) => ({
  safeParse: (v: unknown) => (v === '' || v === undefined || v === null ? ({ success: true } as const) : schema.safeParse(v)),
});

const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

type Parser = Parameters<typeof zodRule>[0];
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A required text field: blank says "required" (not the format rule), anything else must match the schema. */
const requiredThen = (schema: Parser): Parser => ({
  safeParse: (v: unknown) => (isBlank(v) ? { success: false, error: { issues: [{ message: 'validation.required' }] } } : schema.safeParse(v)),
});

const SIDES = ['length', 'width', 'height'] as const;
type Side = (typeof SIDES)[number];

/**
 * The three sides share one error line under the size row: a side whose error an earlier side
 * already shows ("Dimensions are missing…") stays quiet instead of repeating it.
 */
function sideRule(side: Side, t: TFunction): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const problem = (s: Side, v: unknown) => {
        const r = QuoteBodySchema.shape[s].safeParse(v ?? undefined);
        return r.success ? null : (r.error.issues[0]?.message ?? 'validation.invalid');
      };
      const mine = problem(side, value);
      if (!mine) return;
      const earlier = SIDES.slice(0, SIDES.indexOf(side)).map((s) => problem(s, getFieldValue(s)));
      if (earlier.includes(mine)) return;
      throw new Error(t(mine));
    },
  });
}

/**
 * The quote calculator (issue 3): parcel and destination in, the fee breakdown and total out.
 * Staff replies also carry the routing (carrier, warehouse, zone), the cost and the margin.
 */
export function QuoteCalculator({ services }: { services: { code: string; name: string }[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<QuoteForm>();
  const [reply, setReply] = useState<QuoteReply | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shape = QuoteBodySchema.shape;
  const firstService = services[0]?.code;
  useEffect(() => {
    // The price list loads after the form mounts: preselect the first service once it is known.
    if (firstService && !form.getFieldValue('serviceCode')) form.setFieldValue('serviceCode', firstService);
  }, [firstService, form]);

  /** Errors the server put on fields (a refused discount code) belong to the last quote only. */
  const clearServerErrors = (names: (keyof QuoteForm)[]) => form.setFields(names.map((name) => ({ name, errors: [] })));

  const quote = useAction((body: QuoteBody) => quoteApi.quote(body), {
    success: false,
    errorMessage: false,
    onSuccess: (res) => setReply(res.data),
    onError: (err, _body, placed) => {
      setReply(null);
      // SPEC §8: 'no suitable shipping service' with the reason; discount refusals land on the code field.
      if (!placed || (err instanceof ApiError && err.code === 'NO_SUITABLE_SERVICE')) setProblem(errorText(err, t));
    },
    form,
  });
  const busy = quote.pending;
  const onFinish = (v: QuoteForm) => {
    setProblem(null);
    clearServerErrors(['discountCode', 'state', 'signature', 'serviceCode']);
    void quote.run({
      serviceCode: v.serviceCode,
      weight: v.weight,
      length: v.length,
      width: v.width,
      height: v.height,
      country: v.country.trim(),
      state: v.state?.trim() || undefined,
      zipcode: v.zipcode.trim(),
      signature: !!v.signature,
      discountCode: v.discountCode?.trim() || undefined,
    });
  };

  const fees = reply?.fees;
  return (
    <Card
      title={
        <span>
          <CalculatorOutlined /> {t('quoteCalc.title')}
        </span>
      }
    >
      <Form<QuoteForm>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={(changed: Partial<QuoteForm>) => {
          setProblem(null);
          // A field without rules keeps a server error until told otherwise: editing it clears it.
          if ('discountCode' in changed) clearServerErrors(['discountCode']);
        }}
        initialValues={{ serviceCode: services[0]?.code, country: 'US', state: '', zipcode: '', signature: false, discountCode: '' }}
      >
        <Form.Item name="serviceCode" label={t('quoteCalc.service')} rules={[zodRule(shape.serviceCode, t)]} required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={services.map((s) => ({ value: s.code, label: `${s.code} — ${s.name}` }))}
            notFoundContent={t('quoteCalc.noServices')}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="weight" label={t('quoteCalc.weight')} rules={[zodRule(shape.weight, t)]} required>
              <InputNumber min={0} max={999998} suffix="g" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            {/* One label and one error line for the three sides, so an error reads on one line, not five. */}
            <Form.Item label={t('quoteCalc.size')} required>
              <div style={{ display: 'flex', gap: 8 }}>
                {SIDES.map((side) => (
                  <Form.Item key={side} name={side} noStyle rules={[sideRule(side, t)]} dependencies={SIDES.slice(0, SIDES.indexOf(side))}>
                    <InputNumber aria-label={t(`quoteCalc.${side}`)} placeholder={t(`quoteCalc.${side}`)} min={0} suffix="cm" style={{ flex: 1, minWidth: 0 }} />
                  </Form.Item>
                ))}
              </div>
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={8} sm={6}>
            <Form.Item name="country" label={t('quoteCalc.country')} rules={[zodRule(requiredThen(shape.country), t)]} normalize={upper} required>
              <Input maxLength={2} />
            </Form.Item>
          </Col>
          <Col xs={8} sm={6}>
            <Form.Item name="state" label={t('quoteCalc.state')} rules={[zodRule(blankOr(shape.state), t)]} normalize={upper}>
              <Input maxLength={3} />
            </Form.Item>
          </Col>
          <Col xs={8} sm={12}>
            <Form.Item name="zipcode" label={t('quoteCalc.zipcode')} rules={[zodRule(requiredThen(shape.zipcode), t)]} required>
              <Input maxLength={29} inputMode="numeric" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12} align="bottom">
          <Col xs={24} sm={12}>
            <Form.Item name="discountCode" label={t('quoteCalc.discountCode')} normalize={upper}>
              <Input maxLength={50} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="signature" valuePropName="checked">
              <Checkbox>{t('quoteCalc.signature')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={busy} icon={<CalculatorOutlined />}>
          {t('quoteCalc.submit')}
        </Button>
      </Form>
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginTop: 16 }} />}
      {reply && fees && (
        <section aria-label={t('quoteCalc.result')} style={{ marginTop: 20 }}>
          <div data-testid="quote-total">
            <Statistic title={t('quoteCalc.total')} value={usd(fees.total)} styles={{ content: { color: '#1d4ed8', fontWeight: 700 } }} />
          </div>
          <Typography.Text type="secondary">
            {t('quoteCalc.chargeable', { service: `${reply.service.code} — ${reply.service.name}`, weight: reply.chargeableWeight.toLocaleString('en-US') })}
          </Typography.Text>
          <Descriptions bordered size="small" column={1} style={{ marginTop: 12 }}>
            <Descriptions.Item label={t('quoteCalc.fee.shipping')}>{usd(fees.shippingFee)}</Descriptions.Item>
            <Descriptions.Item label={t('quoteCalc.fee.seasonal')}>{usd(fees.seasonalFee)}</Descriptions.Item>
            <Descriptions.Item label={t('quoteCalc.fee.signature')}>{usd(fees.signatureFee)}</Descriptions.Item>
            <Descriptions.Item label={t('quoteCalc.fee.overLength')}>{usd(fees.overLengthFee)}</Descriptions.Item>
            <Descriptions.Item label={reply.discountCode ? t('quoteCalc.fee.discountCode', { code: reply.discountCode }) : t('quoteCalc.fee.discount')}>
              {fees.discount > 0 ? `-${usd(fees.discount)}` : usd(0)}
            </Descriptions.Item>
            <Descriptions.Item label={t('quoteCalc.fee.tax')}>{usd(fees.taxFee)}</Descriptions.Item>
            <Descriptions.Item label={<strong>{t('quoteCalc.total')}</strong>}>
              <strong>{usd(fees.total)}</strong>
            </Descriptions.Item>
          </Descriptions>
          {reply.routing && (
            <Descriptions title={t('quoteCalc.staffOnly')} bordered size="small" column={{ xs: 1, sm: 2 }} style={{ marginTop: 16 }}>
              <Descriptions.Item label={t('quoteCalc.carrier')}>{reply.routing.carrier}</Descriptions.Item>
              <Descriptions.Item label={t('quoteCalc.warehouse')}>{reply.routing.warehouse}</Descriptions.Item>
              <Descriptions.Item label={t('quoteCalc.zone')}>{reply.routing.zone}</Descriptions.Item>
              <Descriptions.Item label={t('quoteCalc.cost')}>{usd(reply.cost)}</Descriptions.Item>
              <Descriptions.Item label={t('quoteCalc.margin')}>
                <Typography.Text type={(reply.margin ?? 0) < 0 ? 'danger' : 'success'}>{usd(reply.margin)}</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          )}
        </section>
      )}
    </Card>
  );
}
