import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { dateFilterField, withDateRange } from './fields';

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

export const AutoPayWalletEndpoint = defineEndpoint({
  method: 'GET',
  path: '/wallet/auto-pay-wallet',
  access: 'EX-WALLET-VIEW',
  summary: 'Is auto-pay on for my wallet?',
  operationId: 'getWalletAutoPay',
  tags: ['wallet'],
  reply: z.object({ autoPay: z.boolean() }),
});

export const TransactionListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/transaction/all-transaction',
  access: 'EX-TRANSACTION-LIST',
  summary: 'Wallet transactions',
  description: 'Newest first. A seller sees its own account; staff see every account, or the one customer named.',
  operationId: 'listTransactions',
  readOnly: true,
  tags: ['wallet'],
  body: withDateRange(
    z.object({
      page: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(100).default(10),
      type: z.enum(['all', 'payment', 'top_up', 'refund', 'sent', 'pay_credit', 'received']).default('all'),
      customerId: z.string().uuid('validation.id.invalid').optional(),
      /** From this day (YYYY-MM-DD, UTC) through the day of `dateTo` inclusive. */
      dateFrom: dateFilterField().optional(),
      dateTo: dateFilterField().optional(),
    }),
    'dateFrom',
    'dateTo',
  ),
  reply: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        customerId: z.string(),
        type: z.string(),
        result: z.string(),
        amount: z.number(),
        balanceAfter: z.number(),
        gateway: z.string().nullable(),
        note: z.string(),
        orders: z.array(z.object({ orderId: z.string(), kind: z.string(), amount: z.number() })),
        createdAt: z.string(),
      }),
    ),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
});
