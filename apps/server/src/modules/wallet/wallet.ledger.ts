import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { translate, type WalletNoteKey } from '@exship/contracts';
import { dateRangeWhere } from '../../platform/crud';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ledgerEntries, transactionOrders, walletTransactions, wallets } from './wallet.tables';

// The wallet module owns every balance write (money-and-security.md "Ledger"). Each movement is one
// guarded UPDATE of the wallet row and, in the same transaction, an immutable wallet transaction with
// two ledger entries that sum to zero: the wallet against a house account.

export const HOUSE = {
  /** What sellers paid us for shipping (and what refunds give back). */
  revenue: 'house:revenue',
  /** Money that came in from outside (top-ups by bank transfer or a payment provider). */
  bank: 'house:bank',
  /** Money in flight between two sellers' wallets (sent / received). */
  transfers: 'house:transfers',
  /** Compensation paid for lost, late or damaged parcels (approved claims). */
  claims: 'house:claims',
} as const;
export const walletLedgerAccount = (accountId: string) => `wallet:${accountId}`;

export interface OrderLink {
  orderId: string;
  kind: 'order' | 'surcharge' | 'refund';
  amountCents: number;
}

export interface Movement {
  accountId: string;
  amountCents: number;
  actorId: string | null;
  /** As written (a person's words), or the English of `noteKey`. */
  note?: string;
  /** A note the platform writes: read in the reader's language (`wallet.note.<key>`). */
  noteKey?: WalletNote;
  gateway?: string | null;
  proof?: string | null;
  orders?: OrderLink[];
}

/** A platform note: its key and values; its English is kept in `note` (exports, older readers). */
export interface WalletNote {
  key: WalletNoteKey;
  vars?: Record<string, string>;
}

/** The platform's note for a movement: the key with its values and, as `note`, its English text. */
export const walletNote = (key: WalletNoteKey, vars: Record<string, string> = {}): { noteKey: WalletNote; note: string } => ({
  noteKey: { key, vars },
  note: translate('en', `wallet.note.${key}`, vars),
});

async function record(tx: Db, type: 'payment' | 'refund' | 'top_up' | 'pay_credit' | 'sent' | 'received' | 'compensation', m: Movement, balanceAfterCents: number, house: string, walletSign: 1 | -1) {
  const [t] = await tx
    .insert(walletTransactions)
    .values({
      accountId: m.accountId,
      type,
      result: 'success',
      amountCents: m.amountCents,
      balanceAfterCents,
      gateway: m.gateway ?? null,
      proof: m.proof ?? null,
      note: m.note ?? '',
      noteKey: m.noteKey?.key ?? null,
      noteVars: m.noteKey ? (m.noteKey.vars ?? {}) : null,
      createdBy: m.actorId,
    })
    .returning({ id: walletTransactions.id });
  await tx.insert(ledgerEntries).values([
    { transactionId: t!.id, ledgerAccount: walletLedgerAccount(m.accountId), amountCents: walletSign * m.amountCents },
    { transactionId: t!.id, ledgerAccount: house, amountCents: -walletSign * m.amountCents },
  ]);
  if (m.orders && m.orders.length > 0) await tx.insert(transactionOrders).values(m.orders.map((o) => ({ ...o, transactionId: t!.id })));
  return { transactionId: t!.id, balanceAfterCents };
}

/** SQL: the credit line cannot be used now (blocked by staff or the overdue job, or owed money past its due date). */
const creditUnusable = sql`(${wallets.creditBlocked} or (${wallets.balanceCents} < 0 and ${wallets.creditDueAt} is not null and ${wallets.creditDueAt} <= now()))`;

/**
 * Takes a payment from a wallet: one conditional UPDATE that succeeds only when the balance plus the
 * credit line still available (none while the credit is blocked) covers the amount; with
 * `creditLine: false` (orders paid by debit) only the balance itself. Under READ
 * COMMITTED a blocked concurrent payer re-checks the condition on the new row, so two payments can
 * never both spend the same money; the CHECK on the table is the backstop. INSUFFICIENT_FUNDS otherwise.
 */
