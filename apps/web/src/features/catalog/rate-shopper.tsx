import './locales';
import { useMemo, useState, type MouseEvent } from 'react';
import type { z } from 'zod';
import { Alert, Button, Card, Checkbox, Col, Empty, Form, Input, InputNumber, Row, Select, Skeleton, Spin, Tag, Typography, type FormRule } from 'antd';
import { ClockCircleOutlined, SwapOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { QuoteRatesBodySchema } from '@exship/contracts';
import { quoteApi, type QuoteRate, type QuoteRatesBody, type QuoteRatesReply } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { byCountryMatch, countryOptions, matchesCountry, type CountryOption } from '../../shared/countries';
import { useCan } from '../../shared/list-ui';
import { usd } from '../../shared/money';
import { useAction } from '../../shared/use-action';
import { zodRule } from '../../shared/zod-rule';
import { transitText } from './transit-days';

/** The rates body as the form holds it (staff-only and API-only fields left out). */
type RatesForm = Omit<z.input<typeof QuoteRatesBodySchema>, 'sku' | 'customerId'>;

/** An optional text field: blank passes, anything else must match the schema. */
const blankOr = (schema: { safeParse: (v: unknown) => { success: true } | { success: false; error: { issues: readonly { message: string }[] } } }) => ({
  safeParse: (v: unknown) => (v === '' || v === undefined || v === null ? ({ success: true } as const) : schema.safeParse(v)),
});

const upper = (v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v);

type Parser = Parameters<typeof zodRule>[0];
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A required field: blank says "required" (not the format rule), anything else must match the schema. */
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
        const r = QuoteRatesBodySchema.shape[s].safeParse(v ?? undefined);
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
 * The order screen opens with everything the rate was priced with: the service, the parcel, the
 * signature and the discount code — the code only where it applied to this rate (a code for other
 * services leaves a rate at full price), so the order form prices the order as the card did.
 */
export function createOrderUrl(rate: Pick<QuoteRate, 'serviceCode' | 'discountCode'>, asked: QuoteRatesBody): string {
  const query = new URLSearchParams({ serviceCode: rate.serviceCode, country: asked.country });
  if (asked.state) query.set('state', asked.state);
  query.set('zipcode', asked.zipcode);
  for (const key of ['weight', 'length', 'width', 'height'] as const) query.set(key, String(asked[key]));
  query.set('signature', String(!!asked.signature));
  if (rate.discountCode) query.set('discountCode', rate.discountCode);
  return `/app/orders/create-order?${query.toString()}`;
}

type FeeKey = Exclude<keyof QuoteRate['fees'], 'total'>;
const FEE_LINES: { key: FeeKey; label: string; always?: boolean }[] = [
  { key: 'shippingFee', label: 'quoteCalc.fee.shipping', always: true },
  { key: 'seasonalFee', label: 'quoteCalc.fee.seasonal' },
  { key: 'signatureFee', label: 'quoteCalc.fee.signature' },
  { key: 'overLengthFee', label: 'quoteCalc.fee.overLength' },
  { key: 'discount', label: 'quoteCalc.fee.discount' },
  { key: 'taxFee', label: 'quoteCalc.fee.tax', always: true },
];

/** One service's rate: name, carrier, transit, total, fee lines, and the way to ship with it. */
function RateCard({ rate, feeLines, cheapest, fastest, orderUrl }: { rate: QuoteRate; feeLines: typeof FEE_LINES; cheapest: boolean; fastest: boolean; orderUrl: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const transit = transitText(rate.transitDaysMin, rate.transitDaysMax, t);
  const open = (e: MouseEvent<HTMLElement>) => {
    // A plain click stays in the app; a modified click (new tab, new window) is the browser's.
    if (!orderUrl || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    void navigate(orderUrl);
  };
  return (
    <Card
      size="small"
      role="listitem"
      aria-label={rate.serviceName}
      data-testid="rate-card"
      style={{ borderColor: cheapest ? '#16a34a' : undefined, borderWidth: cheapest ? 2 : 1, height: '100%' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, height: '100%' } }}
    >
      <div>
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: '4px 8px' }}>
          <Typography.Title level={3} style={{ fontSize: 16, margin: 0, overflowWrap: 'anywhere' }}>
            {rate.serviceName}
          </Typography.Title>
          {(cheapest || fastest) && (
            <span style={{ display: 'flex', gap: 4 }}>
              {cheapest && (
                <Tag color="green" style={{ marginInlineEnd: 0 }}>
                  {t('rates.cheapest')}
                </Tag>
              )}
              {fastest && (
                <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                  {t('rates.fastest')}
                </Tag>
              )}
            </span>
          )}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {rate.serviceCode} · {rate.carrierName}
        </Typography.Text>
      </div>
      <Typography.Text type={transit ? undefined : 'secondary'}>
        <ClockCircleOutlined aria-hidden /> {transit ?? t('rates.transitUnknown')}
      </Typography.Text>
      <div data-testid="rate-total" aria-label={`${t('rates.total')} ${usd(rate.total)}`}>
        <Typography.Text type="secondary" style={{ fontSize: 13, display: 'block' }}>
          {t('rates.total')}
        </Typography.Text>
        <span style={{ fontSize: 26, fontWeight: 700, color: '#1d4ed8', lineHeight: 1.2 }}>{usd(rate.total)}</span>
      </div>
      <dl style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: '2px 12px', margin: 0, fontSize: 13, borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
        {feeLines.map((line) => {
          const value = rate.fees[line.key];
          const label = line.key === 'discount' && rate.discountCode ? t('quoteCalc.fee.discountCode', { code: rate.discountCode }) : t(line.label);
          return (
            <div key={line.key} style={{ display: 'contents' }}>
              <dt style={{ color: '#4b5563' }}>{label}</dt>
              <dd style={{ margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{line.key === 'discount' && value > 0 ? `-${usd(value)}` : usd(value)}</dd>
            </div>
          );
        })}
      </dl>
      {rate.routing && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('rates.staff', { routing: `${rate.routing.carrier} @ ${rate.routing.warehouse} · ${rate.routing.zone}`, cost: usd(rate.cost), margin: usd(rate.margin) })}
        </Typography.Text>
      )}
      {orderUrl && (
        <Button type="primary" href={orderUrl} onClick={open} aria-label={t('rates.createOrderWith', { service: rate.serviceName })} style={{ marginTop: 'auto' }} block>
          {t('rates.createOrder')}
        </Button>
      )}
    </Card>
  );
}

