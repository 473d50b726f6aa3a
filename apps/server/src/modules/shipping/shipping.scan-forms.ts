import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { SHIPPING_LIMITS, type ScanForm, type ScanFormCandidate } from '@exship/contracts';
import { isValidTrackingNumber, validOffset, wallClockAt } from '@exship/domain';
import { scope, type Actor } from '../../platform/access';
import { likePattern } from '../../platform/crud';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import type { OrderService } from '../orders';
import { findUsersByIds } from '../users';
import { renderScanFormPdf } from './shipping.scan-form-pdf';
import { scanFormOrders, scanForms, trackers } from './shipping.tables';

// SCAN forms (SPEC §2 /app/scan-form, §3, §5 "ship date and tracking number required", §8 "one or
// more tracking numbers invalid"): one form per account from its labeled parcels, with a PDF.

const SHIPPABLE = new Set(['labeled', 'shipped']);

/**
 * SF + the day it was made (YYMMDD) + 8 random hex digits. The day is the creator's, at their
 * offset (docs/engineering.md "Time"): a form made at 00:30 in Ho Chi Minh City carries that day,
 * not UTC's, which is still on the day before.
 */
export function scanFormNumber(now: Date, offset: string, random = randomBytes(4).toString('hex').toUpperCase()): string {
  return `SF${wallClockAt(now, offset).slice(2, 10).replace(/-/g, '')}${random}`;
}

/** SPEC §3 "action by": the person, by full name, else by email (never a placeholder). */
async function peopleNames(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  return new Map((await findUsersByIds(db, ids)).map((u) => [u.id, u.fullName.trim() || u.email]));
}

