export { openWallet, getWalletSummary, setAutoPay, type WalletSummary } from './wallet.service';
export { walletRoutes } from './wallet.routes';
