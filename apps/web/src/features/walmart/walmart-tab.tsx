import './locales';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StoresList } from './stores';

/** The Walmart tab of /app/integrations: the stores at a glance and the way to manage them. */
export default function WalmartTab() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      <StoresList compact />
      <Link to="/integrations/walmart">
        <Button type="primary">{t('walmart.stores.manage')}</Button>
      </Link>
    </Space>
  );
}
