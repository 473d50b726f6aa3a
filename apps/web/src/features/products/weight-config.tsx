import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Drawer, Empty, Form, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WeightConfigBodySchema, type WeightConfig, type WeightConfigHistory } from '@exship/contracts';
import { productsApi } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { useAction } from '../../shared/use-action';
import { usd } from '../../shared/money';
import { useMediaQuery, PHONE_QUERY } from '../../shared/use-media-query';
import { zodRule } from '../../shared/zod-rule';
import { DeleteConfirm, StatusTag, useCan, useFormatDate } from './shared';

// SPEC §3 product weight config: weightThreshold (g) > 0, status, configurationStatus, change history.

const fieldLabel = (field: string, t: (k: string) => string) => t(`products.weight.field.${field}`);
/** Status values are codes: show their names. */
const historyValue = (field: string, value: string | null, t: (k: string) => string) =>
  value === null ? '—' : field === 'status' || field === 'configurationStatus' ? t(`products.status.${value}`) : value;

/** The change history of one product's weight threshold, in a drawer. */
export function WeightHistoryDrawer({ product, onClose }: { product: { id: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const phone = useMediaQuery(PHONE_QUERY);
  const history = useQuery({
    queryKey: ['weight-configs', 'history', product?.id],
    queryFn: ({ signal }) => productsApi.weightConfigHistory(product!.id, signal),
    enabled: product !== null,
  });
  return (
    <Drawer open={product !== null} onClose={onClose} title={t('products.weight.historyOf', { name: product?.name ?? '' })} size={phone ? '100%' : 720} destroyOnHidden>
      {history.isError ? (
        <Alert type="error" showIcon title={errorText(history.error, t)} />
      ) : (
        <Table<WeightConfigHistory>
          rowKey="id"
          size="small"
          loading={history.isLoading}
          dataSource={history.data?.data}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: t('products.weight.noHistory') }}
          columns={[
            { title: t('products.weight.changedAt'), dataIndex: 'changedAt', render: (v: string) => fmt(v) },
            { title: t('products.weight.field'), dataIndex: 'field', render: (f: string) => fieldLabel(f, t) },
            { title: t('products.weight.oldValue'), dataIndex: 'oldValue', render: (v: string | null, r) => historyValue(r.field, v, t) },
            { title: t('products.weight.newValue'), dataIndex: 'newValue', render: (v: string | null, r) => historyValue(r.field, v, t) },
            { title: t('products.weight.changedBy'), key: 'by', render: (_: unknown, r) => r.changedBy.fullName || r.changedBy.email || r.changedBy.id },
          ]}
        />
      )}
    </Drawer>
  );
}

interface ConfigValues {
  weightThreshold: number | null;
  fee: number | null;
  status: 'active' | 'inactive';
}

/** Set or change a product's threshold and fee (EX-PRODUCT-CONFIG). */
export function WeightConfigModal({ product, current, onClose }: { product: { id: string; name: string } | null; current: WeightConfig | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConfigValues>();
  const shape = WeightConfigBodySchema.shape;
  const save = useAction((x: { id: string; v: ConfigValues }) => productsApi.saveWeightConfig(x.id, { weightThreshold: x.v.weightThreshold ?? 0, fee: x.v.fee ?? 0, status: x.v.status }), {
    success: 'products.weight.saved',
    form,
    invalidate: [['products'], ['weight-configs']],
    onSuccess: () => onClose(),
  });
  const saving = save.pending;
  const finish = (v: ConfigValues) => {
    if (product) void save.run({ id: product.id, v });
  };
  return (
    <Modal
      open={product !== null}
      title={t('products.weight.editOf', { name: product?.name ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form<ConfigValues>
        form={form}
        layout="vertical"
        onFinish={finish}
        preserve={false}
        initialValues={
          current && current.configurationStatus === 'configured'
            ? { weightThreshold: current.weightThreshold, fee: current.fee, status: current.status }
            : { weightThreshold: null, fee: 0, status: 'active' }
        }
      >
        <Form.Item
          name="weightThreshold"
          label={t('products.weight.threshold')}
          rules={[zodRule({ safeParse: (v: unknown) => shape.weightThreshold.safeParse(v ?? undefined) }, t)]}
          extra={t('products.weight.thresholdHelp')}
          required
        >
          <InputNumber style={{ width: '100%' }} suffix="g" precision={2} />
        </Form.Item>
        <Form.Item name="fee" label={t('products.weight.fee')} rules={[zodRule({ safeParse: (v: unknown) => shape.fee.safeParse(v ?? undefined) }, t)]}>
          <InputNumber style={{ width: '100%' }} prefix="$" precision={2} />
        </Form.Item>
        <Form.Item name="status" label={t('products.field.status')}>
          <Select
            options={[
              { value: 'active', label: t('products.status.active') },
              { value: 'inactive', label: t('products.status.inactive') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The weight config card of the product detail screen. */
export function WeightConfigCard({ product }: { product: { id: string; name: string; weightConfig: WeightConfig | null } }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useFormatDate();
  const manage = can('EX-PRODUCT-CONFIG');
  const [editing, setEditing] = useState(false);
  const [history, setHistory] = useState(false);
  const c = product.weightConfig;
  const configured = c?.configurationStatus === 'configured';

  const removal = useAction((productId: string) => productsApi.removeWeightConfig(productId), {
    success: 'products.weight.removed',
    invalidate: [['products'], ['weight-configs']],
  });
  const removing = removal.pending;
  const remove = async () => {
    await removal.run(product.id);
  };

  return (
    <Card
      title={t('products.weight.title')}
      extra={
        manage && (
          <Space wrap>
            {c && (
              <Button size="small" icon={<HistoryOutlined />} onClick={() => setHistory(true)}>
                {t('products.weight.history')}
              </Button>
            )}
            <Button size="small" type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {configured ? t('products.weight.edit') : t('products.weight.configure')}
            </Button>
            {configured && (
              <DeleteConfirm title={t('products.weight.removeConfirm')} okText={t('products.weight.remove')} onConfirm={remove}>
                <Button size="small" danger icon={<DeleteOutlined />} loading={removing}>
                  {t('products.weight.remove')}
                </Button>
              </DeleteConfirm>
            )}
          </Space>
        )
      }
    >
      {c ? (
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label={t('products.weight.threshold')}>{`${c.weightThreshold} g`}</Descriptions.Item>
          <Descriptions.Item label={t('products.weight.fee')}>{usd(c.fee)}</Descriptions.Item>
          <Descriptions.Item label={t('products.field.status')}>
            <StatusTag status={c.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('products.weight.configurationStatus')}>
            <StatusTag status={c.configurationStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={t('products.field.updatedAt')}>{fmt(c.updatedAt)}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text type="secondary">{t('products.weight.none')}</Typography.Text>} />
      )}
      {manage && (
        <>
          <WeightConfigModal product={editing ? product : null} current={c} onClose={() => setEditing(false)} />
          <WeightHistoryDrawer product={history ? product : null} onClose={() => setHistory(false)} />
        </>
      )}
    </Card>
  );
}
