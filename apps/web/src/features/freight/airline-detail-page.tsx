import './locales';
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Space, Typography, type TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Freight, ScreenDef } from '@exship/contracts';
import { ApiError } from '../../api/client';
import { errorText } from '../../shared/api-feedback';
import { StatusTag } from '../../shared/list-ui';
import { usd } from '../../shared/money';
import { ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard, useCan } from '../../shared/screen';
import { airlineKey, freightApi } from './api';
import { AirlineModal } from './airline-page';
import { FeeSchedulesPanel } from './fee-schedules';
import { FreightStatusTag, Mono, routeOf, useFormatDate, Weights } from './shared';

// SPEC §2 /app/freight/airline/{airlineCode}: one airline — its code, name and MAWB prefix, its
// flights (the freights it carries, newest departure first) and its fee schedules.

export default function AirlineDetailPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const fmt = useFormatDate();
  const { airlineCode = '' } = useParams();
  const code = airlineCode.toUpperCase();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const q = useQuery({ queryKey: airlineKey(code), queryFn: ({ signal }) => freightApi.airline(code, signal), retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2 });
  const a = q.data;

  const columns: TableColumnsType<Freight> = [
    { title: t('air.freight.name'), dataIndex: 'name', render: (v: string, f) => <Link to={`/app/freight/listing-freight/${f._id}`}>{v}</Link> },
    { title: t('air.freight.mawb'), dataIndex: 'mawb', render: (v: string) => <Mono>{v}</Mono> },
    { title: t('air.freight.route'), key: 'route', render: (_: unknown, f) => routeOf(f.departureAirportCode, f.arrivalAirportCode) },
    { title: t('air.freight.departureDate'), dataIndex: 'departureDate', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{fmt(v).slice(0, 16)}</span> },
    { title: t('air.common.status'), dataIndex: 'status', render: (v: Freight['status']) => <FreightStatusTag status={v} /> },
    { title: t('air.freight.cartons'), dataIndex: 'cartons', align: 'right' },
    { title: t('air.freight.parcels'), dataIndex: 'parcels', align: 'right' },
    { title: t('air.freight.weights'), key: 'weights', render: (_: unknown, f) => <Weights f={f} /> },
    { title: t('air.freight.cost'), dataIndex: 'cost', align: 'right', render: (v: number | null) => (v === null ? '—' : usd(v)) },
  ];

  if (q.isLoading) {
    return (
      <ScreenCard title={t('screen.airlineDetail')}>
        <Skeleton active paragraph={{ rows: 10 }} />
      </ScreenCard>
    );
  }
  if (q.isError || !a) {
    const missing = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return (
      <ScreenCard title={t('screen.airlineDetail')}>
        {missing ? (
          <Empty description={t('air.airline.notFound', { code })}>
            <Link to="/app/freight/airline">{t('air.airline.backToList')}</Link>
          </Empty>
        ) : (
          <Alert type="error" showIcon title={errorText(q.error, t)} action={<Button size="small" onClick={() => void q.refetch()}>{t('list.retry')}</Button>} />
        )}
      </ScreenCard>
    );
  }

  return (
    <ScreenCard
      title={`${a.code} — ${a.name}`}
      extra={
        can('EX-AIRLINE-MANAGE') && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('net.common.edit')}
          </Button>
        )
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label={t('air.airline.code')}>{a.code}</Descriptions.Item>
          <Descriptions.Item label={t('air.airline.name')}>{a.name}</Descriptions.Item>
          <Descriptions.Item label={t('air.airline.mawbPrefix')}>{a.mawbPrefix ? <Mono>{a.mawbPrefix}</Mono> : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('air.common.status')}>
            <StatusTag status={a.active ? 'active' : 'inactive'} />
          </Descriptions.Item>
        </Descriptions>
        <Card size="small" title={t('air.airline.flights', { count: a.freights.length })}>
          <ResponsiveTable<Freight>
            size="small"
            rowKey="_id"
            columns={columns}
            dataSource={a.freights}
            pagination={a.freights.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('air.airline.noFlights')} /> }}
          />
        </Card>
        <Card size="small" title={<Typography.Text strong>{t('air.schedule.tab')}</Typography.Text>}>
          <FeeSchedulesPanel airlineCode={a.code} />
        </Card>
      </Space>
      <AirlineModal editing={editing ? a : null} onClose={() => setEditing(false)} onSaved={(saved) => saved.code !== a.code && navigate(`/app/freight/airline/${encodeURIComponent(saved.code)}`, { replace: true })} />
    </ScreenCard>
  );
}
