import { defineModule } from '../../platform/module';
import { HttpPaymentGateway } from './gateway/http-gateway';
import { walletRoutes } from './wallet.routes';
import { createTopUpService, type CustomerEmails } from './wallet.topups';
import { gatewayWebhookRoutes, topUpRoutes } from './wallet.topups.routes';

export { openWallet, lockWallets, getWalletSummary, walletSummaryJson, walletSummaryOf, setAutoPay, setUnpaidCents, type WalletSummary } from './wallet.service';
export { creditWallet, debitWallet, orderMoney, seedOpeningBalance, walletNote, DEMO_OPENING_BALANCE_CENTS, HOUSE, walletLedgerAccount, type Movement, type OrderLink, type WalletNote } from './wallet.ledger';
export { OnlineTopUpPaid, TopUpReviewed, TopUpSubmitted, type OnlineTopUpPaidEvent, type TopUpReviewedEvent, type TopUpSubmittedEvent } from './wallet.events';
export type { CustomerEmails } from './wallet.topups';
export { transferBetweenWallets, listTransactions } from './wallet.ledger';
export { transactionRows, transactionOrderRows, orderPaymentsBetween, type TransactionFilter, type TransactionOrderFilter } from './wallet.reports';
export { lockCreditTerms, updateCreditTerms, listCreditWallets, walletsToRemind, overdueUnlockedWallets, walletsOf, type CreditTermsRow, type CreditTermsPatch } from './wallet.credit';

/**
 * A wallet row per seller account; the summary for the header; top-up requests reviewed by staff
 * and top-ups through the payment provider (PAYMENT_PROVIDER_URL; off without it).
 */
export const walletModule = defineModule({
  name: 'wallet',
  setup(ctx) {
    let customerEmails: CustomerEmails | null = null;
    const provider = ctx.config.paymentProvider;
    const topUps = createTopUpService({
      db: ctx.database.db,
      storage: ctx.storage,
      gateway: provider ? new HttpPaymentGateway(provider, ctx.outbound.fetch) : null,
      appUrl: ctx.config.appUrl,
      customerEmails: () => customerEmails,
      bankTransfer: ctx.config.bankTransfer,
    });
    return {
      topUps,
      /** The users module (later in modules.ts) tells staff lists who the customers are. */
      connectCustomerEmails(lookup: CustomerEmails) {
        customerEmails = lookup;
      },
    };
  },
  routes: (ctx, m) => [walletRoutes(ctx.database.db), topUpRoutes(m.topUps), gatewayWebhookRoutes(m.topUps)],
});
