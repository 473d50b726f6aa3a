import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, Row, Segmented, Skeleton, Space, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FLAGGED_FILTERS, ListFlaggedParcelsEndpoint, SHIPPING_LIMITS, TrackLookupEndpoint, type FlaggedFilter, type Parcel, type ScreenDef } from '@exship/contracts';
import { call, callEnvelope } from '../../api/call';
import { errorText } from '../../shared/api-feedback';
import { loadFailureOf, ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard, serverPagination, useUrlState } from '../../shared/screen';
import { CopyLinkButton, RoutingTag, RoutingTimeline, TimeText, placeOf, splitRefs, useFormatDate } from './shared';

// SPEC §2 /app/track-routing: up to 50 tracking numbers, order ids (EX…) or order names at once,
// one card per parcel with its timeline; a second tab lists the lost and late parcels (SPEC §4).
// The look-up and the tab live in the URL, so a link reproduces the view.

const DEFAULTS = { refs: '', tab: 'lookup', flag: 'lost', page: '1', pageSize: '10' };

export default function TrackRoutingPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useUrlState(DEFAULTS);
  return (
    <ScreenCard title={t('screen.trackRouting')}>
      <Tabs
        activeKey={filters.tab}
        onChange={(tab) => setFilters({ tab })}
        items={[
          { key: 'lookup', label: t('ship.track.tab.lookup'), children: <LookupTab refsParam={filters.refs} onRefs={(refs) => setFilters({ refs: refs.join(',') })} /> },
          { key: 'flagged', label: t('ship.track.tab.flagged'), children: <FlaggedTab filters={filters} setFilters={setFilters} /> },
        ]}
      />
    </ScreenCard>
  );
}

function LookupTab({ refsParam, onRefs }: { refsParam: string; onRefs: (refs: string[]) => void }) {
  const { t } = useTranslation();
  const refs = splitRefs(refsParam);
  const [text, setText] = useState(refs.join('\n'));
  const [tooMany, setTooMany] = useState(false);
  const lookup = useQuery({
    queryKey: ['tracking', 'lookup', refs],
    queryFn: ({ signal }) => call(TrackLookupEndpoint, { body: { refs }, signal }),
    enabled: refs.length > 0,
    placeholderData: keepPreviousData,
  });
  const submit = () => {
    const next = splitRefs(text);
    setTooMany(next.length > SHIPPING_LIMITS.lookupMax);
    if (next.length === 0 || next.length > SHIPPING_LIMITS.lookupMax) return;
    if (next.join(',') === refs.join(',')) void lookup.refetch();
    else onRefs(next);
  };
  const count = splitRefs(text).length;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('ship.track.refs')}
          htmlFor="track-refs"
          extra={t('ship.track.refsHelp', { count, max: SHIPPING_LIMITS.lookupMax })}
          validateStatus={tooMany ? 'error' : undefined}
          help={tooMany ? t('ship.track.tooMany', { max: SHIPPING_LIMITS.lookupMax }) : undefined}
        >
          <Input.TextArea
            id="track-refs"
            rows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('ship.track.refsPlaceholder')}
            onPressEnter={(e) => {
              if (e.ctrlKey || e.metaKey) submit();
            }}
          />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={lookup.isFetching} disabled={count === 0}>
            {t('ship.track.submit')}
          </Button>
          {refs.length > 0 && (
            <Button
              onClick={() => {
                setText('');
                onRefs([]);
              }}
            >
              {t('ship.track.clear')}
            </Button>
          )}
        </Space>
      </Form>
      {refs.length === 0 ? (
        <Empty description={t('ship.track.start')} />
      ) : lookup.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : lookup.isError ? (
        <Alert type="error" showIcon title={errorText(lookup.error, t)} action={<Button onClick={() => lookup.refetch()}>{t('ship.retry')}</Button>} />
      ) : (
        <LookupResult parcels={lookup.data?.parcels ?? []} noLabel={lookup.data?.noLabel ?? []} notFound={lookup.data?.notFound ?? []} />
      )}
    </Space>
  );
}

