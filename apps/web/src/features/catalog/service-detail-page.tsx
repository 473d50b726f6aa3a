import './locales';
import { Alert, Button, Descriptions, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';
import { ApiError } from '../../api/client';
import { catalogApi } from '../../api/endpoints';
import { errorText } from '../../shared/api-feedback';
import { usd } from '../../shared/money';
import { codeOf, useCarrierOptions } from '../../shared/catalog-options';
import { BracketTable } from './price-brackets';
import { transitText } from './transit-days';
import { ScreenCard, StatusTag, useCan } from '../../shared/list-ui';

/** SPEC §2 /app/carrier/service/{serviceId} (open): the service and the brackets of its active sell price table. */
export default function ServiceDetailPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const { serviceId = '' } = useParams();
  const can = useCan();
  const carriers = useCarrierOptions();
  const detail = useQuery({ queryKey: ['services', 'detail', serviceId], queryFn: ({ signal }) => catalogApi.service(serviceId, signal) });
  const s = detail.data?.data;

  return (
    <ScreenCard
      title={s ? `${t('screen.serviceDetail')}: ${s.code}` : t('screen.serviceDetail')}
      extra={
        can('EX_VIEW_SERVICE') && (
          <Link to="/app/carrier/service">
            <Button icon={<ArrowLeftOutlined />}>{t('net.service.backToList')}</Button>
          </Link>
        )
      }
    >
      {detail.isPending && <Skeleton active />}
      {detail.isError &&
        (detail.error instanceof ApiError && detail.error.status === 404 ? (
          <Alert type="warning" showIcon title={t('net.service.notFound')} />
        ) : (
          <Alert type="error" showIcon title={errorText(detail.error, t)} />
        ))}
      {s && (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 24 }}>
            <Descriptions.Item label={t('net.field.code')}>{s.code}</Descriptions.Item>
            <Descriptions.Item label={t('net.field.name')}>{s.name}</Descriptions.Item>
            <Descriptions.Item label={t('net.field.status')}>
              <StatusTag status={s.status} />
            </Descriptions.Item>
            {carriers.items.length > 0 && <Descriptions.Item label={t('net.field.carrier')}>{codeOf(carriers.items)(s.carrierId)}</Descriptions.Item>}
            <Descriptions.Item label={t('net.field.signatureFee')}>{usd(s.signatureFee)}</Descriptions.Item>
            <Descriptions.Item label={t('net.field.overLengthFee')}>
              {t('net.service.overLengthRule', { fee: usd(s.overLengthFee), cm: s.overLengthThresholdCm })}
            </Descriptions.Item>
            <Descriptions.Item label={t('net.field.transit')}>{transitText(s.transitDaysMin, s.transitDaysMax, t) ?? t('net.transit.none')}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={2} style={{ fontSize: 16 }}>{t('net.service.priceBrackets')}</Typography.Title>
          <BracketTable brackets={s.brackets} />
        </>
      )}
    </ScreenCard>
  );
}
