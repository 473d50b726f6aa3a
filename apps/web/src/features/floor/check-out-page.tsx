import { Alert, Badge, Button, Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Carton, ScreenDef } from '@exship/contracts';
import { errorText } from '../../shared/api-feedback';
import { ResponsiveTable } from '../../shared/responsive-table';
import { ScreenCard } from '../../shared/screen';
import { FLOOR_KEY, floorApi } from './api';
import { RecentScans, ScanBanner, ScanBox, useScanStation, type ScanOutcome } from '../../shared/scan-station';
import { Stamp, grams, useFormatDate } from './shared';

// SPEC §2 /app/pickup/check-out (EX-CHECKOUT): packaged cartons leaving the origin warehouse are
// scanned (checked); the screen shows what is expected to leave today, what left, and what is missing.

const TODAY_KEY = [FLOOR_KEY, 'check-out', 'today'];
const POLL_MS = 30_000;

function CartonTable({ rows, missing, label }: { rows: Carton[]; missing: boolean; label: string }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  return (
    <ResponsiveTable<Carton>
      size="small"
      rowKey="_id"
      aria-label={label}
      pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      dataSource={rows}
      rowClassName={() => (missing ? 'floor-missing-row' : '')}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={missing ? t('pickup.checkOut.noneMissing') : t('pickup.checkOut.noneChecked')} /> }}
      columns={[
        {
          title: t('pickup.box.id'),
          dataIndex: '_id',
          render: (v: string) => (
            <Space size={6} wrap>
              <Typography.Text strong style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', whiteSpace: 'nowrap' }}>
                {v}
              </Typography.Text>
              {missing && <Tag color="orange">{t('pickup.checkOut.missing')}</Tag>}
            </Space>
          ),
        },
        {
          title: t('pickup.box.destination'),
          key: 'destination',
          render: (_: unknown, c) => (
            <Space orientation="vertical" size={0}>
              <span>{c.carrierCode}</span>
              <span>{c.warehouseCode}</span>
            </Space>
          ),
        },
        { title: t('pickup.box.quantity'), dataIndex: 'quantity', align: 'right' },
        { title: t('pickup.box.weight'), dataIndex: 'weightGr', align: 'right', render: (v: number | null) => <span style={{ whiteSpace: 'nowrap' }}>{grams(v)}</span> },
        missing
          ? { title: t('pickup.box.packagedAt'), dataIndex: 'packagedAt', render: (v: string | null, c: Carton) => <Stamp at={v} by={c.packagedBy} format={fmt} /> }
          : { title: t('pickup.box.checkedAt'), dataIndex: 'checkedAt', render: (v: string | null, c: Carton) => <Stamp at={v} by={c.checkedBy} format={fmt} /> },
      ]}
    />
  );
}

export default function CheckOutPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const today = useQuery({ queryKey: TODAY_KEY, queryFn: ({ signal }) => floorApi.checkOutToday(signal), refetchInterval: POLL_MS });
  const reload = () => queryClient.invalidateQueries({ queryKey: TODAY_KEY });
  const station = useScanStation('check-out', reload);
  const expected = today.data?.expected ?? [];
  const checked = today.data?.checked ?? [];

  const onScan = async (code: string): Promise<ScanOutcome> => {
    const res = await floorApi.checkOut(code);
    void reload();
    void queryClient.invalidateQueries({ queryKey: [FLOOR_KEY, 'cartons'] });
    const c = res.data.carton;
    if (res.data.repeated) return { tone: 'warn', message: res.data.scan?.message || t('floor.scan.repeated', { code: c._id }) };
    return { tone: 'ok', message: res.data.scan?.message || t('floor.scan.checkedOut', { carton: c._id, count: c.quantity }) };
  };

  const count = (n: number, color: string) => <Badge count={n} showZero overflowCount={9_999} color={color} />;

  return (
    <ScreenCard title={t('screen.checkOut')}>
      <style>{'.floor-missing-row > td { background: #fff7ed !important; }'}</style>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={15}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <ScanBox station={station} onScan={onScan} label={t('pickup.checkOut.scanLabel')} placeholder={t('pickup.checkOut.placeholder')} />
            <ScanBanner station={station} idle={t('pickup.checkOut.idle')} />
            {today.isLoading ? (
              <Skeleton active paragraph={{ rows: 6 }} />
            ) : today.isError ? (
              <Alert type="error" showIcon title={errorText(today.error, t)} action={<Button size="small" onClick={() => void today.refetch()}>{t('list.retry')}</Button>} />
            ) : (
              <>
                <Card
                  size="small"
                  title={
                    <Space size={8}>
                      <span id="checkout-expected">{t('pickup.checkOut.expected')}</span>
                      {count(expected.length, expected.length > 0 ? '#c2410c' : '#6b7280')}
                    </Space>
                  }
                  extra={<Typography.Text type="secondary">{t('pickup.checkOut.expectedHelp')}</Typography.Text>}
                >
                  <CartonTable rows={expected} missing label={t('pickup.checkOut.expected')} />
                </Card>
                <Card
                  size="small"
                  title={
                    <Space size={8}>
                      <span>{t('pickup.checkOut.checked')}</span>
                      {count(checked.length, '#15803d')}
                    </Space>
                  }
                >
                  <CartonTable rows={checked} missing={false} label={t('pickup.checkOut.checked')} />
                </Card>
              </>
            )}
          </Space>
        </Col>
        <Col xs={24} lg={9}>
          <RecentScans station={station} />
        </Col>
      </Row>
    </ScreenCard>
  );
}
