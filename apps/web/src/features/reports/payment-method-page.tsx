import { useTranslation } from 'react-i18next';
import type { PaymentMethodRow, ScreenDef } from '@exship/contracts';
import { ReportScreen, type ReportConfig } from './report-screen';

// SPEC §2 /app/report/payment-method (EX-REPORT-PAYMENT-METHOD): order payments by wallet, debit and
// credit, and the money providers brought into wallets (top-ups).
export const PAYMENT_METHOD_REPORT: ReportConfig<PaymentMethodRow> = {
  kind: 'payment-method',
  screenId: 'reportPaymentMethod',
  filters: ['customer'],
  rowKey: (r) => r.method,
  chart: { type: 'column', unit: 'money' },
  seriesLabel: (key, t) => t(`reports.method.${key}`),
  columns: [
    { key: 'method', title: 'reports.col.method', kind: 'text', render: (r) => <MethodName method={r.method} /> },
    { key: 'payments', title: 'reports.col.payments', kind: 'count' },
    { key: 'amount', title: 'reports.col.amount', kind: 'money' },
    { key: 'share', title: 'reports.col.share', kind: 'rate' },
  ],
};

function MethodName({ method }: { method: string }) {
  const { t } = useTranslation();
  return <>{t(`reports.method.${method}`)}</>;
}

export default function PaymentMethodReportPage(_props: { screen?: ScreenDef }) {
  return <ReportScreen config={PAYMENT_METHOD_REPORT} />;
}
