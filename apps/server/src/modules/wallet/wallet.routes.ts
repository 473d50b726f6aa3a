import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AutoPayWalletEndpoint, TransactionListEndpoint, WalletInfoEndpoint } from '@exship/contracts';
import { accountScope } from '../../platform/access';
import { authOf } from '../../platform/auth';
import { route } from '../../platform/endpoints';
import type { Db } from '../../platform/db';
import { listTransactions } from './wallet.ledger';
import { getWalletSummary } from './wallet.service';

export const walletRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // SPEC §7: GET /wallet/imformation-wallet (spelling as in the spec) → balance, credit, unpaid, autoPay.
    route(app, WalletInfoEndpoint, async (req) => {
      const w = await getWalletSummary(db, authOf(req).accountId);
      return { balance: w.balance, credit: w.credit, unpaid: w.unPaid, autoPay: w.autoPay };
    });
    route(app, AutoPayWalletEndpoint, async (req) => ({ autoPay: (await getWalletSummary(db, authOf(req).accountId)).autoPay }));
    route(app, TransactionListEndpoint, (req) => listTransactions(db, accountScope(authOf(req), req.body.customerId), req.body));
  };
