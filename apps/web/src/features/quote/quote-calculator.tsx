import '../catalog/locales';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Descriptions, Form, Input, InputNumber, Row, Select, Statistic, Typography } from 'antd';
import { CalculatorOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QuoteBodySchema } from '@exship/contracts';
import { ApiError } from '../../api/client';
import { quoteApi, type QuoteBody, type QuoteReply } from '../../api/endpoints';
import { applyFieldErrors, errorText } from '../../shared/api-feedback';
import { usd } from '../../shared/money';
import { zodRule } from '../../shared/zod-rule';

interface QuoteForm {
  serviceCode: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  country: string;
  state: string;
  zipcode: string;
  signature: boolean;
  discountCode: string;
}

/** An optional text field: blank passes, anything else must match the schema. */
const blankOr = (schema: { safeParse: (v: unknown) => { success: true } | { success: false; error: { issues: readonly { message: string }[] } } }) => ({
  safeParse: (v: unknown) => (v === '' || v === undefined || v === null ? ({ success: true } as const) : schema.safeParse(v)),
});

const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

/**
 * The quote calculator (issue 3): parcel and destination in, the fee breakdown and total out.
 * Staff replies also carry the routing (carrier, warehouse, zone), the cost and the margin.
 */
export function QuoteCalculator({ services }: { services: { code: string; name: string }[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<QuoteForm>();
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<QuoteReply | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shape = QuoteBodySchema.shape;
  const firstService = services[0]?.code;
  useEffect(() => {
    // The price list loads after the form mounts: preselect the first service once it is known.
    if (firstService && !form.getFieldValue('serviceCode')) form.setFieldValue('serviceCode', firstService);
  }, [firstService, form]);

  const onFinish = async (v: QuoteForm) => {
    setBusy(true);
    setProblem(null);
    try {
      const body: QuoteBody = {
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
      };
      const res = await quoteApi.quote(body);
      setReply(res.data);
    } catch (err) {
      setReply(null);
      const placed = applyFieldErrors(form, err, t);
      // SPEC §8: 'no suitable shipping service' with the reason; discount refusals land on the code field.
      if (!placed || (err instanceof ApiError && err.code === 'NO_SUITABLE_SERVICE')) setProblem(errorText(err, t));
    } finally {
      setBusy(false);
    }
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
        onValuesChange={() => setProblem(null)}
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
          <Col xs={24} sm={6}>
            <Form.Item name="weight" label={t('quoteCalc.weight')} rules={[zodRule(shape.weight, t)]} required>
              <InputNumber min={0} max={999998} suffix="g" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={8} sm={6}>
            <Form.Item name="length" label={t('quoteCalc.length')} rules={[zodRule(shape.length, t)]} required>
              <InputNumber min={0} suffix="cm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={8} sm={6}>
            <Form.Item name="width" label={t('quoteCalc.width')} rules={[zodRule(shape.width, t)]} required>
              <InputNumber min={0} suffix="cm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={8} sm={6}>
            <Form.Item name="height" label={t('quoteCalc.height')} rules={[zodRule(shape.height, t)]} required>
              <InputNumber min={0} suffix="cm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={8} sm={6}>
            <Form.Item name="country" label={t('quoteCalc.country')} rules={[zodRule(shape.country, t)]} normalize={upper} required>
              <Input maxLength={2} />
            </Form.Item>
          </Col>
          <Col xs={8} sm={6}>
            <Form.Item name="state" label={t('quoteCalc.state')} rules={[zodRule(blankOr(shape.state), t)]} normalize={upper}>
              <Input maxLength={3} />
            </Form.Item>
          </Col>
          <Col xs={8} sm={12}>
            <Form.Item name="zipcode" label={t('quoteCalc.zipcode')} rules={[zodRule(shape.zipcode, t)]} required>
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
