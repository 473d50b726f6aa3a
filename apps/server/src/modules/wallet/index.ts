import { defineModule } from '../../platform/module';
import { walletRoutes } from './wallet.routes';

export { openWallet, getWalletSummary, setAutoPay, type WalletSummary } from './wallet.service';

/** A wallet row per seller account; the summary for the header. */
export const walletModule = defineModule({
  name: 'wallet',
  setup: () => ({}),
  routes: (ctx) => [walletRoutes(ctx.database.db)],
});
