import { Suspense, lazy, useState } from 'react';
import { Alert, Button, Card, Empty, Segmented, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TransactionListEndpoint } from '@exship/contracts';
import { call } from '../../../api/call';
import { toViewerClock, viewerDayBound, viewerNow } from '../../../shared/date-picker';
import { usd } from '../../../shared/money';
import { useFormatDate } from '../shared';

// The chart library is big: it is loaded with this chart only, never with the login page or the shell.
const Line = lazy(() => import('@ant-design/plots').then((m) => ({ default: m.Line })));

const RANGES = [30, 90, 365] as const;
type Range = (typeof RANGES)[number];
/** At most this many pages of 100 transactions make the line (the newest ones when there are more). */
const MAX_PAGES = 10;

export interface BalancePoint {
  at: string;
  balance: number;
}

/** The balance after each transaction in the range, oldest first. */
async function balanceHistory(days: Range, signal: AbortSignal): Promise<BalancePoint[]> {
  // The first of the days shown starts at midnight of the user's own day, not UTC's.
  const from = viewerDayBound(viewerNow().subtract(days, 'day').format('YYYY-MM-DD'), 'from');
  const points: BalancePoint[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await call(TransactionListEndpoint, { body: { page, pageSize: 100, type: 'all', dateFrom: from }, signal });
    points.push(...res.items.map((i) => ({ at: i.createdAt, balance: i.balanceAfter })));
    if (page * res.pageSize >= res.total) break;
  }
  return points.reverse();
}

/** How the wallet balance moved, one point per transaction, over the last 30, 90 or 365 days. */
export function BalanceChart() {
  const { t } = useTranslation();
  const when = useFormatDate();
  const [days, setDays] = useState<Range>(30);
  const history = useQuery({ queryKey: ['wallet', 'balance-history', days], queryFn: ({ signal }) => balanceHistory(days, signal) });
  const points = history.data ?? [];
  // The balance holds until now: the line runs on from the last transaction to today.
  const data = points.length > 0 ? [...points, { at: new Date().toISOString(), balance: points.at(-1)!.balance }] : [];
  return (
    <Card
      title={t('billing.history.title')}
      style={{ marginBottom: 16 }}
    >
      {/* In the body, not the card's header: on a phone the header has no room for the title and the periods. */}
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Segmented<Range>
          size="small"
          aria-label={t('billing.history.range')}
          value={days}
          onChange={setDays}
          options={RANGES.map((d) => ({ value: d, label: t('billing.history.days', { count: d }) }))}
        />
      </div>
      {history.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : history.isError ? (
        <Alert type="error" showIcon title={t('billing.history.failed')} action={<Button size="small" onClick={() => void history.refetch()}>{t('billing.history.retry')}</Button>} />
      ) : data.length === 0 ? (
        <Empty description={t('billing.history.empty', { count: days })} />
      ) : (
        <div role="img" aria-label={t('billing.history.summary', { count: points.length, balance: usd(points.at(-1)!.balance) })}>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
            <Line
              data={data}
              xField={(d: BalancePoint) => new Date(d.at)}
              yField="balance"
              height={240}
              autoFit
              // A balance holds its value until the next transaction: a step line.
              shapeField="hv"
              point={{ shapeField: 'circle', sizeField: 2 }}
              // The axis spans the whole period chosen, so its days read as dates even with one transaction.
              scale={{ x: { type: 'time', domain: [new Date(Date.now() - days * 86_400_000), new Date()] } }}
              axis={{ x: { title: false, labelAutoHide: true, labelFormatter: (d: Date) => toViewerClock(d).format('DD-MM') }, y: { title: false, labelFormatter: (v: number) => usd(v) } }}
              tooltip={{ title: (d: BalancePoint) => when(d.at), items: [{ channel: 'y', name: t('billing.balance'), valueFormatter: (v: number) => usd(v) }] }}
            />
          </Suspense>
        </div>
      )}
    </Card>
  );
}