/** The rates of one request: the cards side by side (cheapest tagged), then the services that cannot carry it. */
function RateResults({ reply, asked, canOrder }: { reply: QuoteRatesReply; asked: QuoteRatesBody; canOrder: boolean }) {
  const { t } = useTranslation();
  const { rates, unavailable } = reply;
  // A fee line appears when any rate has it, so the cards line up and compare line by line.
  const feeLines = FEE_LINES.filter((line) => line.always || rates.some((r) => r.fees[line.key] !== 0));
  const lowest = rates[0]?.total;
  const quickest = Math.min(...rates.map((r) => r.transitDaysMax ?? Infinity));
  return (
    <section aria-label={t('rates.results')} style={{ marginTop: 20 }}>
      {rates.length > 0 ? (
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
            {t('rates.count', { count: rates.length, weight: reply.chargeableWeight.toLocaleString('en-US') })}
          </Typography.Paragraph>
          <div role="list" aria-label={t('rates.results')} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 230px), 1fr))', gap: 12 }}>
            {rates.map((rate) => (
              <RateCard
                key={rate.serviceCode}
                rate={rate}
                feeLines={feeLines}
                cheapest={rate.total === lowest}
                // Fastest only means something beside another service with a known transit time.
                fastest={rates.length > 1 && Number.isFinite(quickest) && rate.transitDaysMax === quickest}
                orderUrl={canOrder ? createOrderUrl(rate, asked) : null}
              />
            ))}
          </div>
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rates.none')} />
      )}
      {unavailable.length > 0 && (
        <div style={{ marginTop: 20 }}>
          <Typography.Title level={3} style={{ fontSize: 14 }}>
            {t('rates.unavailable')}
          </Typography.Title>
          <ul aria-label={t('rates.unavailable')} style={{ margin: 0, paddingInlineStart: 20, color: '#4b5563' }}>
            {unavailable.map((u) => (
              <li key={u.serviceCode}>
                <strong>{u.serviceName}</strong> ({u.serviceCode}) — {u.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** While the first answer is on its way: cards in the shape of the rates to come. */
function RatesLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('rates.loading')} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 230px), 1fr))', gap: 12, marginTop: 20 }}>
      {[0, 1, 2].map((i) => (
        <Card key={i} size="small">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ))}
    </div>
  );
}