export async function debitWallet(tx: Db, m: Movement, opts: { creditLine?: boolean } = {}) {
  const floor = opts.creditLine === false ? sql`0` : sql`case when ${creditUnusable} then least(${wallets.balanceCents}, 0) else -${wallets.creditLimitCents} end`;
  if (!Number.isInteger(m.amountCents) || m.amountCents <= 0) throw new Error('a payment is a whole number of cents above 0');
  const [w] = await tx
    .update(wallets)
    .set({
      balanceCents: sql`${wallets.balanceCents} - ${m.amountCents}`,
      // A payment that starts using the credit line after the last due date has passed (nothing was
      // owed then) starts a new credit period now.
      creditDueAt: sql`case when ${wallets.balanceCents} >= 0 and ${wallets.balanceCents} - ${m.amountCents} < 0 and ${wallets.creditPeriod} is not null and (${wallets.creditDueAt} is null or ${wallets.creditDueAt} <= now())
        then now() + case ${wallets.creditPeriod} when '1w' then interval '7 days' when '2w' then interval '14 days' when '3w' then interval '21 days' else interval '1 month' end
        else ${wallets.creditDueAt} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(wallets.accountId, m.accountId), sql`${wallets.balanceCents} - ${m.amountCents} >= ${floor}`))
    .returning({ balanceCents: wallets.balanceCents });
  if (!w) {
    const [now] = await tx.select().from(wallets).where(eq(wallets.accountId, m.accountId));
    const overdue = now?.creditDueAt != null && now.balanceCents < 0 && now.creditDueAt.getTime() <= Date.now();
    const creditWouldCover = opts.creditLine !== false && now != null && now.creditLimitCents > 0 && now.balanceCents - m.amountCents >= -now.creditLimitCents;
    const code = opts.creditLine === false ? 'INSUFFICIENT_BALANCE' : (now?.creditBlocked || overdue) && creditWouldCover ? 'CREDIT_BLOCKED' : 'INSUFFICIENT_FUNDS';
    throw new AppError(code, 409, {
      details: { neededCents: m.amountCents, balanceCents: now?.balanceCents ?? 0, creditLimitCents: now?.creditLimitCents ?? 0 },
    });
  }
  return record(tx, 'payment', m, w.balanceCents, HOUSE.revenue, -1);
}

/**
 * Puts money into a wallet: a refund (from revenue), a top-up or a credit repayment (pay_credit, from
 * the bank), or compensation for an approved claim (from the claims house account).
 */
export async function creditWallet(tx: Db, type: 'refund' | 'top_up' | 'pay_credit' | 'compensation', m: Movement) {
  if (!Number.isInteger(m.amountCents) || m.amountCents <= 0) throw new Error('a credit is a whole number of cents above 0');
  await tx.insert(wallets).values({ accountId: m.accountId }).onConflictDoNothing();
  const [w] = await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${m.amountCents}`, updatedAt: new Date() })
    .where(eq(wallets.accountId, m.accountId))
    .returning({ balanceCents: wallets.balanceCents });
  return record(tx, type, m, w!.balanceCents, type === 'refund' ? HOUSE.revenue : type === 'compensation' ? HOUSE.claims : HOUSE.bank, 1);
}

/**
 * SPEC §4 sent / received: moves money from one seller's wallet to another's, as two transactions
 * (each against the transfers house account, so each sums to zero). Only the sender's own balance can
 * be sent, never its credit line: one guarded UPDATE, INSUFFICIENT_FUNDS otherwise. Both wallet rows
 * are written in ascending account order so two opposite transfers cannot deadlock.
 */
