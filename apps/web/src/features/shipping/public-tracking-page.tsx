import { Alert, Card, Descriptions, Result, Skeleton, Steps, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicTrackingEndpoint, type PublicParcel, type RoutingStatus } from '@exship/contracts';
import { formatDateTime } from '@exship/domain';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { useDocumentTitle } from '../../shared/use-document-title';
import { RoutingTag, RoutingTimeline, placeOf } from './shared';

// The buyer's tracking page (/track/{code}), without sign-in: the carrier and service, the
// destination city and state only, the progress and the timeline. A public page: it stays small
// (no tables, no charts, nothing of the signed-in app).

const IN_TRANSIT: readonly RoutingStatus[] = ['us-accepted', 'region-accepted', 'pick-up', 'in-transit', 'fw-in-transit', 'airport-departure', 'hub-transferred', 'destination-airport'];
const TROUBLE: readonly RoutingStatus[] = ['undelivered', 'alert', 'exception', 'error', 'lost', 'expired'];

/** Where the parcel is on label created → in transit → out for delivery → delivered. */
export function progressOf(p: Pick<PublicParcel, 'routingStatus' | 'delivered' | 'events'>): { current: number; trouble: boolean } {
  if (p.delivered || p.routingStatus === 'delivered') return { current: 3, trouble: false };
  const s = p.routingStatus;
  if (s === 'out-for-delivered' || s === 'out-of-delivered') return { current: 2, trouble: false };
  if (s && IN_TRANSIT.includes(s)) return { current: 1, trouble: false };
  if (s && TROUBLE.includes(s)) return { current: p.events.some((e) => IN_TRANSIT.includes(e.status)) ? 1 : 0, trouble: true };
  return { current: 0, trouble: false };
}

/** The viewer's own UTC offset (+07:00): the buyer is not signed in, so the browser's clock decides. */
function browserOffset(): string {
  const m = -new Date().getTimezoneOffset();
  const abs = Math.abs(m);
  return `${m < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export default function PublicTrackingPage() {
  const { code = '' } = useParams();
  const { t } = useTranslation();
  useDocumentTitle(t('ship.public.title'));
  const offset = browserOffset();
  const fmt = (v: string) => formatDateTime(v, offset);
  const query = useQuery({
    queryKey: ['public-tracking', code],
    queryFn: ({ signal }) => call(PublicTrackingEndpoint, { params: { code }, signal }),
    retry: false,
  });

  let body;
  if (query.isLoading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (query.isError || !query.data) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    const busy = query.error instanceof ApiError && query.error.status === 429;
    body = (
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? t('ship.public.notFound') : busy ? t('ship.public.tooMany') : t('ship.public.failed')}
        subTitle={missing ? t('ship.public.notFoundHelp') : undefined}
        extra={<Link to="/">{t('ship.public.home')}</Link>}
      />
    );
  } else {
    const p = query.data;
    const { current, trouble } = progressOf(p);
    body = (
      <>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 22 }}>
            {t('ship.public.heading')}
          </Typography.Title>
          <RoutingTag status={p.routingStatus} />
        </div>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" styles={{ label: { whiteSpace: 'nowrap' } }} style={{ marginBottom: 24 }}>
          <Descriptions.Item label={t('ship.field.trackingNumber')}>
            <Typography.Text copyable={{ tooltips: [t('ship.copyTracking'), t('ship.copied')] }} style={{ overflowWrap: 'anywhere' }}>
              {p.trackingNumber}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('ship.field.carrier')}>{[p.carrierName, p.serviceName].filter(Boolean).join(' · ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('ship.field.destination')}>{placeOf(p.destination) || '—'}</Descriptions.Item>
        </Descriptions>
        {p.cancelled && <Alert type="warning" showIcon style={{ marginBottom: 24 }} title={t('ship.public.cancelled')} description={t('ship.public.cancelledHelp')} />}
        <Steps
          current={current}
          status={trouble || p.cancelled ? 'error' : current === 3 ? 'finish' : 'process'}
          responsive
          size="small"
          style={{ marginBottom: 32 }}
          items={[
            { title: t('ship.public.step.created') },
            { title: t('ship.public.step.transit') },
            { title: t('ship.public.step.out') },
            { title: t('ship.public.step.delivered') },
          ]}
        />
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          {t('ship.public.history')}
        </Typography.Title>
        <RoutingTimeline events={p.events} format={fmt} />
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }}>
          {t('ship.public.timeNote', { offset })}
        </Typography.Paragraph>
      </>
    );
  }
  return (
    <div style={{ maxWidth: 820, margin: '0 auto', padding: 'clamp(12px, 4vw, 32px) clamp(8px, 3vw, 16px)' }}>
      <Card styles={{ body: { padding: 'clamp(16px, 4vw, 32px)' } }}>{body}</Card>
    </div>
  );
}
