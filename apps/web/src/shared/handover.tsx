import { Alert, Descriptions, Empty, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListHandoverPointsEndpoint, type HandoverPoint } from '@exship/contracts';
import { callEnvelope } from '../api/call';
import { countryOptions } from './countries';
import './handover-locales';

// Where sellers hand parcels over (the warehouses' hand-over points and hours): the order page names
// its warehouse's, the seller's guide lists them all. Public data, read without sign-in.

export function useHandoverPoints() {
  const query = useQuery({
    queryKey: ['handover-points'],
    queryFn: ({ signal }) => callEnvelope(ListHandoverPointsEndpoint, { signal }),
    staleTime: 5 * 60_000,
  });
  // A page never breaks on this side panel: anything but a list reads as no points.
  const points: HandoverPoint[] = Array.isArray(query.data?.data) ? query.data.data : [];
  return { ...query, points };
}

const countryName = (code: string, lang: string) => countryOptions(lang).find((o) => o.value === code)?.name ?? code;

const placeOf = (p: HandoverPoint, lang: string) =>
  [p.address, p.city, [p.state, p.zipcode].filter(Boolean).join(' '), countryName(p.country, lang)].filter(Boolean).join(', ');

/** One point: its address, opening hours and phone. */
export function HandoverPointDetails({ point }: { point: HandoverPoint }) {
  const { t, i18n } = useTranslation();
  return (
    <Descriptions column={1} size="small" styles={{ label: { width: 120 } }}>
      <Descriptions.Item label={t('handover.address')}>
        <span style={{ overflowWrap: 'anywhere' }}>{placeOf(point, i18n.language)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('handover.hours')}>{point.hours ?? t('handover.hoursUnknown')}</Descriptions.Item>
      {point.phone && (
        <Descriptions.Item label={t('handover.phone')}>
          <Typography.Link href={`tel:${point.phone}`}>{point.phone}</Typography.Link>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** The order page's card body: where and how to hand this order's parcel over. */
export function OrderHandover({ warehouseCode }: { warehouseCode: string | null }) {
  const { t } = useTranslation();
  const points = useHandoverPoints();
  const point = warehouseCode ? points.points.find((p) => p.code === warehouseCode) : undefined;
  return (
    <section aria-label={t('handover.title')}>
      {!warehouseCode ? (
        <Typography.Text type="secondary">{t('handover.none')}</Typography.Text>
      ) : points.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : points.isError || !point ? (
        <Alert type="warning" showIcon title={t('handover.loadFailed')} />
      ) : (
        <>
          <Typography.Text strong>{`${point.name} (${point.code})`}</Typography.Text>
          <HandoverPointDetails point={point} />
        </>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('handover.how')}
      </Typography.Paragraph>
    </section>
  );
}

/** The guide's list: every open hand-over point. */
export function HandoverPointList() {
  const { t } = useTranslation();
  const points = useHandoverPoints();
  const list = points.points;
  return (
    <section aria-labelledby="handover-points">
      <h2 id="handover-points">{t('handover.listTitle')}</h2>
      <p>{t('handover.listHow')}</p>
      {points.isLoading ? (
        <Skeleton active />
      ) : points.isError ? (
        <Alert type="warning" showIcon title={t('handover.loadFailed')} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('handover.listEmpty')} />
      ) : (
        list.map((p) => (
          <article key={p.code} aria-label={`${p.name} (${p.code})`} style={{ marginBottom: 16 }}>
            <h3 style={{ marginBottom: 4 }}>{`${p.name} — ${t('handover.warehouse', { code: p.code })}`}</h3>
            <HandoverPointDetails point={p} />
          </article>
        ))
      )}
    </section>
  );
}
