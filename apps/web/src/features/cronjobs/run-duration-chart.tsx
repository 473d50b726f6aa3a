import { Suspense, lazy } from 'react';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@exship/domain';
import type { CronJobRun } from '@exship/contracts';
import { useSession } from '../../api/session';
import { formatDuration } from './cronjob-parts';

// The chart library is big: it is loaded with this chart only (as the wallet's balance chart).
const Column = lazy(() => import('@ant-design/plots').then((m) => ({ default: m.Column })));

interface Bar {
  at: string;
  ms: number;
  state: string;
}

/** How long the runs of the page shown took, oldest first; nothing when no run has finished. */
export function RunDurationChart({ runs }: { runs: CronJobRun[] }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const bars: Bar[] = runs
    .filter((r) => r.durationMs !== null && r.startedAt)
    .map((r) => ({ at: formatDateTime(r.startedAt!, profile?.timeZone), ms: r.durationMs!, state: t(`cronjobs.state.${r.state}`) }))
    .reverse();
  if (bars.length === 0) return null;
  const longest = Math.max(...bars.map((b) => b.ms));
  return (
    <Card size="small" title={t('cronjobs.chart.title')} style={{ marginBottom: 16 }}>
      <div role="img" aria-label={t('cronjobs.chart.summary', { count: bars.length, longest: formatDuration(longest) })}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
          <Column
            data={bars}
            xField="at"
            yField="ms"
            colorField="state"
            height={180}
            // A few runs must not become wall-wide bars.
            style={{ maxWidth: 48 }}
            autoFit
            axis={{ x: { title: false, label: false }, y: { title: false, labelFormatter: (v: number) => formatDuration(v) } }}
            tooltip={{ title: (d: Bar) => d.at, items: [{ channel: 'y', name: t('cronjobs.runs.duration'), valueFormatter: (v: number) => formatDuration(v) }] }}
            legend={{ color: { position: 'top' } }}
          />
        </Suspense>
      </div>
    </Card>
  );
}
