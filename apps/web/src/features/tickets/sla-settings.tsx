import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Divider, Drawer, Empty, Form, Input, InputNumber, Row, Select, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GetSlaTargetsEndpoint, SLA_LIMITS, SlaReportEndpoint, UpdateSlaTargetsEndpoint, type SlaTarget, type TicketType } from '@exship/contracts';
import { call, callEnvelope } from '../../api/call';

// docs/tickets-and-claims.md "Service levels": staff set the first-response and resolution targets
// per ticket type, and see the breaches of the tickets opened in the last 30 days.

type Values = { targets: SlaTarget[] };

export function SlaSettingsDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const targets = useQuery({ queryKey: ['ticket-sla-targets'], queryFn: () => call(GetSlaTargetsEndpoint) });
  const report = useQuery({ queryKey: ['ticket-sla-report'], queryFn: () => call(SlaReportEndpoint, { query: { startDate: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) } }) });
  useEffect(() => {
    if (targets.data) form.setFieldsValue({ targets: targets.data });
  }, [targets.data, form]);

  const save = async (v: Values) => {
    try {
      const res = await callEnvelope(UpdateSlaTargetsEndpoint, { body: { targets: v.targets } });
      message.success(res.message);
      queryClient.setQueryData(['ticket-sla-targets'], res.data);
      await queryClient.invalidateQueries({ queryKey: ['tickets'] });
    } catch (err) {
      message.error((err as Error).message);
    }
  };

  return (
    <Drawer
      open
      onClose={onClose}
      width="min(720px, 100vw)"
      title={t('tickets.slaSettings.title')}
      footer={
        <Button type="primary" onClick={() => form.submit()} disabled={!targets.data}>
          {t('tickets.slaSettings.save')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('tickets.slaSettings.intro')}</Typography.Paragraph>
      {targets.isError && <Alert type="error" showIcon message={(targets.error as Error).message} />}
      {targets.isLoading ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
          <Form.List name="targets">
            {(fields) =>
              fields.map((field) => {
                const type = form.getFieldValue(['targets', field.name, 'type']) as TicketType;
                return (
                  <div key={field.key} data-testid={`sla-${type}`}>
                    <Typography.Title level={5} style={{ marginTop: 0 }}>
                      {t(`tickets.types.${type}`)}
                    </Typography.Title>
                    <Row gutter={12}>
                      <Col xs={24} sm={8}>
                        <Form.Item
                          name={[field.name, 'firstResponseWorkingDays']}
                          label={t('tickets.slaSettings.firstResponse')}
                          rules={[{ required: true, type: 'integer', min: SLA_LIMITS.firstResponseMin, max: SLA_LIMITS.firstResponseMax, message: t('validation.ticket.slaFirstResponse') }]}
                        >
                          <InputNumber min={SLA_LIMITS.firstResponseMin} max={SLA_LIMITS.firstResponseMax} precision={0} style={{ width: '100%' }} aria-label={`${t(`tickets.types.${type}`)}: ${t('tickets.slaSettings.firstResponse')}`} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} sm={8}>
                        <Form.Item
                          name={[field.name, 'resolutionDays']}
                          label={t('tickets.slaSettings.resolution')}
                          rules={[{ required: true, type: 'integer', min: SLA_LIMITS.resolutionMin, max: SLA_LIMITS.resolutionMax, message: t('validation.ticket.slaResolution') }]}
                        >
                          <InputNumber min={SLA_LIMITS.resolutionMin} max={SLA_LIMITS.resolutionMax} precision={0} style={{ width: '100%' }} aria-label={`${t(`tickets.types.${type}`)}: ${t('tickets.slaSettings.resolution')}`} />
                        </Form.Item>
                      </Col>
                      <Col xs={12} sm={8}>
                        <Form.Item name={[field.name, 'resolutionUnit']} label={t('tickets.slaSettings.unit')} rules={[{ required: true }]}>
                          <Select
                            aria-label={`${t(`tickets.types.${type}`)}: ${t('tickets.slaSettings.unit')}`}
                            options={(['working', 'calendar'] as const).map((u) => ({ value: u, label: t(`tickets.slaSettings.units.${u}`) }))}
                          />
                        </Form.Item>
                      </Col>
                    </Row>
                    <Form.Item name={[field.name, 'type']} hidden>
                      <Input />
                    </Form.Item>
                  </div>
                );
              })
            }
          </Form.List>
        </Form>
      )}
      <Divider />
      <Typography.Title level={5}>{t('tickets.slaSettings.report')}</Typography.Title>
      <Table
        rowKey="type"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={report.isLoading}
        dataSource={report.data ?? []}
        locale={{ emptyText: <Empty description={t('tickets.slaSettings.reportEmpty')} /> }}
        columns={[
          { title: t('tickets.col.type'), dataIndex: 'type', render: (v: TicketType) => t(`tickets.types.${v}`) },
          { title: t('tickets.slaSettings.tickets'), dataIndex: 'tickets' },
          { title: t('tickets.slaSettings.firstResponseBreaches'), dataIndex: 'firstResponseBreaches' },
          { title: t('tickets.slaSettings.resolutionBreaches'), dataIndex: 'resolutionBreaches' },
        ]}
      />
    </Drawer>
  );
}
