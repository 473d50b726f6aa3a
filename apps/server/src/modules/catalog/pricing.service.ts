import { and, asc, desc, eq } from 'drizzle-orm';
import { fromCents, type CatalogSnapshot } from '@exship/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/http';
import { loadPrices, type SnapshotCache } from './catalog.snapshot';
import { carrierPrices, priceVersions, servicePrices } from './catalog.tables';
import { runQuote, type QuoteInput, type QuoteService } from './quote.service';

export type PriceKind = 'service' | 'carrier';
export type ServicePriceRow = Omit<typeof servicePrices.$inferInsert, 'versionId' | 'id'>;
export type CarrierPriceRow = Omit<typeof carrierPrices.$inferInsert, 'versionId' | 'id'>;

export function createPricingService(db: Db, cache: SnapshotCache, quotes: QuoteService) {
  async function version(id: string) {
    const [v] = await db.select().from(priceVersions).where(eq(priceVersions.id, id));
    if (!v) throw new AppError('NOT_FOUND', 404);
    return v;
  }

  return {
    listVersions: (kind: PriceKind) => db.select().from(priceVersions).where(eq(priceVersions.kind, kind)).orderBy(desc(priceVersions.createdAt)).limit(50),

    /** A validated import becomes a draft version (imports are dated versions). */
    /** With `within`, inside the caller's transaction (the import pipeline's). */
    async createVersion(kind: PriceKind, fileName: string, auth: Pick<AuthContext, 'userId'>, rows: ServicePriceRow[] | CarrierPriceRow[], within?: Db) {
      return (within ?? db).transaction(async (tx) => {
        const [v] = await tx.insert(priceVersions).values({ kind, fileName, rowCount: rows.length, createdBy: auth.userId }).returning();
        const chunk = 1000;
        for (let i = 0; i < rows.length; i += chunk) {
          const part = rows.slice(i, i + chunk).map((r) => ({ ...r, versionId: v!.id }));
          if (kind === 'service') await tx.insert(servicePrices).values(part as (ServicePriceRow & { versionId: string })[]);
          else await tx.insert(carrierPrices).values(part as (CarrierPriceRow & { versionId: string })[]);
        }
        return v!;
      });
    },

    /** The draft replaces the active version of its kind; the old one is archived. */
    async activate(id: string) {
      const v = await version(id);
      if (v.status !== 'draft') throw new AppError('PRICE_VERSION_NOT_DRAFT', 409);
      await db.transaction(async (tx) => {
        await tx.update(priceVersions).set({ status: 'archived' }).where(and(eq(priceVersions.kind, v.kind), eq(priceVersions.status, 'active')));
        await tx.update(priceVersions).set({ status: 'active', activatedAt: new Date() }).where(eq(priceVersions.id, id));
      });
      await cache.invalidate();
      return version(id);
    },

    async deleteDraft(id: string) {
      const v = await version(id);
      if (v.status !== 'draft') throw new AppError('PRICE_VERSION_NOT_DRAFT', 409);
      await db.delete(priceVersions).where(eq(priceVersions.id, id));
    },

    /**
     * Before/after on a sample of recent quotes: each sample priced with the active tables and with
     * this draft in place of the active table of its kind.
     */
    async preview(id: string) {
      const v = await version(id);
      const current = await cache.get();
      const draftPrices = await loadPrices(db, v.kind === 'service' ? { service: v.id } : { carrier: v.id });
      const candidate: CatalogSnapshot = {
        ...current,
        ...(v.kind === 'service' ? { servicePrices: draftPrices.servicePrices } : { carrierPrices: draftPrices.carrierPrices }),
      };
      const samples = await quotes.recentSamples(200);
      const now = Date.now();
      const rows = samples.map((s) => {
        const input = s.request as QuoteInput;
        const before = runQuote(current, input, now);
        const after = runQuote(candidate, input, now);
        const b = before.ok ? before.quote.fees.total : null;
        const a = after.ok ? after.quote.fees.total : null;
        return {
          sampleId: s.id,
          quotedAt: s.createdAt.toISOString(),
          serviceCode: input.serviceCode,
          destination: `${input.country}${input.state ? `-${input.state}` : ''} ${input.zipcode}`,
          weight: input.weight,
          before: b === null ? null : fromCents(b),
          after: a === null ? null : fromCents(a),
          delta: a !== null && b !== null ? fromCents(a - b) : null,
          afterError: after.ok ? null : after.error.code === 'NO_SUITABLE_SERVICE' ? `NO_SUITABLE_SERVICE:${after.error.reason}` : after.error.code,
        };
      });
      const priced = rows.filter((r) => r.delta !== null);
      return {
        version: v,
        summary: {
          samples: rows.length,
          changed: priced.filter((r) => r.delta !== 0).length,
          increased: priced.filter((r) => r.delta! > 0).length,
          decreased: priced.filter((r) => r.delta! < 0).length,
          newlyUnpriced: rows.filter((r) => r.before !== null && r.after === null).length,
          averageDelta: priced.length ? Math.round((priced.reduce((s, r) => s + r.delta!, 0) / priced.length) * 100) / 100 : 0,
        },
        rows,
      };
    },

    /** The sell price brackets of the active table, by service: what sellers see on the price screen. */
    async sellPrices(serviceId?: string) {
      const snapshot = await cache.get();
      const list = snapshot.services
        .filter((s) => s.active && (!serviceId || s.id === serviceId))
        .map((s) => ({
          service: { id: s.id, code: s.code, name: s.name, signatureFee: fromCents(s.signatureFeeCents) },
          brackets: snapshot.servicePrices
            .filter((b) => b.serviceId === s.id && b.active)
            .sort((a, b) => a.from - b.from)
            .map((b) => ({ weightFrom: b.from, weightTo: b.to, shippingFee: fromCents(b.shippingFeeCents), seasonalFee: fromCents(b.seasonalFeeCents) })),
        }));
      return list;
    },

    /** Rows of one version (or the active one) for export. */
    async versionRows(kind: PriceKind, id?: string) {
      const versionId =
        id ?? (await db.select({ id: priceVersions.id }).from(priceVersions).where(and(eq(priceVersions.kind, kind), eq(priceVersions.status, 'active'))))[0]?.id;
      if (!versionId) return [];
      if (kind === 'service') return db.select().from(servicePrices).where(eq(servicePrices.versionId, versionId)).orderBy(asc(servicePrices.serviceId), asc(servicePrices.weightFrom));
      return db.select().from(carrierPrices).where(eq(carrierPrices.versionId, versionId)).orderBy(asc(carrierPrices.serviceId), asc(carrierPrices.weightFrom));
    },

  };
}

export type PricingService = ReturnType<typeof createPricingService>;
