import crypto from 'node:crypto';
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { InvoiceDetail, InvoiceListBody, InvoiceSummary, Language } from '@exship/contracts';
import { fromCents } from '@exship/domain';
import type { WorkingDayCalendar } from '@exship/domain/working-days';
import { accountScope, requireOwned, type Actor } from '../../platform/access';
import { likePattern } from '../../platform/crud';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { billedOrders, ordersMatching } from '../orders';
import { searchCustomers } from '../users';
import { orderPaymentsBetween } from '../wallet';
import { invoiceLines, invoices } from './billing.tables';
import { invoicePdf } from './billing.pdf';

// SPEC §3 invoice, §9 tax payment within 7 working days of the invoice. One invoice per seller
// account and calendar month (UTC) that had order payments: the monthly job makes last month's on the
// 1st; staff can make a past month's on demand. Both are idempotent (one row per account and period).

export interface InvoiceDeps {
  db: Db;
  calendar: WorkingDayCalendar;
  now?: () => Date;
}

/** Working days between an invoice and its tax payment (SPEC §9). */
export const TAX_PAYMENT_WORKING_DAYS = 7;

/** [first day, first day of the next month) of a YYYY-MM month, as dates and instants. */
export function monthPeriod(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1));
  const end = new Date(Date.UTC(y, m, 1));
  return { start, end, startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
}