export function createScanFormService(deps: { db: Db; storage: Storage; orders: OrderService; now?: () => Date }) {
  const { db, storage, orders } = deps;
  const clock = deps.now ?? (() => new Date());

  async function view(forms: (typeof scanForms.$inferSelect)[]): Promise<ScanForm[]> {
    const ids = forms.map((f) => f.id);
    const lines = ids.length ? await db.select().from(scanFormOrders).where(inArray(scanFormOrders.scanFormId, ids)) : [];
    // The creator's name as it is now (forms made before names were kept say 'user').
    const names = await peopleNames(db, forms.map((f) => f.createdBy));
    return forms.map((f) => {
      const mine = lines.filter((l) => l.scanFormId === f.id);
      return {
        _id: f.id,
        number: f.number,
        shipDate: f.shipDate,
        createdAt: f.createdAt.toISOString(),
        actionBy: names.get(f.createdBy) ?? f.createdByName,
        count: mine.length,
        orders: mine.map((l) => ({ orderId: l.orderId, exOrderId: l.exOrderId, orderName: l.orderName, trackingNumber: l.trackingNumber })),
      };
    });
  }

  return {
    /**
     * The create form's picker: labeled parcels in force (not delivered, voided or cancelled) of the
     * actor's scope that no form holds, newest first, at most one form's worth.
     */
    async candidates(actor: Actor, q: { keyword?: string }): Promise<{ items: ScanFormCandidate[]; more: boolean }> {
      const kw = q.keyword?.trim();
      const limit = SHIPPING_LIMITS.scanFormMax;
      const rows = await db
        .select()
        .from(trackers)
        .where(
          and(
            scope(actor, trackers.accountId),
            eq(trackers.active, true),
            isNull(trackers.deliveredAt),
            sql`not exists (select 1 from ${scanFormOrders} where ${scanFormOrders.trackingNumber} = ${trackers.trackingNumber})`,
            kw
              ? or(ilike(trackers.exOrderId, likePattern(kw)), ilike(trackers.orderName, likePattern(kw)), eq(trackers.trackingNumber, kw.toUpperCase()))
              : undefined,
          ),
        )
        .orderBy(desc(trackers.labeledAt))
        .limit(limit + 1);
      const statuses = await orders.statusesOf(rows.map((r) => r.orderId));
      // The order's status decides (an order on hold keeps its tracker in force, but cannot go on a form).
      const open = rows.filter((r) => SHIPPABLE.has(statuses.get(r.orderId)?.status ?? ''));
      const emails = new Map((await findUsersByIds(db, new Set(open.map((r) => r.accountId)))).map((u) => [u.id, u.email]));
      return {
        items: open.slice(0, limit).map((r) => ({
          orderId: r.orderId,
          exOrderId: r.exOrderId,
          orderName: r.orderName,
          trackingNumber: r.trackingNumber,
          carrierName: r.carrierName,
          serviceName: r.serviceName,
          labeledAt: r.labeledAt.toISOString(),
          accountId: r.accountId,
          customer: emails.get(r.accountId) ?? '',
        })),
        more: rows.length > limit,
      };
    },

    async create(actor: Actor & { timeZone?: string }, body: { shipDate: string; trackingNumbers: string[] }): Promise<ScanForm> {
      const numbers = [...new Set(body.trackingNumbers.map((n) => n.trim().toUpperCase()))];
      const malformed = numbers.filter((n) => !isValidTrackingNumber(n));
      const rows = await db.select().from(trackers).where(and(scope(actor, trackers.accountId), inArray(trackers.trackingNumber, numbers)));
      const byNumber = new Map(rows.map((t) => [t.trackingNumber, t]));
      const statuses = await orders.statusesOf(rows.map((r) => r.orderId));
      const taken = new Set(
        (await db.select({ n: scanFormOrders.trackingNumber }).from(scanFormOrders).where(inArray(scanFormOrders.trackingNumber, numbers))).map((r) => r.n),
      );
      const invalid = numbers.filter((n) => malformed.includes(n) || !byNumber.has(n) || !SHIPPABLE.has(statuses.get(byNumber.get(n)!.orderId)?.status ?? '') || taken.has(n));
      if (invalid.length) {
        throw new AppError('INVALID_TRACKING_NUMBERS', 422, {
          vars: { numbers: invalid.join(', ') },
          errors: invalid.map((n) => ({ field: 'trackingNumbers', message: `${n}: ${malformed.includes(n) ? 'malformed' : !byNumber.has(n) ? 'unknown' : taken.has(n) ? 'already on a SCAN form' : 'not labeled'}` })),
          details: { invalid },
        });
      }
      const accounts = new Set(rows.map((r) => r.accountId));
      if (accounts.size !== 1) throw new AppError('INVALID_TRACKING_NUMBERS', 422, { vars: { numbers: numbers.join(', ') }, details: { reason: 'one SCAN form holds one seller\'s parcels' } });
      const accountId = rows[0]!.accountId;
      const now = clock();
      // The creator's offset from their settings; the product's default where they have none usable.
      const offset = validOffset(actor.timeZone, '+07:00');
      const number = scanFormNumber(now, offset);
      const pdfKey = `scan-forms/${accountId}/${number}.pdf`;
      const actionBy = (await peopleNames(db, [actor.userId])).get(actor.userId) ?? actor.userId;
      const ordered = numbers.map((n) => byNumber.get(n)!);
      const pdf = await renderScanFormPdf({
        number,
        shipDate: new Date(`${body.shipDate}T00:00:00Z`),
        createdBy: actionBy,
        createdAt: now,
        timeZone: offset,
        carrierName: [...new Set(ordered.map((t) => t.carrierName))].join(', '),
        rows: ordered.map((t) => ({ exOrderId: t.exOrderId, orderName: t.orderName, trackingNumber: t.trackingNumber })),
      });
      await storage.put(pdfKey, Buffer.from(pdf));
      try {
        const form = await db.transaction(async (tx) => {
          const [f] = await tx.insert(scanForms).values({ number, accountId, shipDate: body.shipDate, createdBy: actor.userId, createdByName: actionBy, createdAt: now, pdfKey }).returning();
          await tx.insert(scanFormOrders).values(ordered.map((t) => ({ scanFormId: f!.id, orderId: t.orderId, exOrderId: t.exOrderId, orderName: t.orderName, trackingNumber: t.trackingNumber })));
          return f!;
        });
        return (await view([form]))[0]!;
      } catch (err) {
        await storage.delete(pdfKey).catch(() => undefined);
        // Two forms taking the same number at once: the unique index decides, the second is told.
        if ((err as { cause?: { code?: string } }).cause?.code === '23505') throw new AppError('INVALID_TRACKING_NUMBERS', 422, { vars: { numbers: numbers.join(', ') } });
        throw err;
      }
    },

    async list(actor: Actor, q: { page: number; pageSize: number; keyword?: string }) {
      const kw = q.keyword?.trim();
      const where = and(
        scope(actor, scanForms.accountId),
        kw
          ? or(
              ilike(scanForms.number, likePattern(kw)),
              sql`${scanForms.id} in (select ${scanFormOrders.scanFormId} from ${scanFormOrders} where ${scanFormOrders.trackingNumber} = ${kw.toUpperCase()} or ${scanFormOrders.exOrderId} = ${kw.toUpperCase()})`,
            )
          : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db.select().from(scanForms).where(where).orderBy(desc(scanForms.createdAt)).offset((q.page - 1) * q.pageSize).limit(q.pageSize),
        db.select({ n: count() }).from(scanForms).where(where),
      ]);
      return { items: await view(rows), total: total!.n, page: q.page, pageSize: q.pageSize };
    },

    async pdf(actor: Actor, id: string): Promise<{ number: string; data: Buffer }> {
      const [f] = await db.select().from(scanForms).where(and(eq(scanForms.id, id), scope(actor, scanForms.accountId)));
      if (!f) throw new AppError('NOT_FOUND', 404);
      const data = await storage.get(f.pdfKey);
      if (!data) throw new AppError('FILE_NOT_FOUND', 404);
      return { number: f.number, data };
    },
  };
}

export type ScanFormService = ReturnType<typeof createScanFormService>;
