import { and, eq, sql } from 'drizzle-orm';
import type { Packaging } from '@exship/contracts';
import { zipNumber, type CatalogSnapshot } from '@exship/domain';
import { readAll, type Db } from '../../platform/db';
import { loadDiscountRules } from '../discounts';
import { carrierPrices, carrierRoutes, carriers, catalogMeta, priceVersions, servicePrices, services, taxes, warehouses, zoneRanges, zones } from './catalog.tables';

/** How often a process asks the database whether another process changed the catalog. */
const RECHECK_MS = 1000;

const active = (s: string) => s === 'active';

/** Service and carrier prices of one version each (the active ones by default). */
export async function loadPrices(db: Db, versions: { service?: string | null; carrier?: string | null } = {}) {
  const versionFilter = async (kind: 'service' | 'carrier', id: string | null | undefined) => {
    if (id !== undefined) return id;
    const [v] = await db.select({ id: priceVersions.id }).from(priceVersions).where(and(eq(priceVersions.kind, kind), eq(priceVersions.status, 'active')));
    return v?.id ?? null;
  };
  const [serviceVersion, carrierVersion] = await readAll(db, [() => versionFilter('service', versions.service), () => versionFilter('carrier', versions.carrier)]);
  const [sp, cp] = await readAll(db, [
    async () => (serviceVersion ? db.select().from(servicePrices).where(eq(servicePrices.versionId, serviceVersion)) : []),
    async () => (carrierVersion ? db.select().from(carrierPrices).where(eq(carrierPrices.versionId, carrierVersion)) : []),
  ]);
  return {
    servicePrices: sp.map((b) => ({ serviceId: b.serviceId, from: b.weightFrom, to: b.weightTo, shippingFeeCents: b.shippingFeeCents, seasonalFeeCents: b.seasonalFeeCents, active: active(b.status) })),
    carrierPrices: cp.map((b) => ({
      carrierId: b.carrierId,
      serviceId: b.serviceId,
      warehouseId: b.warehouseId,
      zoneId: b.zoneId,
      from: b.weightFrom,
      to: b.weightTo,
      lastMileCostCents: b.lastMileCostCents,
      seasonalCostCents: b.seasonalCostCents,
      active: active(b.status),
    })),
  };
}

export async function loadSnapshot(db: Db): Promise<CatalogSnapshot> {
  // Read on a transaction's client when the caller is in one (SnapshotCache.get(tx)): one query at a time.
  const [c, s, w, z, zr, t, r, prices, discounts] = await readAll(db, [
    () => db.select().from(carriers),
    () => db.select().from(services),
    () => db.select().from(warehouses),
    () => db.select().from(zones),
    () => db.select().from(zoneRanges),
    () => db.select().from(taxes),
    () => db.select().from(carrierRoutes),
    () => loadPrices(db),
    () => loadDiscountRules(db),
  ]);
  return {
    carriers: c.map((x) => ({ id: x.id, code: x.code, name: x.name, active: active(x.status) })),
    services: s.map((x) => ({
      id: x.id,
      code: x.code,
      name: x.name,
      carrierId: x.carrierId,
      active: active(x.status),
      signatureFeeCents: x.signatureFeeCents,
      overLengthFeeCents: x.overLengthFeeCents,
      overLengthThresholdCm: x.overLengthThresholdCm,
      transitDaysMin: x.transitDaysMin,
      transitDaysMax: x.transitDaysMax,
      packaging: x.packaging as Packaging,
    })),
    warehouses: w.map((x) => ({ id: x.id, code: x.code, name: x.name, active: active(x.status) })),
    zones: z.map((x) => ({
      id: x.id,
      code: x.code,
      name: x.name,
      country: x.country,
      states: x.states,
      active: active(x.status),
      ranges: zr.filter((g) => g.zoneId === x.id).map((g) => ({ from: zipNumber(g.zipFrom), to: zipNumber(g.zipTo) })),
    })),
    taxes: t.map((x) => ({ country: x.country, province: x.province, carrierId: x.carrierId, rateBp: x.rateBp, active: active(x.status) })),
    routes: r.map((x) => ({
      id: x.id,
      serviceId: x.serviceId,
      minWeight: x.minWeight,
      maxWeight: x.maxWeight,
      priority: x.priority,
      sku: x.sku,
      users: x.users,
      typeShipping: x.typeShipping as 'state' | 'country',
      toCountry: x.toCountry,
      toState: x.toState,
      toArrayCountry: x.toArrayCountry,
      allocations: x.allocations,
      active: active(x.status),
    })),
    ...prices,
    discounts,
  };
}

/**
 * The catalog snapshot every quote reads, cached per process (bench/quote.ts). A change here bumps
 * catalog_meta.version; other processes see the new version within RECHECK_MS and reload.
 */
export class SnapshotCache {
  private snapshot: Promise<CatalogSnapshot> | null = null;
  /** The loaded value of `snapshot`, once it has resolved. */
  private loaded: CatalogSnapshot | null = null;
  private version = -1;
  private checkedAt = 0;

  constructor(private readonly db: Db) {}

  /** The snapshot without waiting, when it is loaded and was checked within RECHECK_MS; else null (use get()). */
  peek(): CatalogSnapshot | null {
    return this.loaded && Date.now() - this.checkedAt < RECHECK_MS ? this.loaded : null;
  }

  /**
   * The current snapshot. `db` is the connection to read it on when it must be (re)loaded: a caller
   * inside a transaction passes its `tx` (on PGlite, a query outside the open transaction would wait
   * for it to end).
   */
  async get(db: Db = this.db): Promise<CatalogSnapshot> {
    const now = Date.now();
    if (this.snapshot && now - this.checkedAt < RECHECK_MS) return this.snapshot;
    this.checkedAt = now;
    const current = await this.currentVersion(db);
    if (!this.snapshot || current !== this.version) {
      this.version = current;
      this.loaded = null;
      const loading = loadSnapshot(db);
      this.snapshot = loading;
      loading.then(
        (value) => {
          if (this.snapshot === loading) this.loaded = value;
        },
        () => {
          if (this.snapshot === loading) this.snapshot = null;
        },
      );
    }
    return this.snapshot;
  }

  /** Called after every catalog write. */
  async invalidate(): Promise<void> {
    await this.db
      .insert(catalogMeta)
      .values({ id: 1, version: 1 })
      .onConflictDoUpdate({ target: catalogMeta.id, set: { version: sql`${catalogMeta.version} + 1` } });
    this.snapshot = null;
    this.loaded = null;
  }

  private async currentVersion(db: Db): Promise<number> {
    const [row] = await db.select({ v: catalogMeta.version }).from(catalogMeta).where(eq(catalogMeta.id, 1));
    return row?.v ?? 0;
  }
}