/** A titled alert listing references (nothing when the list is empty). */
function RefListAlert({ type, title, listLabel, items }: { type: 'info' | 'warning'; title: string; listLabel: string; items: { key: string; content: ReactNode }[] }) {
  if (items.length === 0) return null;
  return (
    <Alert
      type={type}
      showIcon
      title={title}
      description={
        <ul aria-label={listLabel} style={{ margin: 0, paddingLeft: 18 }}>
          {items.map((i) => (
            <li key={i.key}>{i.content}</li>
          ))}
        </ul>
      }
    />
  );
}

function LookupResult({ parcels, noLabel, notFound }: { parcels: Parcel[]; noLabel: { ref: string; orderId: string; exOrderId: string; status: string }[]; notFound: string[] }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Text role="status">{t('ship.track.found', { count: parcels.length })}</Typography.Text>
      <RefListAlert
        type="info"
        title={t('ship.track.noLabel', { count: noLabel.length })}
        listLabel={t('ship.track.noLabelList')}
        items={noLabel.map((o) => ({
          key: o.orderId,
          content: (
            <>
              <Link to={`/app/orders/order-detail/${o.orderId}`}>{o.exOrderId}</Link> — {t('ship.track.noLabelYet')}
            </>
          ),
        }))}
      />
      <RefListAlert
        type="warning"
        title={t('ship.track.notFound', { count: notFound.length })}
        listLabel={t('ship.track.notFoundList')}
        items={notFound.map((r) => ({ key: r, content: <Typography.Text code>{r}</Typography.Text> }))}
      />
      <Row gutter={[16, 16]}>
        {parcels.map((p) => (
          <Col key={`${p.orderId}-${p.trackingNumber}`} xs={24} xl={12}>
            <ParcelCard parcel={p} />
          </Col>
        ))}
      </Row>
    </Space>
  );
}

/** One parcel: its order, carrier and service, status, tracking number, public link and timeline. */
export function ParcelCard({ parcel: p }: { parcel: Parcel }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  return (
    <Card
      size="small"
      role="article"
      aria-label={t('ship.track.parcelOf', { tracking: p.trackingNumber })}
      title={
        <Space wrap size={8}>
          <Link to={`/app/orders/order-detail/${p.orderId}`}>{p.exOrderId}</Link>
          <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
            {p.orderName}
          </Typography.Text>
        </Space>
      }
      extra={
        <Space size={4} wrap>
          <RoutingTag status={p.routingStatus} />
          {p.lostAt && <Tag color="red">{t('ship.flag.lost')}</Tag>}
          {p.lateAt && <Tag color="orange">{t('ship.flag.late')}</Tag>}
        </Space>
      }
      style={{ height: '100%' }}
    >
      <Descriptions column={1} size="small" styles={{ label: { whiteSpace: 'nowrap' } }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('ship.field.trackingNumber')}>
          <Typography.Text copyable={{ tooltips: [t('ship.copyTracking'), t('ship.copied')] }} style={{ overflowWrap: 'anywhere' }}>
            {p.trackingNumber}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('ship.field.carrier')}>{[p.carrierName ?? p.carrierCode ?? '—', p.serviceName].filter(Boolean).join(' · ')}</Descriptions.Item>
        <Descriptions.Item label={t('ship.field.destination')}>{placeOf(p.destination) || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('ship.field.lastEvent')}>
          <TimeText value={p.lastEventAt} format={fmt} />
        </Descriptions.Item>
        <Descriptions.Item label={t('ship.field.publicLink')}>
          <Space wrap size={8}>
            <Typography.Link href={p.publicPath} target="_blank" rel="noreferrer">
              {t('ship.openPublic')}
            </Typography.Link>
            <CopyLinkButton publicPath={p.publicPath} label={t('ship.copyLinkShort')} done={t('ship.linkCopied')} />
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <RoutingTimeline events={p.events} format={fmt} />
    </Card>
  );
}

