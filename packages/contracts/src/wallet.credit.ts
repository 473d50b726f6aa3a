import { z } from 'zod';
import { dateFilterField, idField, isWholeCents, keywordQueryField, multilineTextField, numberField, pageField, textField, timestampField, withDateRange } from './fields';

// SPEC §3/§4/§9 credit customers, invoices and transaction reports. Shared by the server
// (validation) and the web forms (types and rules).

/** SPEC §9 credit periods: 1, 2, 3 weeks or 1 month. */
export const CREDIT_PERIOD_VALUES = ['1w', '2w', '3w', '1m'] as const;
export const CREDIT_STATUSES = ['active', 'blocked', 'overdue'] as const;
export const TRANSACTION_TYPE_VALUES = ['payment', 'top_up', 'refund', 'sent', 'pay_credit', 'received', 'compensation'] as const;
export const TRANSACTION_RESULT_VALUES = ['success', 'failed', 'pending'] as const;
export const INVOICE_GATEWAYS = ['wallet', 'credit'] as const;

export const CREDIT_LIMITS = { maxLimitUsd: 9_999_999, maxAmountUsd: 9_999_999, noteMax: 255 } as const;

/**
 * A USD amount with at most 2 decimals, above 0 and below the maximum. The bounds are zod checks,
 * not refines, so the OpenAPI document carries them (minimum, maximum).
 */
const usdAmount = (min: 'zero' | 'positive') => {
  const cents = numberField().refine(isWholeCents, { message: 'validation.money.decimals', abort: true });
  const floor = min === 'zero' ? cents.min(0, { message: 'validation.money.notNegative', abort: true }) : cents.gt(0, { message: 'validation.money.positive', abort: true });
  return floor.max(CREDIT_LIMITS.maxAmountUsd, { message: 'validation.money.max' });
};

const page = () => z.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.number').default(1);
const pageSize = () => z.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(100, 'validation.pageSize').default(10);
const noEmpty = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), s.optional());

export const CreditListQuerySchema = z.object({
  page: pageField(),
  pageSize: z.coerce.number({ error: 'validation.number' }).int('validation.number').min(1, 'validation.pageSize').max(100, 'validation.pageSize').default(10),
  status: z.enum(['all', ...CREDIT_STATUSES], { error: 'validation.invalid' }).default('all'),
  customerId: noEmpty(idField()),
  /** Only lines past their due date with money owed, locked or not (the dashboard's credit-overdue queue). */
  overdue: z.enum(['true', 'false'], { error: 'validation.invalid' }).default('false').transform((v) => v === 'true'),
});
export type CreditListQuery = z.infer<typeof CreditListQuerySchema>;

export const CustomerIdParamsSchema = z.object({ customerId: idField() });

export const CreditSetBodySchema = z.object({
  /** The credit line in USD; 0 removes it (only when no credit is in use). */
  limit: usdAmount('zero'),
  period: z.enum(CREDIT_PERIOD_VALUES, { error: 'validation.credit.period' }),
});
export type CreditSetBody = z.infer<typeof CreditSetBodySchema>;

export const CreditBlockBodySchema = z.object({ note: multilineTextField().max(CREDIT_LIMITS.noteMax, 'validation.note.max').default('') });
export const CreditExtendBodySchema = z.object({
  dueDate: timestampField(),
  note: multilineTextField().max(CREDIT_LIMITS.noteMax, 'validation.note.max').default(''),
});
export const CreditRepayBodySchema = z.object({
  amount: usdAmount('positive'),
  note: multilineTextField().max(CREDIT_LIMITS.noteMax, 'validation.note.max').default(''),
});

export const CreditCustomerSchema = z.object({
  customerId: z.string(),
  email: z.string().nullable(),
  fullName: z.string().nullable(),
  limit: z.number(),
  used: z.number(),
  remaining: z.number(),
  balance: z.number(),
  period: z.enum(CREDIT_PERIOD_VALUES).nullable(),
  dueDate: z.string().nullable(),
  status: z.enum(CREDIT_STATUSES),
  isBlocked: z.boolean(),
  blockReason: z.enum(['manual', 'overdue']).nullable(),
  remindedFor: z.string().nullable(),
});
export type CreditCustomer = z.infer<typeof CreditCustomerSchema>;

