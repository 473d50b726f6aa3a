import './locales';
import { Alert, Button, Col, Descriptions, Form, Input, InputNumber, Radio, Row, Select, Skeleton, Space, Switch } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DiscountBodySchema, type ScreenDef } from '@exship/contracts';
import { ApiError } from '../../api/client';
import { wallClockAt } from '@exship/domain';
import { discountApi, type DiscountBody, type DiscountItem } from '../../api/endpoints';
import { applyFieldErrors, errorText } from '../../shared/api-feedback';
import { useAction } from '../../shared/use-action';
import { CustomerSelect } from '../../shared/customer-select';
import { zodRule } from '../../shared/zod-rule';
import { useServiceOptions } from '../../shared/catalog-options';
import { DeleteConfirm, ScreenCard, StatusTag, useCan } from '../../shared/list-ui';
import { DISCOUNT_TIME_ZONES } from './discount-format';
import { DatePicker } from '../../shared/date-picker';

type DiscountBodyInput = z.input<typeof DiscountBodySchema>;
/** The discount body as the form holds it: the amount split in type and value, the period as two pickers. */
type DiscountForm = Required<Omit<DiscountBodyInput, 'amountOff' | 'startDate' | 'endDate' | 'timeZone'>> & {
  amountType: DiscountBodyInput['amountOff']['type'];
  amountValue: number;
  period: [Dayjs, Dayjs];
  timeZone: string;
};

const LOCAL = 'YYYY-MM-DDTHH:mm';
const shape = DiscountBodySchema.shape;
const [percentSchema, fixedSchema] = shape.amountOff.options;

/** The current wall-clock minute at an offset ('+00:00'), as a dayjs holding that wall time. */
function nowAt(offset: string): Dayjs {
  return dayjs(wallClockAt(Date.now(), offset).slice(0, 16));
}

function toForm(d: DiscountItem | null): Partial<DiscountForm> {
  if (!d) {
    // A new discount starts now in its default time zone (GMT+00:00) and runs for 30 days.
    const start = nowAt('+00:00');
    return {
      enabled: true,
      method: 'manual',
      amountType: 'percent',
      minimumWeight: 0,
      limitUseTotal: null,
      limitUsePerUser: null,
      typeCustomers: 'all',
      customers: [],
      services: [],
      period: [start, start.add(30, 'day')],
      timeZone: '+00:00',
    };
  }
  return {
    code: d.code,
    name: d.name,
    enabled: d.enabled,
    method: d.method,
    amountType: d.amountOff.type,
    amountValue: d.amountOff.value,
    minimumWeight: d.minimumWeight,
    limitUseTotal: d.limitUseTotal,
    limitUsePerUser: d.limitUsePerUser,
    typeCustomers: d.typeCustomers,
    customers: d.customers,
    services: d.services,
    period: [dayjs(d.startDate), dayjs(d.endDate)],
    timeZone: d.timeZone.offset,
  };
}

function toBody(v: DiscountForm): DiscountBody {
  const zone = DISCOUNT_TIME_ZONES.find((z) => z.offset === v.timeZone) ?? DISCOUNT_TIME_ZONES[4];
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    enabled: v.enabled,
    method: v.method,
    amountOff: { type: v.amountType, value: v.amountValue },
    minimumWeight: v.minimumWeight ?? 0,
    limitUseTotal: v.limitUseTotal ?? null,
    limitUsePerUser: v.limitUsePerUser ?? null,
    typeCustomers: v.typeCustomers,
    customers: v.typeCustomers === 'specific' ? (v.customers ?? []) : [],
    services: v.services ?? [],
    startDate: v.period[0].format(LOCAL),
    endDate: v.period[1].format(LOCAL),
    timeZone: { offset: zone.offset, zone: zone.zone },
  };
}