const FLAG_TEXT: Record<FlaggedFilter, { help: string; empty: string }> = {
  lost: { help: 'ship.flag.lostHelp', empty: 'ship.flag.lostEmpty' },
  late: { help: 'ship.flag.lateHelp', empty: 'ship.flag.lateEmpty' },
  'lost-late': { help: 'ship.flag.openHelp', empty: 'ship.flag.openEmpty' },
};

function FlaggedTab({ filters, setFilters }: { filters: typeof DEFAULTS; setFilters: (patch: Partial<Record<keyof typeof DEFAULTS, string | number>>) => void }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const flag: FlaggedFilter = (FLAGGED_FILTERS as readonly string[]).includes(filters.flag) ? (filters.flag as FlaggedFilter) : 'lost';
  const list = useQuery({
    queryKey: ['tracking', 'flagged', flag, filters.page, filters.pageSize],
    queryFn: ({ signal }) => callEnvelope(ListFlaggedParcelsEndpoint, { query: { flag, page: Number(filters.page), pageSize: Number(filters.pageSize) }, signal }),
    placeholderData: keepPreviousData,
  });
  const data = list.data?.data;
  const columns: TableColumnsType<Parcel> = [
    {
      title: t('ship.field.order'),
      dataIndex: 'exOrderId',
      render: (v: string, p) => (
        <Space orientation="vertical" size={0}>
          <Link to={`/app/orders/order-detail/${p.orderId}`}>{v}</Link>
          <Typography.Text type="secondary">{p.orderName}</Typography.Text>
        </Space>
      ),
    },
    { title: t('ship.field.trackingNumber'), dataIndex: 'trackingNumber', render: (v: string) => <Typography.Text copyable={{ tooltips: [t('ship.copyTracking'), t('ship.copied')] }}>{v}</Typography.Text> },
    { title: t('ship.field.carrier'), dataIndex: 'carrierCode', render: (v: string | null, p) => [p.carrierName ?? v ?? '—', p.serviceName].join(' · ') },
    { title: t('ship.field.routingStatus'), dataIndex: 'routingStatus', render: (v: Parcel['routingStatus']) => <RoutingTag status={v} /> },
    { title: t('ship.field.lastEvent'), dataIndex: 'lastEventAt', render: (v: string | null) => <TimeText value={v} format={fmt} /> },
    ...(flag !== 'late' ? [{ title: t('ship.field.lostAt'), key: 'lostAt', render: (_: unknown, p: Parcel) => <TimeText value={p.lostAt} format={fmt} /> }] : []),
    ...(flag !== 'lost' ? [{ title: t('ship.field.lateAt'), key: 'lateAt', render: (_: unknown, p: Parcel) => <TimeText value={p.lateAt} format={fmt} /> }] : []),
    { title: t('ship.field.destination'), dataIndex: 'destination', render: (d: Parcel['destination']) => placeOf(d) || '—' },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap>
        <Segmented
          aria-label={t('ship.flag.label')}
          value={flag}
          onChange={(v) => setFilters({ flag: String(v) })}
          options={[
            { value: 'lost', label: `${t('ship.flag.lost')} (${data?.counts.lost ?? 0})` },
            { value: 'late', label: `${t('ship.flag.late')} (${data?.counts.late ?? 0})` },
            { value: 'lost-late', label: `${t('ship.flag.open')} (${data?.counts.lostLate ?? 0})` },
          ]}
        />
        <Typography.Text type="secondary">{t(FLAG_TEXT[flag].help)}</Typography.Text>
      </Space>
      <ResponsiveTable<Parcel>
        size="small"
        rowKey="orderId"
        columns={columns}
        dataSource={data?.items}
        loading={list.isFetching}
        loadFailure={loadFailureOf(list)}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(FLAG_TEXT[flag].empty)} /> }}
        pagination={serverPagination(Number(filters.page), Number(filters.pageSize), data?.total, (page, pageSize) => setFilters({ page, pageSize }), t)}
      />
    </Space>
  );
}
