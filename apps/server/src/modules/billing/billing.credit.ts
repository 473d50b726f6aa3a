import { desc, eq } from 'drizzle-orm';
import { type CreditCustomer, type CreditListQuery, type CreditSetBody, type Language } from '@exship/contracts';
import { creditDueDate, creditRemaining, creditStatus, fromCents, toCents, usedCredit, type CreditPeriod } from '@exship/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { renderMail } from '../emails';
import { activeAccountUsers, searchCustomers } from '../users';
import { creditWallet, walletNote, listCreditWallets, lockCreditTerms, overdueUnlockedWallets, updateCreditTerms, walletsOf, walletsToRemind, type CreditTermsRow } from '../wallet';
import { creditHistory } from './billing.tables';

// SPEC §3/§4/§9 credit customers. Staff set a limit and a period (the due date follows), block,
// unblock, extend the due date and record repayments (pay_credit, through the ledger). Every change
// writes a credit_history row in its transaction. Two cron jobs: the reminder before the due date
// (once per due date) and the lock of an overdue line (once; a retry finds nothing to do).

/** Days before the due date that the reminder email goes out. */
export const CREDIT_REMINDER_DAYS = 3;
const DAY_MS = 86_400_000;

export interface CreditDeps {
  db: Db;
  mailer: Mailer;
  now?: () => Date;
}

type Terms = Pick<CreditTermsRow, 'creditLimitCents' | 'creditPeriod' | 'creditDueAt' | 'creditBlocked' | 'creditBlockReason' | 'balanceCents'>;
const snapshot = (w: Terms) => ({
  limitCents: w.creditLimitCents,
  period: w.creditPeriod,
  dueAt: w.creditDueAt?.toISOString() ?? null,
  blocked: w.creditBlocked,
  blockReason: w.creditBlockReason,
  balanceCents: w.balanceCents,
});

const dueDateText = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

