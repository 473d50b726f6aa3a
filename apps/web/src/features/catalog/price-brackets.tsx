import './locales';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceBracket } from '../../api/endpoints';
import { usd } from '../../shared/money';

/** Grams as "1,000 g" (weights in the API are whole grams). */
export const grams = (g: number) => `${g.toLocaleString('en-US')} g`;
/** A bracket as "500–1,000 g": the unit once, so it fits a phone-width table. */
export const gramRange = (from: number, to: number) => `${from.toLocaleString('en-US')}–${grams(to)}`;

/** The sell price brackets of one service: weight from (inclusive) to (exclusive), fees. */
export function BracketTable({ brackets, size = 'middle' }: { brackets: PriceBracket[]; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  return (
    <Table<PriceBracket>
      size={size}
      rowKey={(b) => `${b.weightFrom}-${b.weightTo}`}
      dataSource={brackets}
      pagination={false}
      scroll={{ x: 'max-content' }}
      // In its own element: the table's placeholder colour (#bfbfbf) is 1.8:1 on white.
      locale={{ emptyText: <Typography.Text type="secondary">{t('net.pricing.noBrackets')}</Typography.Text> }}
      columns={[
        { title: t('net.pricing.weightRange'), key: 'w', render: (_, b) => gramRange(b.weightFrom, b.weightTo) },
        { title: t('net.pricing.shippingFee'), dataIndex: 'shippingFee', align: 'right', render: (v: number) => usd(v) },
        { title: t('net.pricing.seasonalFee'), dataIndex: 'seasonalFee', align: 'right', render: (v: number) => usd(v) },
      ]}
    />
  );
}
