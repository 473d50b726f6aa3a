import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderFees } from '@exship/contracts';
import { usd } from '../../shared/money';

// SPEC §3 order fee lines: shipping fee, discount, tax, seasonal, over-length, signature,
// surcharge, and the total. The review step and the detail show the same table.

const LINES = ['shippingFee', 'discount', 'taxFee', 'seasonalFee', 'overLengthFee', 'signatureFee', 'surcharge'] as const;

export function FeeTable({ fees, caption }: { fees: OrderFees; caption?: string }) {
  const { t } = useTranslation();
  const rows = LINES.map((key) => ({ key, label: t(`orders.fee.${key}`), amount: fees[key] }));
  return (
    <Table
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      aria-label={caption ?? t('orders.fee.title')}
      columns={[
        { title: t('orders.fee.line'), dataIndex: 'label' },
        {
          title: t('orders.fee.amount'),
          dataIndex: 'amount',
          align: 'right',
          render: (v: number, row) => (row.key === 'discount' && v > 0 ? `−${usd(v)}` : usd(v)),
        },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>
            <Typography.Text strong>{t('orders.fee.total')}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <Typography.Text strong data-testid="fee-total">
              {usd(fees.total)}
            </Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
