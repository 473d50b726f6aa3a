import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { ScanForm } from '@exship/contracts';
import { isValidTrackingNumber } from '@exship/domain';
import { scope, type Actor } from '../../platform/access';
import { likePattern } from '../../platform/crud';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import type { OrderService } from '../orders';
import { renderScanFormPdf } from './shipping.scan-form-pdf';
import { scanFormOrders, scanForms, trackers } from './shipping.tables';

// SCAN forms (SPEC §2 /app/scan-form, §3, §5 "ship date and tracking number required", §8 "one or
// more tracking numbers invalid"): one form per account from its labeled parcels, with a PDF.

const SHIPPABLE = new Set(['labeled', 'shipped']);

export function createScanFormService(deps: { db: Db; storage: Storage; orders: OrderService; now?: () => Date }) {
  const { db, storage, orders } = deps;
  const clock = deps.now ?? (() => new Date());

  async function view(forms: (typeof scanForms.$inferSelect)[]): Promise<ScanForm[]> {
    const ids = forms.map((f) => f.id);
    const lines = ids.length ? await db.select().from(scanFormOrders).where(inArray(scanFormOrders.scanFormId, ids)) : [];
    return forms.map((f) => {
      const mine = lines.filter((l) => l.scanFormId === f.id);
      return {
        _id: f.id,
        number: f.number,
        shipDate: f.shipDate,
        createdAt: f.createdAt.toISOString(),
        actionBy: f.createdByName,
        count: mine.length,
        orders: mine.map((l) => ({ orderId: l.orderId, exOrderId: l.exOrderId, orderName: l.orderName, trackingNumber: l.trackingNumber })),
      };
    });
  }

  return {
    async create(actor: Actor & { fullName?: string }, body: { shipDate: string; trackingNumbers: string[] }): Promise<ScanForm> {
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
      const number = `SF${now.toISOString().slice(2, 10).replace(/-/g, '')}${randomBytes(4).toString('hex').toUpperCase()}`;
      const pdfKey = `scan-forms/${accountId}/${number}.pdf`;
      const actionBy = actor.fullName || 'user';
      const ordered = numbers.map((n) => byNumber.get(n)!);
      const pdf = await renderScanFormPdf({
        number,
        shipDate: new Date(`${body.shipDate}T00:00:00Z`),
        createdBy: actionBy,
        createdAt: now,
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
