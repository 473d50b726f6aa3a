import { z } from 'zod';
import { defineEndpoint, XLSX_MIME } from './endpoint';
import { RATE_LIMITS } from './limits';
import {
  CreditBlockBodySchema,
  CreditCustomerSchema,
  CreditExtendBodySchema,
  CreditHistorySchema,
  CreditListQuerySchema,
  CreditRepayBodySchema,
  CreditSetBodySchema,
  CustomerIdParamsSchema,
  InvoiceDetailSchema,
  InvoiceGenerateBodySchema,
  InvoiceIdParamsSchema,
  InvoiceListBodySchema,
  InvoiceSummarySchema,
  SendPaymentBodySchema,
  TransactionExportBodySchema,
  TransactionOrderRowSchema,
  TransactionOrdersBodySchema,
  TransactionOrdersExportBodySchema,
} from './wallet.credit';

// SPEC §3/§4/§7/§9: credit customers (staff), invoices, the transaction reports and send-payment.
// A seller sees only its own account; another account's id answers 404, never 403.
// Keep zod calls inside the descriptors: the web build drops them there.
const credit = ['credit'] as const;
const billing = ['billing'] as const;
const wallet = ['wallet'] as const;
const IDEMPOTENT = 'Send an `Idempotency-Key` header to make a retry safe: the first reply is replayed for the same key and body for 24 h, 409 while the first is running, 422 for a different body.';
const PDF_MIME = 'application/pdf';

export const ListCreditCustomersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/credit-customers',
  access: 'EX-CREDIT-LIST',
  summary: 'Credit customers (staff)',
  description: 'Seller accounts with a credit line, filtered by status (active / blocked / overdue) and customerId.',
  operationId: 'listCreditCustomers',
  tags: credit,
  query: CreditListQuerySchema,
  reply: z.object({ items: z.array(CreditCustomerSchema), total: z.number(), page: z.number(), pageSize: z.number() }),
});

export const GetCreditCustomerEndpoint = defineEndpoint({
  method: 'GET',
  path: '/credit-customers/:customerId',
  access: 'EX-CREDIT-LIST',
  summary: 'One credit customer with the history of its credit line',
  operationId: 'getCreditCustomer',
  tags: credit,
  params: CustomerIdParamsSchema,
  reply: z.object({ customer: CreditCustomerSchema, history: z.array(CreditHistorySchema) }),
  errors: [404],
});

export const SetCreditEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/credit-customers/:customerId',
  access: 'EX-CREDIT-MANAGE',
  summary: 'Set the credit limit and period of a seller',
  description: 'A new line or a changed period starts a period now (the due date follows from it). The limit cannot go below the credit in use (409 CREDIT_LIMIT_BELOW_USED).',
  operationId: 'setCredit',
  tags: credit,
  params: CustomerIdParamsSchema,
  body: CreditSetBodySchema,
  reply: CreditCustomerSchema,
  message: 'credit.saved',
  errors: [404, 409],
});

export const BlockCreditEndpoint = defineEndpoint({
  method: 'POST',
  path: '/credit-customers/:customerId/block',
  access: 'EX-CREDIT-MANAGE',
  summary: 'Block a credit line (payments can no longer use it)',
  operationId: 'blockCredit',
  tags: credit,
  params: CustomerIdParamsSchema,
  body: CreditBlockBodySchema,
  reply: CreditCustomerSchema,
  message: 'credit.blocked',
  errors: [404, 409],
});

export const UnblockCreditEndpoint = defineEndpoint({
  method: 'POST',
  path: '/credit-customers/:customerId/unblock',
  access: 'EX-CREDIT-MANAGE',
  summary: 'Unblock a credit line',
  description: 'An overdue line stays locked by the daily job unless its due date is extended or the credit is paid back.',
  operationId: 'unblockCredit',
  tags: credit,
  params: CustomerIdParamsSchema,
  body: CreditBlockBodySchema,
  reply: CreditCustomerSchema,
  message: 'credit.unblocked',
  errors: [404, 409],
});

export const ExtendCreditEndpoint = defineEndpoint({
  method: 'POST',
  path: '/credit-customers/:customerId/extend',
  access: 'EX-CREDIT-MANAGE',
  summary: 'Extend the due date of a credit line',
  description: 'The new due date must be later than the current one and in the future (409 CREDIT_DUE_DATE_NOT_LATER). A line locked for being overdue is unlocked.',
  operationId: 'extendCredit',
  tags: credit,
  params: CustomerIdParamsSchema,
  body: CreditExtendBodySchema,
  reply: CreditCustomerSchema,
  message: 'credit.extended',
  errors: [404, 409],
});

