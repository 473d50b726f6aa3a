import './locales';
import { Empty, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenDef } from '@exship/contracts';
import { ScreenCard, useCan } from '../../shared/list-ui';
import { CreditCustomersTab } from './credit/CreditCustomersTab';
import { InvoicesTab } from './invoices/InvoicesTab';
import { topUpRequestsTab, walletTab, type BillingTab } from './topups';
import { TransactionsTab } from './transactions/TransactionsTab';

/**
 * SPEC §2 /app/billing: one tab per part of billing; each shows to the roles that hold its
 * permission. A seller: its wallet and top-ups, its invoices and transactions. Staff: top-up
 * requests, credit customers, invoices and transactions of every seller. The open tab is in the URL.
 */
const TABS: BillingTab[] = [
  walletTab,
  topUpRequestsTab,
  { key: 'credit', label: 'billing.tab.credit', access: 'EX-CREDIT-LIST', render: () => <CreditCustomersTab /> },
  { key: 'invoices', label: 'billing.tab.invoices', access: 'EX-BILLING', render: () => <InvoicesTab /> },
  { key: 'transactions', label: 'billing.tab.transactions', access: 'EX-TRANSACTION-LIST', render: () => <TransactionsTab /> },
];

export default function BillingPage(_props: { screen?: ScreenDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => can(tab.access));
  if (tabs.length === 0) {
    return (
      <ScreenCard title={t('screen.billing')}>
        <Empty description={t('billing.noTabs')} />
      </ScreenCard>
    );
  }
  const active = tabs.find((tab) => tab.key === params.get('tab'))?.key ?? tabs[0]!.key;
  return (
    <ScreenCard title={t('screen.billing')}>
      <Tabs
        activeKey={active}
        // Another tab starts with its own filters.
        onChange={(tab) => setParams({ tab }, { replace: true })}
        destroyOnHidden
        items={tabs.map((tab) => ({ key: tab.key, label: t(tab.label), children: tab.render() }))}
      />
    </ScreenCard>
  );
}
