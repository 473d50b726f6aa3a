import { useState } from 'react';
import { Alert, Button, Form, Select, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ImportOrdersEndpoint, OrderImportTemplateEndpoint, type OrderImportResult, type ScreenDef } from '@exship/contracts';
import { callEnvelope, download } from '../../api/call';
import { ImportWizard } from '../../shared/import-wizard';
import { usd } from '../../shared/money';
import { ScreenCard, useCan, useDownload } from '../../shared/screen';
import { useCustomerOptions } from '../../shared/use-customer-options';
import './import-locales';

// SPEC §2 /app/orders/import-order (EX-ORDER-IMPORT): the shared import wizard (upload, review, done)
// on a screen of its own. Rows with the same orderName, one after the other, make one order
// (docs/order-imports.md). Staff name the seller the orders are for.

/** Staff pick one seller by name or email. */
function SellerSelect({ value, onChange }: { value: string | undefined; onChange: (id: string | undefined) => void }) {
  const { t } = useTranslation();
  const customers = useCustomerOptions(true, value ? [value] : []);
  return (
    <Form layout="vertical" style={{ maxWidth: 480 }}>
      <Form.Item label={t('orderImport.customer')} htmlFor="order-import-seller" style={{ marginBottom: 16 }}>
        <Select<string>
          id="order-import-seller"
          allowClear
          showSearch={{ filterOption: false, onSearch: customers.setSearch }}
          options={customers.options}
          loading={customers.loading}
          value={value}
          onChange={(v) => onChange(v || undefined)}
          placeholder={t('orderImport.customerPlaceholder')}
        />
      </Form.Item>
    </Form>
  );
}

export default function ImportOrdersPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const staff = can('EX-ACT-FOR-CUSTOMER');
  const [customerId, setCustomerId] = useState<string | undefined>();
  const template = useDownload({ done: 'orderImport.templateDownloaded', failed: 'orderImport.templateFailed' });
  const back = () => navigate('/app/orders');
  const ready = !staff || customerId !== undefined;

  return (
    <ScreenCard
      title={t('screen.importOrder')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {t('orderImport.backToOrders')}
        </Button>
      }
    >
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        {staff && <SellerSelect value={customerId} onChange={setCustomerId} />}
        {!ready && <Alert type="info" showIcon title={t('orderImport.chooseCustomer')} />}
        {ready && (
          <ImportWizard<'orders', OrderImportResult>
            // A new seller starts a new import.
            key={customerId ?? 'own'}
            embedded
            open
            title={t('screen.importOrder')}
            onClose={back}
            kinds={[{ value: 'orders', label: t('orderImport.kind'), help: t('orderImport.help'), template: () => template.run('order', () => download(OrderImportTemplateEndpoint)) }]}
            upload={(_kind, file, opts) =>
              callEnvelope(ImportOrdersEndpoint, {
                file,
                query: {
                  ...(opts.onlyValidate ? { onlyValidate: 'true' as const } : {}),
                  ...(opts.skipRows.length > 0 ? { skipRows: opts.skipRows.join(',') } : {}),
                  ...(customerId ? { customerId } : {}),
                },
              })
            }
            reviewRows={(r) => r.rows ?? []}
            describe={(r, stage) =>
              stage === 'imported' ? t('orderImport.created', { count: r.created?.length ?? r.orders, total: usd(r.totalPrice) }) : t('orderImport.summary', { count: r.orders, total: usd(r.totalPrice) })
            }
            onImported={() => queryClient.invalidateQueries({ queryKey: ['orders'] })}
            // The wizard's default is SPEC §5's 10 MB, the order import's limit (ORDER_IMPORT_LIMITS.maxBytes).
          />
        )}
      </Space>
    </ScreenCard>
  );
}