/** Server field names → this form's fields (amountOff.value → amountValue, startDate → period). */
function remapErrors(err: unknown): unknown {
  const e = err as { errors?: { field: string; message: string }[] };
  if (!e || !Array.isArray(e.errors)) return err;
  e.errors = e.errors.map((x) => ({
    ...x,
    field: x.field.startsWith('amountOff') ? 'amountValue' : x.field === 'startDate' || x.field === 'endDate' ? 'period' : x.field.startsWith('timeZone') ? 'timeZone' : x.field,
  }));
  return err;
}

function DiscountEditor({ discount }: { discount: DiscountItem | null }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const services = useServiceOptions();
  const [form] = Form.useForm<DiscountForm>();
  const amountType = Form.useWatch('amountType', form) ?? discount?.amountOff.type ?? 'percent';
  const typeCustomers = Form.useWatch('typeCustomers', form);
  const manage = can('EX-DISCOUNT-MANAGE');
  const isNew = discount === null;

  const save = useAction((v: DiscountForm) => (isNew ? discountApi.create(toBody(v)) : discountApi.update(discount.code, toBody(v))), {
    success: 'net.common.saved',
    invalidate: [['discounts']],
    onSuccess: (res) => navigate(`/app/discount/${encodeURIComponent(res.data.code)}`, { replace: true }),
    onError: (err) => applyFieldErrors(form, remapErrors(err), t),
  });
  const onFinish = (v: DiscountForm) => void save.run(v);
  const saving = save.pending;

  const removal = useAction((code: string) => discountApi.remove(code), {
    success: 'net.common.deleted',
    invalidate: [['discounts']],
    onSuccess: () => navigate('/app/discount'),
  });
  const remove = async () => {
    if (discount) await removal.run(discount.code);
  };

  const serviceOptions = services.options.length
    ? services.options
    : (discount?.services ?? []).map((id) => ({ value: id, label: id }));

  return (
    <>
      {discount && (
        <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('net.field.status')}>
            <StatusTag status={discount.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('discount.used')}>{discount.limitUseTotal ? `${discount.used} / ${discount.limitUseTotal}` : discount.used}</Descriptions.Item>
        </Descriptions>
      )}
      <Form<DiscountForm> form={form} layout="vertical" initialValues={toForm(discount)} onFinish={onFinish} disabled={!manage} scrollToFirstError style={{ maxWidth: 820 }}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="code"
              label={t('discount.code')}
              rules={[zodRule(shape.code, t)]}
              normalize={(v: string) => v?.toUpperCase().replace(/\s/g, '')}
              extra={t('discount.codeHint')}
              required
            >
              <Input maxLength={50} disabled={!isNew} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('discount.name')} rules={[zodRule(shape.name, t)]} required>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={12} sm={6}>
            <Form.Item name="enabled" label={t('discount.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="method" label={t('discount.method')}>
              <Select
                options={[
                  { value: 'manual', label: t('discount.method.manual') },
                  { value: 'automated', label: t('discount.method.automated') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Row gutter={8}>
              <Col span={11}>
                <Form.Item name="amountType" label={t('discount.amountOff')} required>
                  <Select
                    aria-label={t('discount.amountType')}
                    options={[
                      { value: 'percent', label: t('discount.amount.percent') },
                      { value: 'fixed', label: t('discount.amount.fixed') },
                    ]}
                    onChange={() => void form.validateFields(['amountValue']).catch(() => undefined)}
                  />
                </Form.Item>
              </Col>
              <Col span={13}>
                <Form.Item
                  name="amountValue"
                  label={t('discount.amountValue')}
                  dependencies={['amountType']}
                  rules={[zodRule(amountType === 'percent' ? percentSchema.shape.value : fixedSchema.shape.value, t)]}
                  required
                >
                  <InputNumber
                    precision={2}
                    prefix={amountType === 'fixed' ? '$' : undefined}
                    suffix={amountType === 'percent' ? '%' : undefined}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item name="minimumWeight" label={t('discount.minimumWeight')} rules={[zodRule(shape.minimumWeight, t)]} extra={t('discount.minimumWeightHint')}>
              <InputNumber precision={0} suffix="g" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="limitUseTotal" label={t('discount.limitUseTotal')} rules={[zodRule(shape.limitUseTotal, t)]} extra={t('discount.unlimitedHint')}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name="limitUsePerUser" label={t('discount.limitUsePerUser')} rules={[zodRule(shape.limitUsePerUser, t)]} extra={t('discount.unlimitedHint')}>
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="services" label={t('discount.services')} extra={t('discount.servicesHint')}>
          <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} options={serviceOptions} loading={services.loading} placeholder={t('discount.allServices')} />
        </Form.Item>
        <Form.Item name="typeCustomers" label={t('discount.customers')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('discount.customers.all') },
              { value: 'specific', label: t('discount.customers.specific') },
            ]}
          />
        </Form.Item>
        {typeCustomers === 'specific' && (
          <Form.Item
            name="customers"
            label={t('discount.customerIds')}
            extra={t('discount.customerIdsHint')}
            rules={[{ required: true, type: 'array', min: 1, message: t('validation.required') }, zodRule(shape.customers, t)]}
          >
            <CustomerSelect placeholder={t('discount.customerSearch')} aria-label={t('discount.customerIds')} />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item
              name="period"
              label={t('discount.period')}
              extra={t('discount.localTimeNote')}
              rules={[
                { required: true, message: t('validation.required') },
                {
                  validator: async (_r, v: [Dayjs | null, Dayjs | null] | undefined) => {
                    if (v?.[0] && v[1] && !v[1].isAfter(v[0])) throw new Error(t('validation.date.endAfterStart'));
                  },
                },
              ]}
            >
              <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="DD-MM-YYYY HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="timeZone" label={t('discount.timeZone')}>
              <Select options={DISCOUNT_TIME_ZONES.map((z) => ({ value: z.offset, label: t(`discount.timeZone.${z.offset}`, { defaultValue: `GMT${z.offset} ${z.zone}` }) }))} />
            </Form.Item>
          </Col>
        </Row>
        {manage && (
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={saving}>
              {isNew ? t('discount.create') : t('common.save')}
            </Button>
            {!isNew && (
              <DeleteConfirm title={t('discount.deleteConfirm', { code: discount.code })} okText={t('net.common.delete')} onConfirm={remove}>
                <Button danger icon={<DeleteOutlined />} disabled={false}>
                  {t('net.common.delete')}
                </Button>
              </DeleteConfirm>
            )}
          </Space>
        )}
      </Form>
    </>
  );
}

/** SPEC §2 /app/discount/{discountCode}; `/app/discount/new` creates one. */
export default function DiscountDetailPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const { discountCode = '' } = useParams();
  const isNew = discountCode === 'new';
  const detail = useQuery({
    queryKey: ['discounts', 'detail', discountCode],
    queryFn: ({ signal }) => discountApi.get(discountCode, signal),
    enabled: !isNew,
  });
  return (
    <ScreenCard
      title={isNew ? t('discount.new') : `${t('screen.discountDetail')}: ${discountCode}`}
      extra={
        <Link to="/app/discount">
          <Button icon={<ArrowLeftOutlined />}>{t('discount.backToList')}</Button>
        </Link>
      }
    >
      {isNew ? (
        <DiscountEditor discount={null} />
      ) : detail.isPending ? (
        <Skeleton active />
      ) : detail.isError ? (
        detail.error instanceof ApiError && detail.error.status === 404 ? (
          <Alert type="warning" showIcon title={t('discount.notFound')} />
        ) : (
          <Alert type="error" showIcon title={errorText(detail.error, t)} />
        )
      ) : (
        <DiscountEditor key={detail.data.data.id} discount={detail.data.data} />
      )}
    </ScreenCard>
  );
}
