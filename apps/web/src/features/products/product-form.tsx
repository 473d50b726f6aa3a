import { useEffect } from 'react';
import { Alert, App, Button, Card, Col, Drawer, Form, Input, InputNumber, Row, Select, Skeleton, Space, Typography, Upload, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PRODUCT_LIMITS,
  ProductCreateBodySchema,
  ProductUpdateBodySchema,
  ProductVariantInputSchema,
  dimensionField,
  productNameField,
  shortTextField,
  weightField,
  type Product,
  type ProductCreateBody,
  type ProductUpdateBody,
} from '@exship/contracts';
import { productsApi } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { useAction } from '../../shared/use-action';
import { useMediaQuery, PHONE_QUERY } from '../../shared/use-media-query';
import { zodRule } from '../../shared/zod-rule';
import { MockupThumb, applyNestedFieldErrors, useIsStaff } from './shared';
import { useCustomerOptions } from './customers';

// SPEC §3 product with its variants, §5 product rules (the contracts' zod fields, per field and
// for the whole body: duplicate SKUs, missing HS code).

interface VariantValues {
  id?: string;
  sku?: string;
  price?: number | null;
  salesTax?: number | null;
  hsCode?: string;
  shape?: string;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
  weightGr?: number | null;
  mockupImageUrl?: string | null;
}
interface ProductValues {
  customerId?: string;
  origin?: 'admin' | 'industry';
  name?: string;
  aliasName?: string;
  hsCode?: string;
  material?: string;
  shape?: string;
  lengthCm?: number | null;
  widthCm?: number | null;
  heightCm?: number | null;
  weightGr?: number | null;
  status?: 'active' | 'inactive';
  variants: VariantValues[];
}

const emptyVariant = (): VariantValues => ({ salesTax: 0 });
const orNull = (v: number | null | undefined) => (v === undefined || v === null ? null : v);
const text = (v: string | null | undefined) => v ?? '';

function toValues(p: Product): ProductValues {
  return {
    name: p.name,
    aliasName: text(p.aliasName),
    hsCode: text(p.hsCode),
    material: text(p.material),
    shape: text(p.shape),
    lengthCm: p.lengthCm,
    widthCm: p.widthCm,
    heightCm: p.heightCm,
    weightGr: p.weightGr,
    status: p.status,
    variants: p.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      price: v.price,
      salesTax: v.salesTax,
      hsCode: text(v.hsCode),
      shape: text(v.shape),
      lengthCm: v.lengthCm,
      widthCm: v.widthCm,
      heightCm: v.heightCm,
      weightGr: v.weightGr,
      mockupImageUrl: v.mockupImageUrl,
    })),
  };
}

function toBody(v: ProductValues) {
  return {
    name: v.name ?? '',
    aliasName: v.aliasName ?? '',
    hsCode: v.hsCode ?? '',
    material: v.material ?? '',
    shape: v.shape ?? '',
    lengthCm: v.lengthCm ?? undefined,
    widthCm: v.widthCm ?? undefined,
    heightCm: v.heightCm ?? undefined,
    weightGr: v.weightGr ?? undefined,
    status: v.status,
    variants: (v.variants ?? []).map((x) => ({
      ...(x.id ? { id: x.id } : {}),
      sku: x.sku ?? '',
      price: x.price ?? undefined,
      salesTax: x.salesTax ?? 0,
      hsCode: x.hsCode ?? '',
      shape: x.shape ?? '',
      lengthCm: orNull(x.lengthCm),
      widthCm: orNull(x.widthCm),
      heightCm: orNull(x.heightCm),
      weightGr: orNull(x.weightGr),
      mockupImageUrl: x.mockupImageUrl ?? '',
    })),
  };
}

/** A required number: an emptied InputNumber gives null, which the contract reads as "required". */
const required = (schema: { safeParse: (v: unknown) => any }) => ({ safeParse: (v: unknown) => schema.safeParse(v === null ? undefined : v) });

const MOCKUP_TYPES = ['image/jpeg', 'image/png'];

