import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth';
import { ok } from '../../platform/http';
import type { Db } from '../../platform/db';
import { getWalletSummary } from './wallet.service';

export const walletRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // SPEC §7: GET /wallet/imformation-wallet (spelling as in the spec) → balance, credit, unpaid, autoPay.
    app.get('/wallet/imformation-wallet', { config: { access: 'EX-WALLET-VIEW' }, schema: { tags: ['wallet'] } }, async (req) => {
      const w = await getWalletSummary(db, authOf(req).accountId);
      return ok(req, { balance: w.balance, credit: w.credit, unpaid: w.unPaid, autoPay: w.autoPay });
    });
  };
