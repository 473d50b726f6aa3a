import { Suspense, lazy } from 'react';
import { Skeleton } from 'antd';

// The chart library is big: the dashboard's charts load it with themselves, never with the shell.
const Column = lazy(() => import('@ant-design/plots').then((m) => ({ default: m.Column })));
const TinyLine = lazy(() => import('@ant-design/plots').then((m) => ({ default: m.Tiny.Line })));

export interface StatusBar {
  status: string;
  count: number;
}

/** This week's orders per status (the bars are named already). */
export function StatusChart({ data, label }: { data: StatusBar[]; label: string }) {
  return (
    <div role="img" aria-label={label}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <Column
          data={data}
          xField="status"
          yField="count"
          height={220}
          autoFit
          style={{ maxWidth: 36, fill: '#2563eb' }}
          axis={{ x: { title: false, labelAutoRotate: true, labelAutoHide: true }, y: { title: false } }}
          label={{ text: 'count', position: 'top' }}
        />
      </Suspense>
    </div>
  );
}

/** A KPI's last 14 days as a small line, oldest first. */
export function Sparkline({ values, label }: { values: number[]; label: string }) {
  return (
    <div role="img" aria-label={label} style={{ height: 40 }}>
      <Suspense fallback={null}>
        <TinyLine data={values} height={40} autoFit shapeField="smooth" style={{ lineWidth: 2, stroke: '#2563eb' }} />
      </Suspense>
    </div>
  );
}
