import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlockCreditEndpoint,
  ExportTransactionOrdersEndpoint,
  ExportTransactionsEndpoint,
  ExtendCreditEndpoint,
  GenerateInvoicesEndpoint,
  GetCreditCustomerEndpoint,
  GetInvoiceEndpoint,
  InvoicePdfEndpoint,
  ListCreditCustomersEndpoint,
  ListInvoicesEndpoint,
  RepayCreditEndpoint,
  SendPaymentEndpoint,
  SetCreditEndpoint,
  TransactionOrdersEndpoint,
  UnblockCreditEndpoint,
} from '@exship/contracts';
import { toCents } from '@exship/domain';
import { actsForAnyAccount } from '../../platform/access';
import { authOf } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { route } from '../../platform/endpoints';
import { AppError } from '../../platform/errors';
import { idempotencyKeyOf, idempotent } from '../../platform/idempotency';
import { fileDay, sendXlsxStream } from '../../platform/xlsx';
import type { CreditService } from './billing.credit';
import type { InvoiceService } from './billing.invoices';
import type { TransactionReports } from './billing.transactions';

/** Today in the caller's offset, for a download's name. */
const stamp = (req: FastifyRequest) => fileDay(new Date(), authOf(req).timeZone);

export const billingRoutes =
  (db: Db, credit: CreditService, invoices: InvoiceService, reports: TransactionReports): FastifyPluginAsyncZod =>
  async (app) => {
    // Credit customers (staff: the permission codes; the customer is any seller account).
    route(app, ListCreditCustomersEndpoint, (req) => credit.list(req.query));
    route(app, GetCreditCustomerEndpoint, (req) => credit.detail(req.params.customerId));
    route(app, SetCreditEndpoint, (req) => credit.set(authOf(req).userId, req.params.customerId, req.body));
    route(app, BlockCreditEndpoint, (req) => credit.block(authOf(req).userId, req.params.customerId, req.body.note));
    route(app, UnblockCreditEndpoint, (req) => credit.unblock(authOf(req).userId, req.params.customerId, req.body.note));
    route(app, ExtendCreditEndpoint, (req) => credit.extend(authOf(req).userId, req.params.customerId, req.body.dueDate, req.body.note));
    route(app, RepayCreditEndpoint, (req) => {
      const actor = authOf(req);
      return idempotent(db, `pay-credit:${actor.userId}`, idempotencyKeyOf(req), { ...req.body, customerId: req.params.customerId }, (tx) =>
        credit.repayIn(tx, actor.userId, req.params.customerId, toCents(req.body.amount), req.body.note),
      );
    });

    // SPEC §7 wallet and transactions.
    route(app, SendPaymentEndpoint, (req) => {
      const actor = authOf(req);
      return idempotent(db, `send-payment:${actor.userId}`, idempotencyKeyOf(req), req.body, (tx) => reports.sendPaymentIn(tx, actor, req.body));
    });
    route(app, ExportTransactionsEndpoint, async (req, reply) => sendXlsxStream(reply, `Transactions_${stamp(req)}.xlsx`, await reports.exportTransactions(authOf(req), req.body, req.lang)));
    route(app, TransactionOrdersEndpoint, (req) => reports.listOrders(authOf(req), req.body));
    route(app, ExportTransactionOrdersEndpoint, async (req, reply) => sendXlsxStream(reply, `Order_transactions_${stamp(req)}.xlsx`, await reports.exportOrders(authOf(req), req.body, req.lang)));

    // Invoices: a seller sees its own; staff every account's.
    route(app, ListInvoicesEndpoint, (req) => invoices.list(authOf(req), req.body));
    route(app, GetInvoiceEndpoint, (req) => invoices.detail(authOf(req), req.params.invoiceId));
    route(app, InvoicePdfEndpoint, async (req, reply) => {
      const { fileName, data } = await invoices.pdf(authOf(req), req.params.invoiceId, req.lang);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`).send(data);
    });
    route(app, GenerateInvoicesEndpoint, (req) => {
      const actor = authOf(req);
      // Making invoices is for staff acting for customers, whatever codes a seller role is given.
      if (!actsForAnyAccount(actor)) throw new AppError('FORBIDDEN', 403);
      return invoices.generate(req.body.month, req.body.customerId);
    });
  };