export const CreditHistorySchema = z.object({
  id: z.string(),
  action: z.string(),
  actorId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  note: z.string(),
  createdAt: z.string(),
});

const transactionFilters = {
  type: z.enum(['all', ...TRANSACTION_TYPE_VALUES], { error: 'validation.invalid' }).default('all'),
  result: z.enum(['all', ...TRANSACTION_RESULT_VALUES], { error: 'validation.invalid' }).default('all'),
  customerId: noEmpty(idField()),
  dateFrom: noEmpty(dateFilterField()),
  dateTo: noEmpty(dateFilterField()),
};

export const TransactionExportBodySchema = withDateRange(z.object(transactionFilters), 'dateFrom', 'dateTo');
export type TransactionExportBody = z.infer<typeof TransactionExportBodySchema>;

const transactionOrdersFilters = z.object({
  page: page(),
  pageSize: pageSize(),
  ...transactionFilters,
  transactionId: noEmpty(idField()),
  /** Order name or exOrderId. */
  keyword: keywordQueryField(),
});
export const TransactionOrdersBodySchema = withDateRange(transactionOrdersFilters, 'dateFrom', 'dateTo');
export type TransactionOrdersBody = z.infer<typeof TransactionOrdersBodySchema>;
export const TransactionOrdersExportBodySchema = withDateRange(transactionOrdersFilters.omit({ page: true, pageSize: true }), 'dateFrom', 'dateTo');

export const TransactionOrderRowSchema = z.object({
  transactionId: z.string(),
  orderId: z.string(),
  exOrderId: z.string().nullable(),
  orderName: z.string().nullable(),
  kind: z.string(),
  amount: z.number(),
  type: z.string(),
  result: z.string(),
  gateway: z.string().nullable(),
  customerId: z.string(),
  customerEmail: z.string().nullable(),
  createdAt: z.string(),
});

export const SendPaymentBodySchema = z.object({
  receiverEmail: textField().trim().toLowerCase().email('validation.email.invalid').max(255, 'validation.email.invalid'),
  amount: usdAmount('positive'),
  note: multilineTextField().max(CREDIT_LIMITS.noteMax, 'validation.note.max').default(''),
});
export type SendPaymentBody = z.infer<typeof SendPaymentBodySchema>;

export const InvoiceListBodySchema = z.object({
  page: page(),
  pageSize: pageSize(),
  /** Invoice number, order name or exOrderId. */
  keyword: keywordQueryField(),
  paymentGateway: z.enum(['all', ...INVOICE_GATEWAYS], { error: 'validation.invalid' }).default('all'),
  /** Staff: the seller accounts to show (empty = all). Ignored for a seller. */
  ownerIds: z.array(idField()).max(50, 'validation.invalid').default([]),
});
export type InvoiceListBody = z.infer<typeof InvoiceListBodySchema>;

export const InvoiceIdParamsSchema = z.object({ invoiceId: idField() });

export const InvoiceGenerateBodySchema = z.object({
  /** The calendar month to invoice, YYYY-MM (UTC). */
  month: textField().regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, 'validation.month'),
  customerId: noEmpty(idField()),
});

export const InvoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  customerId: z.string(),
  customerEmail: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedAt: z.string(),
  taxDueAt: z.string(),
  orderCount: z.number(),
  total: z.number(),
  gateways: z.array(z.string()),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const InvoiceDetailSchema = InvoiceSummarySchema.extend({
  lines: z.array(
    z.object({
      orderId: z.string(),
      exOrderId: z.string().nullable(),
      orderName: z.string().nullable(),
      kind: z.string(),
      gateway: z.string(),
      amount: z.number(),
      paidAt: z.string(),
      fees: z.object({ shipping: z.number(), discount: z.number(), tax: z.number(), seasonal: z.number(), overLength: z.number(), signature: z.number(), surcharge: z.number(), total: z.number() }).nullable(),
    }),
  ),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;