/** The mockup image of a variant: upload (jpg/png ≤ 5 MB) → the server's URL in the form. */
function MockupField({ value, onChange, customerId, label }: { value?: string | null; onChange?: (v: string | null) => void; customerId?: string; label: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useAction((file: File) => productsApi.uploadMockup(file, customerId), { success: 'products.mockup.uploaded', onSuccess: (res) => onChange?.(res.data.url) });
  const uploading = upload.pending;
  return (
    <Space align="center" wrap>
      <MockupThumb url={value} size={56} alt={label} />
      <Upload
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          if (!MOCKUP_TYPES.includes(file.type) && !/\.(jpe?g|png)$/i.test(file.name)) {
            message.error(t('products.mockup.type'));
            return Upload.LIST_IGNORE;
          }
          if (file.size > PRODUCT_LIMITS.mockupMaxBytes) {
            message.error(t('products.mockup.size'));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={async ({ file, onSuccess, onError }) => {
          const res = await upload.run(file as File);
          if (res) onSuccess?.(res.data);
          else onError?.(new Error('upload failed'));
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} aria-label={`${t('products.mockup.upload')} — ${label}`}>
          {value ? t('products.mockup.replace') : t('products.mockup.upload')}
        </Button>
      </Upload>
      {value && (
        <Button type="link" danger onClick={() => onChange?.(null)}>
          {t('products.mockup.remove')}
        </Button>
      )}
    </Space>
  );
}

/**
 * Create or edit a product with its variants, in a drawer. Edit sends the full variant list
 * (variants keep their ids); the server puts a seller's edited product back to draft.
 */
export function ProductFormDrawer({ open, productId, onClose, onSaved }: { open: boolean; productId: string | null; onClose: () => void; onSaved?: (p: Product) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const staff = useIsStaff();
  const phone = useMediaQuery(PHONE_QUERY);
  const [form] = Form.useForm<ProductValues>();
  const save = useAction((body: ProductUpdateBody | ProductCreateBody) => (productId !== null ? productsApi.update(productId, body) : productsApi.create(body as ProductCreateBody)), {
    success: 'products.form.saved',
    onSuccess: async (res) => {
      await queryClient.invalidateQueries({ queryKey: ['products'] });
      onSaved?.(res.data);
      onClose();
    },
    onError: (err) => applyNestedFieldErrors(form, err, t),
  });
  const saving = save.pending;
  const editing = productId !== null;
  const existing = useQuery({
    queryKey: ['products', 'detail', productId],
    queryFn: ({ signal }) => productsApi.get(productId!, signal),
    enabled: open && editing,
  });
  const customers = useCustomerOptions(open && staff && !editing);
  const customerId = Form.useWatch('customerId', form);
  const v = ProductVariantInputSchema.shape;

  useEffect(() => {
    if (!open) return;
    if (!editing) form.setFieldsValue({ origin: 'admin', status: 'active', variants: [emptyVariant()] });
    else if (existing.data) form.setFieldsValue(toValues(existing.data.data));
  }, [open, editing, existing.data, form]);

  const finish = async (values: ProductValues) => {
    const body = toBody(values);
    // The whole-body rules from contracts (duplicate SKUs, HS code on every variant) before the call.
    const parsed = editing ? ProductUpdateBodySchema.safeParse(body) : ProductCreateBodySchema.safeParse({ ...body, ...(staff ? { customerId: values.customerId, origin: values.origin } : {}) });
    if (!parsed.success) {
      const fields = parsed.error.issues.filter((i) => i.path.length > 0).map((i) => ({ name: i.path as (string | number)[], errors: [t(i.message)] }));
      if (fields.length) (form as FormInstance).setFields(fields);
      message.error(t('products.form.invalid'));
      return;
    }
    await save.run(parsed.data);
  };

  const num = (name: string, label: string, rule: Parameters<typeof zodRule>[0], opts: { suffix?: string; req?: boolean; precision?: number } = {}) => (
    <Form.Item name={name} label={label} rules={[zodRule(rule, t)]} required={opts.req}>
      <InputNumber style={{ width: '100%' }} suffix={opts.suffix} precision={opts.precision ?? 2} />
    </Form.Item>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={editing ? t('products.form.editTitle') : t('products.form.newTitle')}
      size={phone ? '100%' : 820}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} disabled={editing && !existing.data}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {editing && existing.isLoading ? (
        <Skeleton active />
      ) : editing && existing.isError ? (
        <Alert type="error" showIcon title={errorText(existing.error, t)} />
      ) : (
        <Form<ProductValues> form={form} layout="vertical" onFinish={finish} scrollToFirstError requiredMark>
          {editing && existing.data && !staff && existing.data.data.approvalStatus !== 'draft' && (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('products.form.backToDraft')} />
          )}
          {staff && !editing && (
            <Row gutter={16}>
              <Col xs={24} md={16}>
                <Form.Item name="customerId" label={t('products.field.customer')} rules={[{ required: true, message: t('validation.required') }]} extra={t('products.form.customerHelp')}>
                  <Select
                    showSearch={{ optionFilterProp: 'label', onSearch: customers.setSearch }}
                    options={customers.options}
                    loading={customers.loading}
                    placeholder={t('products.form.customerPlaceholder')}
                    notFoundContent={t('products.common.empty')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="origin" label={t('products.field.origin')}>
                  <Select
                    options={[
                      { value: 'admin', label: t('products.origin.admin') },
                      { value: 'industry', label: t('products.origin.industry') },
                    ]}
                  />
                </Form.Item>
              </Col>
            </Row>
          )}
          <Row gutter={16} role="group" aria-label={t('products.form.productGroup')}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('products.field.name')} rules={[zodRule(productNameField, t)]} required>
                <Input maxLength={PRODUCT_LIMITS.nameMax} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="aliasName" label={t('products.field.aliasName')} rules={[zodRule(shortTextField, t)]}>
                <Input maxLength={PRODUCT_LIMITS.shortTextMax} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="hsCode" label={t('products.field.hsCode')} rules={[zodRule(shortTextField, t)]} extra={t('products.form.hsCodeHelp')}>
                <Input maxLength={PRODUCT_LIMITS.shortTextMax} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="material" label={t('products.field.material')} rules={[zodRule(shortTextField, t)]}>
                <Input maxLength={PRODUCT_LIMITS.shortTextMax} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="shape" label={t('products.field.shape')} rules={[zodRule(shortTextField, t)]}>
                <Input maxLength={PRODUCT_LIMITS.shortTextMax} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              {num('lengthCm', t('products.field.lengthCm'), required(dimensionField), { suffix: 'cm', req: true })}
            </Col>
            <Col xs={12} md={6}>
              {num('widthCm', t('products.field.widthCm'), required(dimensionField), { suffix: 'cm', req: true })}
            </Col>
            <Col xs={12} md={6}>
              {num('heightCm', t('products.field.heightCm'), required(dimensionField), { suffix: 'cm', req: true })}
            </Col>
            <Col xs={12} md={6}>
              {num('weightGr', t('products.field.weightGr'), required(weightField), { suffix: 'g', req: true })}
            </Col>
          </Row>

          <Typography.Title level={2} style={{ marginTop: 8, fontSize: 16 }}>
            {t('products.variants.title')}
          </Typography.Title>
          <Form.List name="variants">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                {fields.map((field, index) => (
                  <Card
                    key={field.key}
                    size="small"
                    role="group"
                    aria-label={t('products.variants.item', { n: index + 1 })}
                    title={t('products.variants.item', { n: index + 1 })}
                    extra={
                      fields.length > 1 && (
                        <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('products.variants.remove', { n: index + 1 })}>
                          {t('products.variants.removeShort')}
                        </Button>
                      )
                    }
                  >
                    <Form.Item name={[field.name, 'id']} hidden>
                      <Input />
                    </Form.Item>
                    <Row gutter={12}>
                      <Col xs={24} md={8}>
                        <Form.Item name={[field.name, 'sku']} label={t('products.field.sku')} rules={[zodRule(v.sku, t)]} required>
                          <Input maxLength={PRODUCT_LIMITS.skuMax} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={5}>
                        <Form.Item name={[field.name, 'price']} label={t('products.field.price')} rules={[zodRule(required(v.price), t)]} required>
                          <InputNumber style={{ width: '100%' }} prefix="$" step={1} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={5}>
                        <Form.Item name={[field.name, 'salesTax']} label={t('products.field.salesTax')} rules={[zodRule(required(v.salesTax), t)]}>
                          <InputNumber style={{ width: '100%' }} suffix="%" precision={2} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={6}>
                        <Form.Item
                          name={[field.name, 'hsCode']}
                          label={t('products.field.hsCode')}
                          dependencies={['hsCode']}
                          rules={[
                            zodRule(v.hsCode, t),
                            ({ getFieldValue }) => ({
                              // SPEC §5/§8: a variant without an HS code (its own or the product's) is rejected.
                              validator: async (_rule, value: unknown) => {
                                const own = typeof value === 'string' ? value.trim() : '';
                                const product = String(getFieldValue('hsCode') ?? '').trim();
                                if (!own && !product) throw new Error(t('validation.variant.hsCodeMissing'));
                              },
                            }),
                          ]}
                        >
                          <Input maxLength={PRODUCT_LIMITS.shortTextMax} placeholder={t('products.form.hsCodeInherit')} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={6}>
                        <Form.Item name={[field.name, 'lengthCm']} label={t('products.field.lengthCm')} rules={[zodRule(v.lengthCm, t)]}>
                          <InputNumber style={{ width: '100%' }} suffix="cm" precision={2} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={6}>
                        <Form.Item name={[field.name, 'widthCm']} label={t('products.field.widthCm')} rules={[zodRule(v.widthCm, t)]}>
                          <InputNumber style={{ width: '100%' }} suffix="cm" precision={2} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={6}>
                        <Form.Item name={[field.name, 'heightCm']} label={t('products.field.heightCm')} rules={[zodRule(v.heightCm, t)]}>
                          <InputNumber style={{ width: '100%' }} suffix="cm" precision={2} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={6}>
                        <Form.Item name={[field.name, 'weightGr']} label={t('products.field.weightGr')} rules={[zodRule(v.weightGr, t)]}>
                          <InputNumber style={{ width: '100%' }} suffix="g" precision={2} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={8}>
                        <Form.Item name={[field.name, 'shape']} label={t('products.field.shape')} rules={[zodRule(v.shape, t)]}>
                          <Input maxLength={PRODUCT_LIMITS.shortTextMax} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={16}>
                        <Form.Item name={[field.name, 'mockupImageUrl']} label={t('products.field.mockup')} extra={t('products.mockup.help')}>
                          <MockupField customerId={staff ? customerId : undefined} label={t('products.variants.item', { n: index + 1 })} />
                        </Form.Item>
                      </Col>
                    </Row>
                  </Card>
                ))}
                {fields.length < PRODUCT_LIMITS.variantsMax && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(emptyVariant())} block>
                    {t('products.variants.add')}
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
        </Form>
      )}
    </Drawer>
  );
}
