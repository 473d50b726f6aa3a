import { Suspense, lazy } from 'react';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportPoint } from '@exship/contracts';
import { usd } from '../../shared/money';
import { countText, type ChartSpec } from './format';

// The chart library is big: it is loaded with a report's chart only, never with the shell.
const Line = lazy(() => import('@ant-design/plots').then((m) => ({ default: m.Line })));
const Column = lazy(() => import('@ant-design/plots').then((m) => ({ default: m.Column })));

export interface ChartDatum {
  period: string;
  series: string;
  value: number;
}

/**
 * A report's chart: one line (or stacked column) per series key over the periods, the keys named
 * by `label`, periods by `periodLabel`. Its text alternative sums each series over the range.
 */
export function ReportChart({
  points,
  spec,
  label,
  periodLabel,
}: {
  points: readonly ReportPoint[];
  spec: ChartSpec;
  label: (key: string) => string;
  periodLabel: (period: string) => string;
}) {
  const { t } = useTranslation();
  const shown = spec.keys ? points.filter((p) => spec.keys!.includes(p.key)) : points;
  const data: ChartDatum[] = shown.map((p) => ({ period: periodLabel(p.period), series: label(p.key), value: p.value }));
  const fmt = (v: number) => (spec.unit === 'money' ? usd(v) : countText(v));
  const sums = new Map<string, number>();
  for (const d of data) sums.set(d.series, (sums.get(d.series) ?? 0) + d.value);
  const summary = t('reports.chartSummary', {
    periods: new Set(data.map((d) => d.period)).size,
    totals: [...sums].map(([k, v]) => `${k}: ${fmt(v)}`).join('; '),
  });
  const common = {
    data,
    xField: 'period',
    yField: 'value',
    colorField: 'series',
    height: 300,
    autoFit: true,
    axis: { x: { title: false, labelAutoRotate: true, labelAutoHide: true }, y: { title: false, labelFormatter: fmt } },
    tooltip: { items: [{ channel: 'y', valueFormatter: fmt }] },
    legend: { color: { position: 'top' as const } },
  };
  return (
    <div role="img" aria-label={summary}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        {spec.type === 'line' ? <Line {...common} point={{ shapeField: 'circle', sizeField: 2 }} /> : <Column {...common} stack style={{ maxWidth: 48 }} />}
      </Suspense>
    </div>
  );
}
