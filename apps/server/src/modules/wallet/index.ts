import { defineModule } from '../../platform/module';
import { walletRoutes } from './wallet.routes';

export { openWallet, getWalletSummary, setAutoPay, type WalletSummary } from './wallet.service';
export { creditWallet, debitWallet, orderMoney, seedOpeningBalance, DEMO_OPENING_BALANCE_CENTS, HOUSE, walletLedgerAccount, type Movement, type OrderLink } from './wallet.ledger';
export { transferBetweenWallets, listTransactions } from './wallet.ledger';
export { transactionRows, transactionOrderRows, orderPaymentsBetween, type TransactionFilter, type TransactionOrderFilter } from './wallet.reports';
export { lockCreditTerms, updateCreditTerms, listCreditWallets, walletsToRemind, overdueUnlockedWallets, walletsOf, type CreditTermsRow, type CreditTermsPatch } from './wallet.credit';

/** A wallet row per seller account; the summary for the header. */
export const walletModule = defineModule({
  name: 'wallet',
  setup: () => ({}),
  routes: (ctx) => [walletRoutes(ctx.database.db)],
});