/** The month before `at`, as YYYY-MM (UTC). */
export function previousMonth(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

export function createInvoiceService({ db, calendar, now = () => new Date() }: InvoiceDeps) {
  const summaries = async (rows: (typeof invoices.$inferSelect)[]): Promise<InvoiceSummary[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const gw = await db.selectDistinct({ invoiceId: invoiceLines.invoiceId, gateway: invoiceLines.gateway }).from(invoiceLines).where(inArray(invoiceLines.invoiceId, ids));
    const who = new Map((await searchCustomers(db, { ids: [...new Set(rows.map((r) => r.accountId))], limit: rows.length })).map((c) => [c.id, c]));
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      customerId: r.accountId,
      customerEmail: who.get(r.accountId)?.email ?? null,
      periodStart: r.periodStart,
      periodEnd: r.periodEnd,
      issuedAt: r.issuedAt.toISOString(),
      taxDueAt: r.taxDueAt.toISOString(),
      orderCount: r.orderCount,
      total: fromCents(r.totalCents),
      gateways: gw.filter((g) => g.invoiceId === r.id).map((g) => g.gateway).sort(),
    }));
  };

  return {
    /** Makes the month's missing invoices; returns how many were created and how many existed. */
    async generate(month: string, customerId?: string): Promise<{ created: number; existing: number }> {
      const p = monthPeriod(month);
      const issuedAt = now();
      if (p.end.getTime() > issuedAt.getTime()) throw new AppError('INVOICE_PERIOD_OPEN', 409);
      const payments = await orderPaymentsBetween(db, p.start, p.end, customerId ? [customerId] : undefined);
      const byAccount = new Map<string, typeof payments>();
      for (const pay of payments) byAccount.set(pay.accountId, [...(byAccount.get(pay.accountId) ?? []), pay]);
      let created = 0;
      let existing = 0;
      for (const [accountId, lines] of byAccount) {
        const made = await db.transaction(async (tx) => {
          const [inv] = await tx
            .insert(invoices)
            .values({
              accountId,
              number: `INV-${month.replace('-', '')}-${crypto.randomBytes(3).toString('hex').toUpperCase()}`,
              periodStart: p.startDate,
              periodEnd: p.endDate,
              issuedAt,
              taxDueAt: calendar.addWorkingDays(issuedAt, TAX_PAYMENT_WORKING_DAYS),
              orderCount: new Set(lines.map((l) => l.orderId)).size,
              totalCents: lines.reduce((n, l) => n + l.amountCents, 0),
            })
            .onConflictDoNothing({ target: [invoices.accountId, invoices.periodStart, invoices.periodEnd] })
            .returning({ id: invoices.id });
          if (!inv) return false;
          await tx.insert(invoiceLines).values(
            lines.map((l) => ({ invoiceId: inv.id, transactionId: l.transactionId, orderId: l.orderId, kind: l.kind, amountCents: l.amountCents, gateway: l.balanceAfterCents < 0 ? 'credit' : 'wallet', paidAt: l.paidAt })),
          );
          return true;
        });
        if (made) created++;
        else existing++;
      }
      return { created, existing };
    },

    async list(actor: Actor, q: InvoiceListBody) {
      const own = accountScope(actor);
      const keyword = q.keyword?.trim();
      const matchingOrders = keyword ? await ordersMatching(db, keyword, own) : [];
      const where = and(
        own ? eq(invoices.accountId, own) : q.ownerIds.length > 0 ? inArray(invoices.accountId, q.ownerIds) : undefined,
        q.paymentGateway !== 'all' ? sql`exists (select 1 from ${invoiceLines} l where l.invoice_id = ${invoices.id} and l.gateway = ${q.paymentGateway})` : undefined,
        keyword
          ? or(
              ilike(invoices.number, likePattern(keyword)),
              matchingOrders.length > 0 ? sql`exists (select 1 from ${invoiceLines} l where l.invoice_id = ${invoices.id} and ${inArray(sql`l.order_id`, matchingOrders)})` : undefined,
            )
          : undefined,
      );
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(invoices).where(where);
      const rows = await db
        .select()
        .from(invoices)
        .where(where)
        .orderBy(desc(invoices.periodStart), desc(invoices.issuedAt), desc(invoices.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { items: await summaries(rows), total: Number(count?.n ?? 0), page: q.page, pageSize: q.pageSize };
    },

    /** An invoice the actor may see (another account's answers 404 INVOICE_NOT_FOUND). */
    async detail(actor: Actor, id: string): Promise<InvoiceDetail> {
      const [row] = await requireOwned(db, actor, invoices, [id], { notFound: 'INVOICE_NOT_FOUND' });
      const [summary] = await summaries([row!]);
      const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(invoiceLines.paidAt, invoiceLines.orderId);
      const orders = new Map((await billedOrders(db, lines.map((l) => l.orderId))).map((o) => [o.id, o]));
      return {
        ...summary!,
        lines: lines.map((l) => {
          const o = orders.get(l.orderId);
          return {
            orderId: l.orderId,
            exOrderId: o?.exOrderId ?? null,
            orderName: o?.orderName ?? null,
            kind: l.kind,
            gateway: l.gateway,
            amount: fromCents(l.amountCents),
            paidAt: l.paidAt.toISOString(),
            fees: o
              ? {
                  shipping: fromCents(o.fees.shippingCents),
                  discount: fromCents(o.fees.discountCents),
                  tax: fromCents(o.fees.taxCents),
                  seasonal: fromCents(o.fees.seasonalCents),
                  overLength: fromCents(o.fees.overLengthCents),
                  signature: fromCents(o.fees.signatureCents),
                  surcharge: fromCents(o.fees.surchargeCents),
                  total: fromCents(o.fees.totalCents),
                }
              : null,
          };
        }),
      };
    },

    /** The PDF for its reader: their language, their time zone (as the invoice screen shows it). */
    async pdf(actor: Actor & { timeZone?: string }, id: string, lang: Language): Promise<{ fileName: string; data: Buffer }> {
      const inv = await this.detail(actor, id);
      const [who] = await searchCustomers(db, { ids: [inv.customerId], limit: 1 });
      return { fileName: `${inv.number}.pdf`, data: await invoicePdf(inv, { email: who?.email ?? null, fullName: who?.fullName ?? null }, { lang, offset: actor.timeZone ?? '+07:00' }) };
    },
  };
}
export type InvoiceService = ReturnType<typeof createInvoiceService>;