export async function transferBetweenWallets(
  tx: Db,
  t: { fromAccountId: string; toAccountId: string; amountCents: number; actorId: string | null; note: string; notes?: { sent: ReturnType<typeof walletNote>; received: ReturnType<typeof walletNote> } },
) {
  if (!Number.isInteger(t.amountCents) || t.amountCents <= 0) throw new Error('a transfer is a whole number of cents above 0');
  if (t.fromAccountId === t.toAccountId) throw new Error('a transfer needs two wallets');
  await tx.insert(wallets).values({ accountId: t.toAccountId }).onConflictDoNothing();
  const debit = async () => {
    const [w] = await tx
      .update(wallets)
      .set({ balanceCents: sql`${wallets.balanceCents} - ${t.amountCents}`, updatedAt: new Date() })
      .where(and(eq(wallets.accountId, t.fromAccountId), sql`${wallets.balanceCents} >= ${t.amountCents}`))
      .returning({ balanceCents: wallets.balanceCents });
    if (!w) {
      const [now] = await tx.select({ balanceCents: wallets.balanceCents }).from(wallets).where(eq(wallets.accountId, t.fromAccountId));
      throw new AppError('INSUFFICIENT_FUNDS', 409, { details: { neededCents: t.amountCents, balanceCents: now?.balanceCents ?? 0 } });
    }
    return w.balanceCents;
  };
  const credit = async () => {
    const [w] = await tx
      .update(wallets)
      .set({ balanceCents: sql`${wallets.balanceCents} + ${t.amountCents}`, updatedAt: new Date() })
      .where(eq(wallets.accountId, t.toAccountId))
      .returning({ balanceCents: wallets.balanceCents });
    return w!.balanceCents;
  };
  let fromAfter: number;
  let toAfter: number;
  if (t.fromAccountId < t.toAccountId) {
    fromAfter = await debit();
    toAfter = await credit();
  } else {
    toAfter = await credit();
    fromAfter = await debit();
  }
  // Without a note of the sender's own, each side gets the platform's: "Payment to …" / "Payment from …".
  const sent = await record(tx, 'sent', { accountId: t.fromAccountId, amountCents: t.amountCents, actorId: t.actorId, note: t.note, ...t.notes?.sent, gateway: 'wallet' }, fromAfter, HOUSE.transfers, -1);
  const received = await record(tx, 'received', { accountId: t.toAccountId, amountCents: t.amountCents, actorId: t.actorId, note: t.note, ...t.notes?.received, gateway: 'wallet' }, toAfter, HOUSE.transfers, 1);
  return { sentTransactionId: sent.transactionId, receivedTransactionId: received.transactionId, balanceAfterCents: fromAfter };
}

/** What an order has been paid and refunded so far, in cents (one query). */
export async function orderMoney(tx: Db, orderId: string): Promise<{ paidCents: number; refundedCents: number }> {
  const rows = await tx
    .select({ kind: transactionOrders.kind, cents: sql<number>`sum(${transactionOrders.amountCents})::bigint` })
    .from(transactionOrders)
    .where(eq(transactionOrders.orderId, orderId))
    .groupBy(transactionOrders.kind);
  let paidCents = 0;
  let refundedCents = 0;
  for (const r of rows) {
    if (r.kind === 'refund') refundedCents += Number(r.cents);
    else paidCents += Number(r.cents);
  }
  return { paidCents, refundedCents };
}

/** SPEC §4 guide: money is topped up before orders are paid; the demo seller starts with $500. */
export const DEMO_OPENING_BALANCE_CENTS = 50_000;

/** A first top-up for an account that has no transaction yet (the demo seller's opening balance); false when it has one. */
export async function seedOpeningBalance(db: Db, accountId: string, amountCents: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [any] = await tx.select({ id: walletTransactions.id }).from(walletTransactions).where(eq(walletTransactions.accountId, accountId)).limit(1);
    if (any) return false;
    await creditWallet(tx, 'top_up', { accountId, amountCents, actorId: null, gateway: 'bank', ...walletNote('openingBalance') });
    return true;
  });
}

/** A page of wallet transactions with the orders each touched (two queries). */
export async function listTransactions(db: Db, accountId: string | undefined, q: { page: number; pageSize: number; type: string; dateFrom?: string; dateTo?: string }) {
  const where = and(
    accountId ? eq(walletTransactions.accountId, accountId) : undefined,
    q.type !== 'all' ? eq(walletTransactions.type, q.type) : undefined,
    dateRangeWhere(walletTransactions.createdAt, q.dateFrom, q.dateTo),
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(walletTransactions).where(where);
  const rows = await db
    .select()
    .from(walletTransactions)
    .where(where)
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const links = rows.length === 0 ? [] : await db.select().from(transactionOrders).where(inArray(transactionOrders.transactionId, rows.map((r) => r.id)));
  return {
    items: rows.map((r) => ({
      id: r.id,
      customerId: r.accountId,
      type: r.type,
      result: r.result,
      amount: r.amountCents / 100,
      balanceAfter: r.balanceAfterCents / 100,
      gateway: r.gateway,
      note: r.note,
      noteKey: r.noteKey as WalletNoteKey | null,
      noteVars: r.noteVars ?? null,
      orders: links.filter((l) => l.transactionId === r.id).map((l) => ({ orderId: l.orderId, kind: l.kind, amount: l.amountCents / 100 })),
      createdAt: r.createdAt.toISOString(),
    })),
    total: Number(count?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}
