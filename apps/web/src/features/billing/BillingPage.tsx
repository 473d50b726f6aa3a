import './locales';
import type { ReactElement } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';
import { ScreenCard, useCan, useUrlState } from '../../shared/screen';
import { CreditCustomersTab } from './credit/CreditCustomersTab';
import { InvoicesTab } from './invoices/InvoicesTab';
import { TransactionsTab } from './transactions/TransactionsTab';

// SPEC §2 /app/billing. Staff: credit customers, invoices and transactions of every seller. A
// seller: its own invoices and transactions. Each tab shows only with its permission code; the
// open tab is kept in the URL.
const DEFAULTS = { tab: '' };

export default function BillingPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const [state, setState] = useUrlState(DEFAULTS, 'tab');
  const tabs = [
    can('EX-CREDIT-LIST') && { key: 'credit', label: t('billing.tab.credit'), children: <CreditCustomersTab /> },
    { key: 'invoices', label: t('billing.tab.invoices'), children: <InvoicesTab /> },
    can('EX-TRANSACTION-LIST') && { key: 'transactions', label: t('billing.tab.transactions'), children: <TransactionsTab /> },
  ].filter((x): x is { key: string; label: string; children: ReactElement } => Boolean(x));
  const active = tabs.some((x) => x.key === state.tab) ? state.tab : tabs[0]!.key;
  return (
    <ScreenCard title={t('billing.title')}>
      <Tabs activeKey={active} onChange={(tab) => setState({ tab })} items={tabs} destroyOnHidden />
    </ScreenCard>
  );
}
