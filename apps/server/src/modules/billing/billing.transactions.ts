import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors';
import { dateFilterBound, type SendPaymentBody, type TransactionExportBody, type TransactionOrdersBody } from '@exship/contracts';
import { fromCents, toCents, wallClockAt } from '@exship/domain';
import { accountScope, actsForAnyAccount, type Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { safeCell, type CellValue } from '../../platform/xlsx';
import { billedOrders, ordersMatching } from '../orders';
import { customerAccountsByEmails, findUsersByIds } from '../users';
import { transactionOrderRows, transactionRows, transferBetweenWallets, type TransactionFilter } from '../wallet';

// SPEC §7 transaction reports (export, the orders of transactions and their export) and
// send-payment. A seller is limited to its own account through platform/access.ts; staff see every
// account or the one customer named.

/** At most this many rows in one export. */
export const EXPORT_ROW_LIMIT = 50_000;

/** A date filter: `YYYY-MM-DD` covers its whole day (UTC) when it ends a range. */
function instant(v: string | undefined, side: 'from' | 'to'): Date | undefined {
  const at = v ? dateFilterBound(v, side) : null;
  return at === null ? undefined : new Date(at);
}

function filterOf(actor: Actor, q: TransactionExportBody): TransactionFilter {
  return { accountId: accountScope(actor, q.customerId), type: q.type, result: q.result, from: instant(q.dateFrom, 'from'), to: instant(q.dateTo, 'to') };
}

async function workbook(sheet: string, headers: string[], rows: CellValue[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.columns = headers.map((header) => ({ header, width: Math.max(12, header.length + 4) }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) ws.addRow(r.map((v) => safeCell(v)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function createTransactionReports(db: Db) {
  const emails = async (actor: Actor, accountIds: string[]) =>
    actsForAnyAccount(actor) ? new Map((await findUsersByIds(db, new Set(accountIds))).map((u) => [u.id, u.email])) : new Map<string, string>();

  async function orderRows(actor: Actor, q: Omit<TransactionOrdersBody, 'page' | 'pageSize'>, page: { limit: number; offset: number }) {
    const filter = filterOf(actor, q);
    const orderIds = q.keyword?.trim() ? await ordersMatching(db, q.keyword.trim(), filter.accountId) : undefined;
    const { rows, total } = await transactionOrderRows(db, { ...filter, orderIds, transactionId: q.transactionId }, page);
    const orders = new Map((await billedOrders(db, rows.map((r) => r.orderId))).map((o) => [o.id, o]));
    const who = await emails(actor, rows.map((r) => r.accountId));
    return {
      total,
      items: rows.map((r) => ({
        transactionId: r.transactionId,
        orderId: r.orderId,
        exOrderId: orders.get(r.orderId)?.exOrderId ?? null,
        orderName: orders.get(r.orderId)?.orderName ?? null,
        kind: r.kind,
        amount: fromCents(r.amountCents),
        type: r.type,
        result: r.result,
        gateway: r.gateway,
        customerId: r.accountId,
        customerEmail: who.get(r.accountId) ?? null,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  return {
    async exportTransactions(actor: Actor & { timeZone?: string }, q: TransactionExportBody): Promise<Buffer> {
      const rows = await transactionRows(db, filterOf(actor, q), EXPORT_ROW_LIMIT);
      const who = await emails(actor, rows.map((r) => r.accountId));
      const offset = actor.timeZone ?? '+07:00';
      return workbook(
        'Transactions',
        ['Transaction ID', 'Customer', 'Type', 'Result', 'Amount (USD)', 'Balance after (USD)', 'Payment gateway', 'Note', 'Created at'],
        rows.map((r) => [r.id, who.get(r.accountId) ?? r.accountId, r.type, r.result, fromCents(r.amountCents), fromCents(r.balanceAfterCents), r.gateway, r.note, wallClockAt(r.createdAt, offset)]),
      );
    },

    async listOrders(actor: Actor, q: TransactionOrdersBody) {
      const { items, total } = await orderRows(actor, q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      return { items, total, page: q.page, pageSize: q.pageSize };
    },

    async exportOrders(actor: Actor & { timeZone?: string }, q: Omit<TransactionOrdersBody, 'page' | 'pageSize'>): Promise<Buffer> {
      const { items } = await orderRows(actor, q, { limit: EXPORT_ROW_LIMIT, offset: 0 });
      const offset = actor.timeZone ?? '+07:00';
      return workbook(
        'Order transactions',
        ['Transaction ID', 'Customer', 'Order ID', 'Order name', 'Kind', 'Amount (USD)', 'Transaction type', 'Result', 'Payment gateway', 'Created at'],
        items.map((r) => [r.transactionId, r.customerEmail ?? r.customerId, r.exOrderId ?? r.orderId, r.orderName, r.kind, r.amount, r.type, r.result, r.gateway, wallClockAt(new Date(r.createdAt), offset)]),
      );
    },

    /** SPEC §7 send-payment: from the caller's wallet to another seller's, in `tx`. */
    async sendPaymentIn(tx: Db, actor: Actor, body: SendPaymentBody) {
      const to = (await customerAccountsByEmails(tx, [body.receiverEmail])).get(body.receiverEmail.toLowerCase());
      if (!to) throw new AppError('CUSTOMER_NOT_FOUND', 404, { errors: [{ field: 'receiverEmail', message: 'error.CUSTOMER_NOT_FOUND' }] });
      if (to === actor.accountId) throw new AppError('SEND_PAYMENT_TO_SELF', 409, { errors: [{ field: 'receiverEmail', message: 'error.SEND_PAYMENT_TO_SELF' }] });
      const amountCents = toCents(body.amount);
      const done = await transferBetweenWallets(tx, { fromAccountId: actor.accountId, toAccountId: to, amountCents, actorId: actor.userId, note: body.note || `Payment to ${body.receiverEmail}` });
      return { transactionId: done.sentTransactionId, amount: fromCents(amountCents), balanceAfter: fromCents(done.balanceAfterCents) };
    },
  };
}
export type TransactionReports = ReturnType<typeof createTransactionReports>;