export function createCreditService({ db, mailer, now = () => new Date() }: CreditDeps) {
  const present = (w: CreditTermsRow, who: { email: string | null; fullName: string | null } | undefined): CreditCustomer => ({
    customerId: w.accountId,
    email: who?.email ?? null,
    fullName: who?.fullName ?? null,
    limit: fromCents(w.creditLimitCents),
    used: fromCents(usedCredit(w.balanceCents)),
    remaining: fromCents(creditRemaining(w)),
    balance: fromCents(w.balanceCents),
    period: (w.creditPeriod as CreditPeriod | null) ?? null,
    dueDate: w.creditDueAt?.toISOString() ?? null,
    status: creditStatus(w, now()),
    isBlocked: w.creditBlocked,
    blockReason: (w.creditBlockReason as 'manual' | 'overdue' | null) ?? null,
    remindedFor: w.creditRemindedFor?.toISOString() ?? null,
  });

  /** The seller account (its owner has a customer role), or 404 CUSTOMER_NOT_FOUND. */
  async function customer(tx: Db, customerId: string) {
    const [c] = await searchCustomers(tx, { ids: [customerId], limit: 1 });
    if (!c) throw new AppError('CUSTOMER_NOT_FOUND', 404);
    return c;
  }

  async function audit(tx: Db, accountId: string, actorId: string | null, action: (typeof creditHistory.$inferInsert)['action'], before: Terms | null, after: Terms | null, note = '') {
    await tx.insert(creditHistory).values({ accountId, actorId, action, before: before && snapshot(before), after: after && snapshot(after), note });
  }

  /** Runs a change on the locked wallet row, audits it and replies with the customer. */
  async function change(actorId: string, customerId: string, action: 'set' | 'block' | 'unblock' | 'extend', note: string, apply: (w: CreditTermsRow, tx: Db) => Promise<CreditTermsRow>) {
    return db.transaction(async (tx) => {
      const who = await customer(tx, customerId);
      const before = await lockCreditTerms(tx, customerId);
      if (action !== 'set' && before.creditLimitCents <= 0) throw new AppError('CREDIT_NOT_SET', 409);
      const after = await apply(before, tx);
      await audit(tx, customerId, actorId, action, before, after, note);
      return present(after, who);
    });
  }

  return {
    async list(q: CreditListQuery) {
      const { rows, total } = await listCreditWallets(db, { accountId: q.customerId, status: q.status, pastDue: q.overdue, now: now(), page: q.page, pageSize: q.pageSize });
      const who = new Map((await searchCustomers(db, { ids: rows.map((r) => r.accountId), limit: rows.length })).map((c) => [c.id, c]));
      return { items: rows.map((r) => present(r, who.get(r.accountId))), total, page: q.page, pageSize: q.pageSize };
    },

    async detail(customerId: string) {
      const who = await customer(db, customerId);
      const [w] = await walletsOf(db, [customerId]);
      const history = await db.select().from(creditHistory).where(eq(creditHistory.accountId, customerId)).orderBy(desc(creditHistory.createdAt)).limit(100);
      const row = w ?? ({ accountId: customerId, balanceCents: 0, unpaidCents: 0, creditLimitCents: 0, creditBlocked: false, autoPay: false, creditPeriod: null, creditDueAt: null, creditRemindedFor: null, creditBlockReason: null, updatedAt: now() } satisfies CreditTermsRow);
      return {
        customer: present(row, who),
        history: history.map((h) => ({ id: h.id, action: h.action, actorId: h.actorId, before: h.before, after: h.after, note: h.note, createdAt: h.createdAt.toISOString() })),
      };
    },

    /** A new line or a changed period starts a period now; the same period keeps its due date. */
    set(actorId: string, customerId: string, body: CreditSetBody) {
      return change(actorId, customerId, 'set', '', async (w, tx) => {
        const limitCents = toCents(body.limit);
        if (usedCredit(w.balanceCents) > limitCents) throw new AppError('CREDIT_LIMIT_BELOW_USED', 409, { details: { usedCents: usedCredit(w.balanceCents) } });
        if (limitCents === 0) return updateCreditTerms(tx, customerId, { creditLimitCents: 0, creditPeriod: null, creditDueAt: null, creditRemindedFor: null, creditBlocked: false, creditBlockReason: null });
        const restart = w.creditLimitCents === 0 || w.creditPeriod !== body.period || w.creditDueAt === null;
        return updateCreditTerms(tx, customerId, {
          creditLimitCents: limitCents,
          creditPeriod: body.period,
          ...(restart ? { creditDueAt: creditDueDate(now(), body.period), creditRemindedFor: null } : {}),
        });
      });
    },

    block(actorId: string, customerId: string, note: string) {
      return change(actorId, customerId, 'block', note, (w, tx) => (w.creditBlocked ? Promise.resolve(w) : updateCreditTerms(tx, customerId, { creditBlocked: true, creditBlockReason: 'manual' })));
    },

    /** Unblocks; an overdue line with money owed stays locked until extended or paid back. */
    unblock(actorId: string, customerId: string, note: string) {
      return change(actorId, customerId, 'unblock', note, async (w, tx) => {
        if (w.balanceCents < 0 && w.creditDueAt && w.creditDueAt.getTime() <= now().getTime()) throw new AppError('CREDIT_OVERDUE', 409);
        return updateCreditTerms(tx, customerId, { creditBlocked: false, creditBlockReason: null });
      });
    },

    /** A later due date; a lock for being overdue is lifted with it. */
    extend(actorId: string, customerId: string, dueDate: string, note: string) {
      return change(actorId, customerId, 'extend', note, async (w, tx) => {
        const due = new Date(dueDate);
        if (due.getTime() <= now().getTime() || (w.creditDueAt && due.getTime() <= w.creditDueAt.getTime())) throw new AppError('CREDIT_DUE_DATE_NOT_LATER', 409);
        return updateCreditTerms(tx, customerId, {
          creditDueAt: due,
          creditRemindedFor: null,
          ...(w.creditBlockReason === 'overdue' ? { creditBlocked: false, creditBlockReason: null } : {}),
        });
      });
    },

    /**
     * A repayment of credit in use: a pay_credit transaction through the ledger (in `tx`, the
     * idempotency transaction). Once nothing is owed, a new period starts and an overdue lock is lifted.
     */
    async repayIn(tx: Db, actorId: string, customerId: string, amountCents: number, note: string) {
      const who = await customer(tx, customerId);
      const before = await lockCreditTerms(tx, customerId);
      if (before.creditLimitCents <= 0) throw new AppError('CREDIT_NOT_SET', 409);
      const owed = usedCredit(before.balanceCents);
      if (amountCents > owed) throw new AppError('CREDIT_REPAY_TOO_MUCH', 409, { details: { usedCents: owed } });
      const paid = await creditWallet(tx, 'pay_credit', { accountId: customerId, amountCents, actorId, gateway: 'bank', ...(note ? { note } : walletNote('creditRepayment')) });
      let after = await lockCreditTerms(tx, customerId);
      if (after.balanceCents >= 0 && after.creditPeriod) {
        after = await updateCreditTerms(tx, customerId, {
          creditDueAt: creditDueDate(now(), after.creditPeriod as CreditPeriod),
          creditRemindedFor: null,
          ...(after.creditBlockReason === 'overdue' ? { creditBlocked: false, creditBlockReason: null } : {}),
        });
      }
      await audit(tx, customerId, actorId, 'repaid', before, after, note);
      return { transactionId: paid.transactionId, customer: present(after, who) };
    },

    /**
     * Cron: a reminder to each account whose credit in use falls due within CREDIT_REMINDER_DAYS,
     * once per due date (the wallet row remembers the due date it reminded of, set under its lock
     * with the mail in one transaction).
     */
    async remindDue(): Promise<number> {
      const at = now();
      const due = await walletsToRemind(db, at, new Date(at.getTime() + CREDIT_REMINDER_DAYS * DAY_MS));
      let sent = 0;
      for (const candidate of due) {
        sent += await db.transaction(async (tx) => {
          const w = await lockCreditTerms(tx, candidate.accountId);
          if (!w.creditDueAt || w.balanceCents >= 0 || w.creditRemindedFor?.getTime() === w.creditDueAt.getTime()) return 0;
          await updateCreditTerms(tx, w.accountId, { creditRemindedFor: w.creditDueAt });
          const vars = { dueDate: dueDateText(w.creditDueAt), used: fromCents(usedCredit(w.balanceCents)).toFixed(2) };
          for (const u of await activeAccountUsers(tx, w.accountId)) {
            const lang = u.language as Language;
            await mailer.send({ to: u.email, ...(await renderMail(tx, 'credit.reminder', lang, vars)) }, { tx });
          }
          await audit(tx, w.accountId, null, 'reminder', w, w);
          return 1;
        });
      }
      return sent;
    },

    /** Cron: locks every credit line in use past its due date (a locked line is not picked again). */
    async lockOverdue(): Promise<number> {
      const at = now();
      let locked = 0;
      for (const candidate of await overdueUnlockedWallets(db, at)) {
        locked += await db.transaction(async (tx) => {
          const w = await lockCreditTerms(tx, candidate.accountId);
          if (w.creditBlocked || w.balanceCents >= 0 || !w.creditDueAt || w.creditDueAt.getTime() > at.getTime()) return 0;
          const after = await updateCreditTerms(tx, w.accountId, { creditBlocked: true, creditBlockReason: 'overdue' });
          const vars = { dueDate: dueDateText(w.creditDueAt), used: fromCents(usedCredit(w.balanceCents)).toFixed(2) };
          for (const u of await activeAccountUsers(tx, w.accountId)) {
            const lang = u.language as Language;
            await mailer.send({ to: u.email, ...(await renderMail(tx, 'credit.locked', lang, vars)) }, { tx });
          }
          await audit(tx, w.accountId, null, 'overdue_lock', w, after);
          return 1;
        });
      }
      return locked;
    },
  };
}
export type CreditService = ReturnType<typeof createCreditService>;