/**
 * Rate shopping on the Price screen: the parcel and its destination in, every service the seller
 * may use out, side by side and cheapest first, each with a way to create the order with it.
 * Staff replies also carry each rate's routing, cost and margin.
 */
export function RateShopper() {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const [form] = Form.useForm<RatesForm>();
  const [answer, setAnswer] = useState<{ reply: QuoteRatesReply; asked: QuoteRatesBody } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shape = QuoteRatesBodySchema.shape;
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);

  /** Errors the server put on fields (a refused discount code) belong to the last request only. */
  const clearServerErrors = (names: (keyof RatesForm)[]) => form.setFields(names.map((name) => ({ name, errors: [] })));

  const shop = useAction((body: QuoteRatesBody) => quoteApi.rates(body), {
    success: false,
    errorMessage: false,
    onSuccess: (res, body) => setAnswer({ reply: res.data, asked: body }),
    onError: (err, _body, placed) => {
      setAnswer(null);
      if (!placed) setProblem(errorText(err, t));
    },
    form,
  });
  const onFinish = (v: RatesForm) => {
    setProblem(null);
    clearServerErrors(['discountCode', 'state', 'signature', 'country']);
    void shop.run({
      weight: v.weight,
      length: v.length,
      width: v.width,
      height: v.height,
      country: v.country,
      state: v.state?.trim() || undefined,
      zipcode: v.zipcode.trim(),
      signature: !!v.signature,
      discountCode: v.discountCode?.trim() || undefined,
    });
  };

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          <SwapOutlined aria-hidden /> {t('rates.title')}
        </Typography.Title>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {t('rates.help')}
      </Typography.Paragraph>
      <Form<RatesForm>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={(changed: Partial<RatesForm>) => {
          setProblem(null);
          // A field without rules keeps a server error until told otherwise: editing it clears it.
          if ('discountCode' in changed) clearServerErrors(['discountCode']);
        }}
        initialValues={{ country: 'US', state: '', zipcode: '', signature: false, discountCode: '' }}
      >
        <Row gutter={12}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="country" label={t('quoteCalc.country')} rules={[zodRule(requiredThen(shape.country), t)]} required>
              <Select<string, CountryOption>
                options={countries}
                showSearch={{ filterOption: matchesCountry, filterSort: byCountryMatch }}
                placeholder={t('rates.countryPlaceholder')}
                notFoundContent={t('rates.noCountry')}
              />
            </Form.Item>
          </Col>
          <Col xs={10} md={4} xl={4}>
            <Form.Item name="state" label={t('quoteCalc.state')} rules={[zodRule(blankOr(shape.state), t)]} normalize={upper}>
              <Input maxLength={3} />
            </Form.Item>
          </Col>
          <Col xs={14} md={8} xl={6}>
            <Form.Item name="zipcode" label={t('quoteCalc.zipcode')} rules={[zodRule(requiredThen(shape.zipcode), t)]} required>
              <Input maxLength={29} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8} xl={6}>
            <Form.Item name="weight" label={t('quoteCalc.weight')} rules={[zodRule(shape.weight, t)]} required>
              <InputNumber min={0} max={999998} suffix="g" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16} xl={10}>
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
          <Col xs={24} md={12} xl={6}>
            <Form.Item name="discountCode" label={t('quoteCalc.discountCode')} normalize={upper}>
              <Input maxLength={50} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8} style={{ display: 'flex', alignItems: 'flex-end' }}>
            <Form.Item name="signature" valuePropName="checked">
              <Checkbox>{t('quoteCalc.signature')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={shop.pending} icon={<SwapOutlined />}>
          {t('rates.submit')}
        </Button>
      </Form>
      {problem && <Alert type="warning" showIcon title={problem} style={{ marginTop: 16 }} />}
      {shop.pending && !answer ? (
        <RatesLoading />
      ) : answer ? (
        <Spin spinning={shop.pending}>
          <RateResults reply={answer.reply} asked={answer.asked} canOrder={can('EX_VIEW_ORDER_CREATE')} />
        </Spin>
      ) : (
        !problem && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rates.prompt')} style={{ marginTop: 20 }} />
      )}
    </Card>
  );
}
