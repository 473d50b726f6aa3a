import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';

/** Screens whose module has not landed yet: say so plainly, no made-up data. */
export default function PlaceholderPage({ screen }: { screen: ScreenDef }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t(`screen.${screen.id}`)}
      </Typography.Title>
      <Empty description={t('placeholder.notAvailable')} style={{ padding: '32px 0' }} />
    </Card>
  );
}
