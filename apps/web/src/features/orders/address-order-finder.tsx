import { useState } from 'react';
import { Alert, Empty, Input, Skeleton, Space, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ordersApi } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { OrderStatusTag } from './shared';

/** How many matches are listed: the search names one order; a few lets staff tell similar names apart. */
const FOUND_MAX = 10;

/**
 * SPEC §2 admin-edit-address opened without `?exOrderId=`: staff find the order here (its ID, its
 * name or its tracking number, the order list's keyword) and open its address from the matches.
 */
export function AddressOrderFinder() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['orders', 'list', 'address-finder', keyword],
    queryFn: ({ signal }) => ordersApi.list({ keyword, page: 1, pageSize: FOUND_MAX }, signal),
    enabled: keyword !== '',
  });
  const items = found.data?.data.items ?? [];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('orders.addressFinder.intro')}
      </Typography.Paragraph>
      <div>
        <label htmlFor="address-order-finder" style={{ display: 'block', marginBottom: 4 }}>
          {t('orders.addressFinder.label')}
        </label>
        <Input.Search
          id="address-order-finder"
          type="search"
          allowClear
          enterButton={t('orders.addressFinder.search')}
          loading={found.isFetching}
          style={{ maxWidth: 520 }}
          onSearch={(value) => setKeyword(value.trim())}
        />
      </div>
      {keyword !== '' && found.isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
      {found.isError && <Alert type="error" showIcon title={errorText(found.error, t)} />}
      {keyword !== '' && found.isSuccess && items.length === 0 && <Empty description={t('orders.addressFinder.none')} />}
      {items.length > 0 && (
        <ul aria-label={t('orders.addressFinder.found')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {items.map((o) => (
            <li key={o.id} style={{ border: '1px solid #e5e7eb', borderRadius: 8, padding: '8px 12px', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, justifyContent: 'space-between' }}>
              <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
                <Space wrap size={8}>
                  <Typography.Text strong>{o.exOrderId}</Typography.Text>
                  <OrderStatusTag status={o.status} />
                </Space>
                <Typography.Text style={{ overflowWrap: 'anywhere' }}>{o.orderName}</Typography.Text>
                {o.customer && <Typography.Text type="secondary">{o.customer.email}</Typography.Text>}
                {o.trackingNumber && <Typography.Text type="secondary">{o.trackingNumber}</Typography.Text>}
              </Space>
              <Link to={`/app/orders/admin-edit-address?exOrderId=${encodeURIComponent(o.exOrderId)}`} aria-label={t('orders.addressFinder.open', { id: o.exOrderId })}>
                <EnvironmentOutlined /> {t('screen.adminEditAddress')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Space>
  );
}
