import type { ReactNode } from 'react';
import { WalletTab } from './wallet-tab';
import { TopUpReviewTab } from './review-tab';

/** A tab of the billing screen: shown to holders of `access` (a permission code or screen key). */
export interface BillingTab {
  key: string;
  /** i18n key of its label. */
  label: string;
  access: string;
  render: () => ReactNode;
}

/** The seller's wallet (balance, top-up by bank transfer, its requests). */
export const walletTab: BillingTab = { key: 'wallet', label: 'billing.tab.wallet', access: 'EX-TOPUP-CREATE', render: () => <WalletTab /> };

/** Staff: top-up requests of every seller to review. */
export const topUpRequestsTab: BillingTab = { key: 'top-ups', label: 'billing.tab.topUpRequests', access: 'EX-TOPUP-LIST', render: () => <TopUpReviewTab /> };
