import { z } from 'zod';
import { defineEndpoint } from './endpoint';

// SPEC §7 the wallet boxes of the header. Keep zod calls inside the descriptors: the web build
// drops them there (schemas are types on the web).

export const WalletInfoEndpoint = defineEndpoint({
  method: 'GET',
  // SPEC §7 spelling.
  path: '/wallet/imformation-wallet',
  access: 'EX-WALLET-VIEW',
  summary: 'My wallet: balance, unpaid amount, auto-pay and credit line (USD)',
  operationId: 'getWalletInformation',
  tags: ['wallet'],
  reply: z.object({
    balance: z.number(),
    unpaid: z.number(),
    autoPay: z.boolean(),
    credit: z.object({ limit: z.number(), remaining: z.number(), isBlocked: z.boolean() }).nullable(),
  }),
});
