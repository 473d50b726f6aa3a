import type { Readable } from 'node:stream';
import { AppError } from '../../platform/errors';
import { dateFilterBound, translate, type Language, type SendPaymentBody, type TransactionExportBody, type TransactionOrdersBody } from '@exship/contracts';
import { formatDateTime, fromCents, signedAmountCents, toCents } from '@exship/domain';
import { accountScope, actsForAnyAccount, type Actor } from '../../platform/access';
import type { Db } from '../../platform/db';
import { labelOf, reportWorkbook } from '../../platform/xlsx';
import { billedOrders, ordersMatching } from '../orders';
import { customerAccountsByEmails, findUsersByIds } from '../users';
import { transactionOrderRows, transactionRows, transferBetweenWallets, walletNote, type TransactionFilter } from '../wallet';

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

export function createTransactionReports(db: Db) {
  /** The accounts' owners (email, name): a file names its customer, a seller's own account included. */
  const customers = async (accountIds: string[]) => new Map((await findUsersByIds(db, new Set(accountIds))).map((u) => [u.id, u]));
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
    /** The notes the platform wrote read in `lang`; a person's note as written. */
    async exportTransactions(actor: Actor & { timeZone?: string }, q: TransactionExportBody, lang: Language): Promise<Readable> {
      const rows = await transactionRows(db, filterOf(actor, q), EXPORT_ROW_LIMIT);
      const who = await customers(rows.map((r) => r.accountId));
      const offset = actor.timeZone ?? '+07:00';
      return reportWorkbook(
        translate(lang, 'export.tx.sheet'),
        ['id', 'customerEmail', 'customerName', 'type', 'result', 'amount', 'balanceAfter', 'gateway', 'note', 'createdAt'].map((k) => translate(lang, `export.tx.${k}`)),
        rows.map((r) => [
          r.id,
          who.get(r.accountId)?.email ?? null,
          who.get(r.accountId)?.fullName ?? null,
          labelOf(lang, 'export.txType.', r.type),
          labelOf(lang, 'export.txResult.', r.result),
          // Signed as the screen shows it, so the balance before + the amount = the balance after.
          fromCents(signedAmountCents(r.type, r.amountCents)),
          fromCents(r.balanceAfterCents),
          labelOf(lang, 'export.gateway.', r.gateway),
          r.noteKey ? translate(lang, `wallet.note.${r.noteKey}`, r.noteVars ?? {}) : r.note,
          formatDateTime(r.createdAt, offset),
        ]),
      );
    },

    async listOrders(actor: Actor, q: TransactionOrdersBody) {
      const { items, total } = await orderRows(actor, q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      return { items, total, page: q.page, pageSize: q.pageSize };
    },

    async exportOrders(actor: Actor & { timeZone?: string }, q: Omit<TransactionOrdersBody, 'page' | 'pageSize'>, lang: Language): Promise<Readable> {
      const { items } = await orderRows(actor, q, { limit: EXPORT_ROW_LIMIT, offset: 0 });
      const who = await customers(items.map((r) => r.customerId));
      const offset = actor.timeZone ?? '+07:00';
      return reportWorkbook(
        translate(lang, 'export.tx.ordersSheet'),
        ['id', 'customerEmail', 'customerName', 'orderId', 'orderName', 'kind', 'amount', 'type', 'result', 'gateway', 'createdAt'].map((k) => translate(lang, `export.tx.${k}`)),
        items.map((r) => [
          r.transactionId,
          who.get(r.customerId)?.email ?? null,
          who.get(r.customerId)?.fullName ?? null,
          r.exOrderId ?? r.orderId,
          r.orderName,
          labelOf(lang, 'export.lineKind.', r.kind),
          r.amount,
          labelOf(lang, 'export.txType.', r.type),
          labelOf(lang, 'export.txResult.', r.result),
          labelOf(lang, 'export.gateway.', r.gateway),
          formatDateTime(r.createdAt, offset),
        ]),
      );
    },

    /** SPEC §7 send-payment: from the caller's wallet to another seller's, in `tx`. */
    async sendPaymentIn(tx: Db, actor: Actor, body: SendPaymentBody) {
      const to = (await customerAccountsByEmails(tx, [body.receiverEmail])).get(body.receiverEmail.toLowerCase());
      if (!to) throw new AppError('CUSTOMER_NOT_FOUND', 404, { errors: [{ field: 'receiverEmail', message: 'error.CUSTOMER_NOT_FOUND' }] });
      if (to === actor.accountId) throw new AppError('SEND_PAYMENT_TO_SELF', 409, { errors: [{ field: 'receiverEmail', message: 'error.SEND_PAYMENT_TO_SELF' }] });
      const amountCents = toCents(body.amount);
      const [sender] = body.note ? [] : await findUsersByIds(tx, [actor.accountId]);
      const notes = body.note ? undefined : { sent: walletNote('paymentTo', { email: body.receiverEmail.toLowerCase() }), received: walletNote('paymentFrom', { email: sender?.email ?? '' }) };
      const done = await transferBetweenWallets(tx, { fromAccountId: actor.accountId, toAccountId: to, amountCents, actorId: actor.userId, note: body.note, notes });
      return { transactionId: done.sentTransactionId, amount: fromCents(amountCents), balanceAfter: fromCents(done.balanceAfterCents) };
    },
  };
}
export type TransactionReports = ReturnType<typeof createTransactionReports>;
