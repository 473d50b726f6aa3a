import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { dateFilterField, withDateRange } from './fields';

// SPEC §7 the wallet boxes of the header. Keep zod calls inside the descriptors: the web build
// drops them there (schemas are types on the web).

/**
 * The notes the platform writes on wallet transactions, as message keys (`wallet.note.<key>` in
 * the top-up messages) with their values: a reader sees them in their language. A note a person
 * wrote (a transfer's, a top-up's) has no key and reads as written.
 */
export const WALLET_NOTE_KEYS = ['payOrder', 'payOrders', 'refundOrder', 'creditRepayment', 'onlineTopUp', 'paymentTo', 'paymentFrom', 'openingBalance', 'claimCompensation'] as const;
export type WalletNoteKey = (typeof WALLET_NOTE_KEYS)[number];

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
      type: z.enum(['all', 'payment', 'top_up', 'refund', 'sent', 'pay_credit', 'received', 'compensation']).default('all'),
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
        /** As written: a person's words, or the platform's note in English. */
        note: z.string(),
        /** A note the platform wrote: `wallet.note.<noteKey>` with `noteVars`, for the reader's language. */
        noteKey: z.enum(WALLET_NOTE_KEYS).nullable(),
        noteVars: z.record(z.string(), z.string()).nullable(),
        orders: z.array(z.object({ orderId: z.string(), kind: z.string(), amount: z.number() })),
        createdAt: z.string(),
      }),
    ),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
});