export const RepayCreditEndpoint = defineEndpoint({
  method: 'POST',
  path: '/credit-customers/:customerId/pay-credit',
  access: 'EX-CREDIT-MANAGE',
  summary: 'Record a credit repayment (a pay_credit transaction)',
  description: `Up to the credit in use (409 CREDIT_REPAY_TOO_MUCH). Once nothing is owed, a new period starts and a lock for being overdue is lifted. ${IDEMPOTENT}`,
  operationId: 'payCredit',
  tags: credit,
  params: CustomerIdParamsSchema,
  body: CreditRepayBodySchema,
  reply: z.object({ transactionId: z.string(), customer: CreditCustomerSchema }),
  message: 'credit.repaid',
  errors: [404, 409, 422],
  rateLimit: RATE_LIMITS.staffMoney,
});

export const SendPaymentEndpoint = defineEndpoint({
  method: 'POST',
  // SPEC §7.
  path: '/wallet/send-payment',
  access: 'EX-WALLET-SEND-PAYMENT',
  summary: 'Send money from my wallet to another seller',
  description: `Two transactions: sent (mine) and received (theirs). Only the balance can be sent, never the credit line (409 INSUFFICIENT_FUNDS). ${IDEMPOTENT}`,
  operationId: 'sendPayment',
  tags: wallet,
  body: SendPaymentBodySchema,
  reply: z.object({ transactionId: z.string(), amount: z.number(), balanceAfter: z.number() }),
  message: 'wallet.paymentSent',
  errors: [404, 409, 422],
  rateLimit: RATE_LIMITS.sendPayment,
});

export const ExportTransactionsEndpoint = defineEndpoint({
  method: 'POST',
  // SPEC §7.
  path: '/transaction/export-transaction',
  access: 'EX-TRANSACTION-EXPORT',
  summary: 'Export wallet transactions to xlsx',
  description: 'The list\'s filters; at most 50,000 rows. Cells starting with =, +, - or @ are written as text.',
  operationId: 'exportTransactions',
  readOnly: true,
  tags: wallet,
  body: TransactionExportBodySchema,
  reply: { binary: XLSX_MIME, description: 'Transactions_<date>.xlsx' },
});

export const TransactionOrdersEndpoint = defineEndpoint({
  method: 'POST',
  // SPEC §7.
  path: '/transaction-orders/list',
  access: 'EX-TRANSACTION-LIST',
  summary: 'The orders paid or refunded by wallet transactions',
  operationId: 'listTransactionOrders',
  readOnly: true,
  tags: wallet,
  body: TransactionOrdersBodySchema,
  reply: z.object({ items: z.array(TransactionOrderRowSchema), total: z.number(), page: z.number(), pageSize: z.number() }),
});

export const ExportTransactionOrdersEndpoint = defineEndpoint({
  method: 'POST',
  // SPEC §7.
  path: '/order-transaction/export-order-transaction',
  access: 'EX-TRANSACTION-EXPORT',
  summary: 'Export the orders of wallet transactions to xlsx',
  description: 'The transaction-orders filters; at most 50,000 rows. Cells starting with =, +, - or @ are written as text.',
  operationId: 'exportTransactionOrders',
  readOnly: true,
  tags: wallet,
  body: TransactionOrdersExportBodySchema,
  reply: { binary: XLSX_MIME, description: 'Order_transactions_<date>.xlsx' },
});

export const ListInvoicesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/invoices/list',
  access: 'EX-BILLING',
  summary: 'Invoices',
  description: 'Newest first; filters keyword (invoice number, order name or exOrderId), paymentGateway and ownerIds (staff). A seller sees its own account\'s.',
  operationId: 'listInvoices',
  readOnly: true,
  tags: billing,
  body: InvoiceListBodySchema,
  reply: z.object({ items: z.array(InvoiceSummarySchema), total: z.number(), page: z.number(), pageSize: z.number() }),
});

export const GetInvoiceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/invoices/:invoiceId',
  access: 'EX-BILLING',
  summary: 'An invoice with its orders and their fee lines',
  operationId: 'getInvoice',
  tags: billing,
  params: InvoiceIdParamsSchema,
  reply: InvoiceDetailSchema,
  errors: [404],
});

export const InvoicePdfEndpoint = defineEndpoint({
  method: 'GET',
  path: '/invoices/:invoiceId/pdf',
  access: 'EX-ORDER-INVOICE-DOWNLOAD',
  summary: 'Download an invoice as PDF',
  operationId: 'downloadInvoicePdf',
  tags: billing,
  params: InvoiceIdParamsSchema,
  reply: { binary: PDF_MIME, description: '<invoice number>.pdf' },
  errors: [404],
});

export const GenerateInvoicesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/invoices/generate',
  access: 'EX-INVOICE-GENERATE',
  summary: 'Generate the invoices of a month (staff)',
  description: 'One invoice per seller account that paid orders in the month; an invoice that exists is kept (the monthly job does the same on the 1st).',
  operationId: 'generateInvoices',
  tags: billing,
  body: InvoiceGenerateBodySchema,
  reply: z.object({ created: z.number(), existing: z.number() }),
  message: 'invoice.generated',
  // INVOICE_PERIOD_OPEN: the month has not ended yet.
  errors: [409],
});
