import { Alert, Button, Drawer, Empty, Form, InputNumber, Select, Skeleton, Space, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TOLERANCE, FLOOR_LIMITS, type Tolerance } from '@exship/contracts';
import { errorText } from '../../shared/api-feedback';
import { useServiceOptions } from '../../shared/catalog-options';
import { DeleteConfirm } from '../../shared/screen';
import { useAction } from '../../shared/use-action';
import { FLOOR_KEY, floorApi } from './api';

// Check-in tolerances (EX-BOX-MANAGE sets them): how much the measured weight and sides may exceed
// the declared ones before a parcel is a dimension error; one global, and any per service.

const KEY = [FLOOR_KEY, 'tolerances'];
const GLOBAL = '__global__';

interface Values {
  scope: string;
  weightGr: number;
  dimensionCm: number;
}

export function TolerancesDrawer({ open, onClose, canManage }: { open: boolean; onClose: () => void; canManage: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const services = useServiceOptions();
  const list = useQuery({ queryKey: KEY, queryFn: ({ signal }) => floorApi.tolerances(signal), enabled: open });
  const save = useAction((v: Values) => floorApi.saveTolerance({ serviceId: v.scope === GLOBAL ? null : v.scope, weightGr: v.weightGr, dimensionCm: v.dimensionCm }), {
    success: 'floor.toleranceSaved',
    form,
    invalidate: [KEY],
  });
  const remove = useAction((serviceId: string) => floorApi.deleteTolerance(serviceId), { success: 'floor.toleranceRemoved', invalidate: [KEY] });
  const rows = list.data ?? [];
  const global = rows.find((r) => r.serviceId === null);
  const edit = (r: Tolerance) => form.setFieldsValue({ scope: r.serviceId ?? GLOBAL, weightGr: r.weightGr, dimensionCm: r.dimensionCm });
  const scopeText = (r: Tolerance) => (r.serviceId === null ? t('pickup.tolerance.global') : (r.serviceCode ?? r.serviceId));

  return (
    <Drawer open={open} onClose={onClose} size="min(560px, 100vw)" title={t('pickup.tolerance.title')} destroyOnHidden>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('pickup.tolerance.help', { weight: DEFAULT_TOLERANCE.weightGr, cm: DEFAULT_TOLERANCE.dimensionCm })}
        </Typography.Paragraph>
        {list.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : list.isError ? (
          <Alert type="error" showIcon title={errorText(list.error, t)} action={<Button size="small" onClick={() => void list.refetch()}>{t('list.retry')}</Button>} />
        ) : (
          <Table<Tolerance>
            size="small"
            rowKey={(r) => r.serviceId ?? GLOBAL}
            pagination={false}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickup.tolerance.none', { weight: DEFAULT_TOLERANCE.weightGr, cm: DEFAULT_TOLERANCE.dimensionCm })} /> }}
            columns={[
              { title: t('pickup.tolerance.scope'), key: 'scope', render: (_: unknown, r) => scopeText(r) },
              { title: t('pickup.tolerance.weight'), dataIndex: 'weightGr', align: 'right', render: (v: number) => `+${v} g` },
              { title: t('pickup.tolerance.dimension'), dataIndex: 'dimensionCm', align: 'right', render: (v: number) => `+${v} cm` },
              ...(canManage
                ? [
                    {
                      title: t('pickup.actions'),
                      key: 'actions',
                      render: (_: unknown, r: Tolerance) => (
                        <Space size={4}>
                          <Button size="small" icon={<EditOutlined />} onClick={() => edit(r)} aria-label={t('pickup.tolerance.editOf', { scope: scopeText(r) })}>
                            {t('pickup.tolerance.edit')}
                          </Button>
                          {r.serviceId && (
                            <DeleteConfirm title={t('pickup.tolerance.removeTitle', { scope: scopeText(r) })} description={t('pickup.tolerance.removeBody')} okText={t('pickup.tolerance.remove')} onConfirm={() => remove.run(r.serviceId!)}>
                              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('pickup.tolerance.removeOf', { scope: scopeText(r) })}>
                                {t('pickup.tolerance.remove')}
                              </Button>
                            </DeleteConfirm>
                          )}
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
        {canManage ? (
          <Form<Values>
            form={form}
            layout="vertical"
            initialValues={{ scope: GLOBAL, weightGr: global?.weightGr ?? DEFAULT_TOLERANCE.weightGr, dimensionCm: global?.dimensionCm ?? DEFAULT_TOLERANCE.dimensionCm }}
            onFinish={(v) => void save.run(v)}
          >
            <Typography.Title level={3} style={{ fontSize: 15 }}>
              {t('pickup.tolerance.set')}
            </Typography.Title>
            <Form.Item name="scope" label={t('pickup.tolerance.scope')} rules={[{ required: true, message: t('validation.required') }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={services.loading}
                options={[{ value: GLOBAL, label: t('pickup.tolerance.global') }, ...services.options]}
              />
            </Form.Item>
            <Space wrap size={12} style={{ width: '100%' }}>
              <Form.Item name="weightGr" label={t('pickup.tolerance.weightField')} rules={[{ required: true, message: t('validation.required') }, { type: 'integer', min: 0, max: FLOOR_LIMITS.toleranceMaxGr, message: t('validation.outOfRange') }]}>
                <InputNumber min={0} max={FLOOR_LIMITS.toleranceMaxGr} precision={0} style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name="dimensionCm" label={t('pickup.tolerance.dimensionField')} rules={[{ required: true, message: t('validation.required') }, { type: 'number', min: 0, max: FLOOR_LIMITS.toleranceMaxCm, message: t('validation.outOfRange') }]}>
                <InputNumber min={0} max={FLOOR_LIMITS.toleranceMaxCm} style={{ width: 180 }} />
              </Form.Item>
            </Space>
            <Button type="primary" htmlType="submit" loading={save.pending}>
              {t('common.save')}
            </Button>
          </Form>
        ) : (
          <Alert type="info" showIcon title={t('pickup.tolerance.readOnly')} />
        )}
      </Space>
    </Drawer>
  );
}
