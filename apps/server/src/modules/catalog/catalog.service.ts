import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  HandoverPoint,
  Packaging,
  CarrierBodySchema,
  CarrierConfigBodySchema,
  CarrierListQuerySchema,
  ListQuerySchema,
  ServiceBodySchema,
  TaxBodySchema,
  WarehouseBodySchema,
  WarehouseListQuerySchema,
  ZoneBodySchema,
} from '@exship/contracts';
import { fromCents, toCents } from '@exship/domain';
import { listFilters, notFound, paginate, uniqueWrite } from '../../platform/crud';
import { readAll, type Db } from '../../platform/db';
import { AppError, sqlState } from '../../platform/errors';
import { carrierRoutes, carriers, services, taxes, warehouses, zoneRanges, zones } from './catalog.tables';

type Body<S extends z.ZodType> = z.infer<S>;
type ListQuery = z.infer<typeof ListQuerySchema>;
type WarehouseRow = typeof warehouses.$inferSelect;

/** Optional fields left empty are stored as null (an update clears them). */
const warehouseRow = (b: Body<typeof WarehouseBodySchema>) => ({
  ...b,
  email: b.email ?? null,
  phone: b.phone ?? null,
  state: b.state ?? null,
  handoverAddress: b.handoverAddress || null,
  handoverCity: b.handoverCity || null,
  handoverCountry: b.handoverCountry || null,
  handoverHours: b.handoverHours || null,
});

/**
 * Where a seller hands a warehouse's parcels over, and where the carrier takes them: the hand-over
 * point staff set (its city and country, else the warehouse's), else the warehouse's own address.
 */
export function handoverPlaceOf(w: WarehouseRow): { address: string; city: string; state: string; zipcode: string; country: string } {
  if (w.handoverAddress) {
    const sameCity = !w.handoverCity || w.handoverCity === w.city;
    return { address: w.handoverAddress, city: w.handoverCity ?? w.city, state: sameCity ? (w.state ?? '') : '', zipcode: sameCity ? w.zipcode : '', country: w.handoverCountry ?? w.country };
  }
  return { address: w.address, city: w.city, state: w.state ?? '', zipcode: w.zipcode, country: w.country };
}

/** Staff writes to the network: carriers, services, warehouses, zones, taxes, carrier routing. */
export function createCatalogService(db: Db, onChange: () => Promise<void>) {
  const changed = async <T>(value: T) => {
    await onChange();
    return value;
  };

  const serviceDto = (s: typeof services.$inferSelect) => ({
    id: s.id,
    code: s.code,
    name: s.name,
    carrierId: s.carrierId,
    signatureFee: fromCents(s.signatureFeeCents),
    overLengthFee: fromCents(s.overLengthFeeCents),
    overLengthThresholdCm: s.overLengthThresholdCm,
    transitDaysMin: s.transitDaysMin,
    transitDaysMax: s.transitDaysMax,
    packaging: s.packaging as Packaging,
    status: s.status,
  });
  const serviceRow = (b: Body<typeof ServiceBodySchema>) => ({
    code: b.code,
    name: b.name,
    carrierId: b.carrierId,
    signatureFeeCents: toCents(b.signatureFee),
    overLengthFeeCents: toCents(b.overLengthFee),
    overLengthThresholdCm: b.overLengthThresholdCm,
    transitDaysMin: b.transitDaysMin ?? null,
    transitDaysMax: b.transitDaysMax ?? null,
    packaging: b.packaging,
    status: b.status,
  });

  async function zoneDtos(rows: (typeof zones.$inferSelect)[]) {
    if (rows.length === 0) return [];
    const ranges = await db.select().from(zoneRanges).where(inArray(zoneRanges.zoneId, rows.map((z) => z.id)));
    return rows.map((z) => ({ ...z, ranges: ranges.filter((r) => r.zoneId === z.id).map((r) => ({ zipFrom: r.zipFrom, zipTo: r.zipTo })) }));
  }

  async function writeZone(tx: Db, id: string | null, b: Body<typeof ZoneBodySchema>) {
    const values = { code: b.code, name: b.name, country: b.country, states: b.states, status: b.status };
    const [z] = id
      ? await tx.update(zones).set({ ...values, updatedAt: new Date() }).where(eq(zones.id, id)).returning()
      : await tx.insert(zones).values(values).returning();
    notFound(z);
    await tx.delete(zoneRanges).where(eq(zoneRanges.zoneId, z.id));
    if (b.ranges.length > 0) await tx.insert(zoneRanges).values(b.ranges.map((r) => ({ zoneId: z.id, zipFrom: r.zipFrom, zipTo: r.zipTo })));
    return z;
  }

  const taxDto = (t: typeof taxes.$inferSelect) => ({ ...t, rate: t.rateBp / 100, rateBp: undefined });
  const taxRow = (b: Body<typeof TaxBodySchema>) => ({
    country: b.country,
    province: b.province ?? null,
    carrierId: b.carrierId ?? null,
    taxType: b.taxType,
    rateBp: Math.round(b.rate * 100),
    status: b.status,
  });

  /**
   * Quotes use one tax per country, province and carrier (findTax in the domain): a second active tax
   * for the same place would be ignored without a word, so it is refused, naming the tax in the way.
   * Taxes have no validity dates, so two active ones always overlap. The table lock makes two
   * concurrent writes wait for each other (reads, the quotes' snapshot included, are not blocked).
   */
  async function refuseOverlappingTax(tx: Db, id: string | null, b: Body<typeof TaxBodySchema>) {
    if (b.status !== 'active') return;
    await tx.execute(sql`lock table ${taxes} in share row exclusive mode`);
    const row = taxRow(b);
    const [other] = await tx
      .select({ taxType: taxes.taxType, rateBp: taxes.rateBp, carrierCode: carriers.code })
      .from(taxes)
      .leftJoin(carriers, eq(carriers.id, taxes.carrierId))
      .where(
        and(
          eq(taxes.status, 'active'),
          eq(taxes.country, row.country),
          sql`${taxes.province} is not distinct from ${row.province}`,
          sql`${taxes.carrierId} is not distinct from ${row.carrierId}`,
          id ? sql`${taxes.id} <> ${id}` : undefined,
        ),
      )
      .limit(1);
    if (!other) return;
    const vars = {
      country: row.country,
      province: row.province ?? 'tax.allProvinces',
      carrier: other.carrierCode ?? 'tax.allCarriers',
      taxType: other.taxType,
      rate: (other.rateBp / 100).toFixed(2),
    };
    throw new AppError('TAX_OVERLAP', 409, { vars, errors: [{ field: 'province', message: 'error.TAX_OVERLAP', vars }] });
  }

  async function writeRoute(id: string | null, b: Body<typeof CarrierConfigBodySchema>) {
    const values = {
      serviceId: b.serviceId,
      minWeight: b.minWeight,
      maxWeight: b.maxWeight,
      priority: b.priority,
      sku: b.sku ?? null,
      users: b.users,
      typeShipping: b.typeShipping,
      toCountry: b.toCountry ?? null,
      toState: b.toState,
      toArrayCountry: b.toArrayCountry,
      allocations: b.allocations,
      status: b.status,
    };
    await assertExist(b.allocations.map((a) => a.carrierId), carriers, 'allocations');
    await assertExist(b.allocations.map((a) => a.warehouseId), warehouses, 'allocations');
    try {
      const [r] = id
        ? await db.update(carrierRoutes).set({ ...values, updatedAt: new Date() }).where(eq(carrierRoutes.id, id)).returning()
        : await db.insert(carrierRoutes).values(values).returning();
      notFound(r);
      return changed(r);
    } catch (err) {
      if (sqlState(err) === '23505') throw new AppError('PRIORITY_TAKEN', 409, { errors: [{ field: 'priority', message: 'error.PRIORITY_TAKEN' }] });
      if (sqlState(err) === '23503') throw new AppError('REFERENCE_NOT_FOUND', 400, { errors: [{ field: 'serviceId', message: 'error.REFERENCE_NOT_FOUND' }] });
      throw err;
    }
  }

  async function assertExist(ids: string[], table: typeof carriers | typeof warehouses, field: string) {
    const unique = [...new Set(ids)];
    const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, unique));
    if (found.length !== unique.length) throw new AppError('REFERENCE_NOT_FOUND', 400, { errors: [{ field, message: 'error.REFERENCE_NOT_FOUND' }] });
  }

  return {
    // ----- carriers -----
    async listCarriers(q: Body<typeof CarrierListQuerySchema>) {
      const where = listFilters({ keyword: q.keyword, keywordColumns: [carriers.code, carriers.name], status: q.status, statusColumn: carriers.status }, [
        q.serviceId ? sql`exists (select 1 from ${services} where ${services.carrierId} = ${carriers.id} and ${services.id} = ${q.serviceId})` : undefined,
        q.warehouseId
          ? sql`exists (select 1 from ${carrierRoutes}, jsonb_array_elements(${carrierRoutes.allocations}) a where a->>'carrierId' = ${carriers.id}::text and a->>'warehouseId' = ${q.warehouseId})`
          : undefined,
      ]);
      return paginate(db, carriers, where, q, async (offset, limit) => {
        const rows = await db.select().from(carriers).where(where).orderBy(asc(carriers.code)).offset(offset).limit(limit);
        const svc = rows.length ? await db.select().from(services).where(inArray(services.carrierId, rows.map((r) => r.id))) : [];
        return rows.map((c) => ({ ...c, services: svc.filter((s) => s.carrierId === c.id).map(serviceDto) }));
      });
    },
    createCarrier: (b: Body<typeof CarrierBodySchema>) => uniqueWrite('code', async () => changed((await db.insert(carriers).values(b).returning())[0]!)),
    async updateCarrier(id: string, b: Body<typeof CarrierBodySchema>) {
      const [r] = await uniqueWrite('code', () => db.update(carriers).set({ ...b, updatedAt: new Date() }).where(eq(carriers.id, id)).returning());
      notFound(r);
      return changed(r);
    },

    // ----- services -----
    async listServices(q: ListQuery & { carrierId?: string }) {
      const where = listFilters({ keyword: q.keyword, keywordColumns: [services.code, services.name], status: q.status, statusColumn: services.status }, [
        q.carrierId ? eq(services.carrierId, q.carrierId) : undefined,
      ]);
      return paginate(db, services, where, q, async (offset, limit) =>
        (await db.select().from(services).where(where).orderBy(asc(services.code)).offset(offset).limit(limit)).map(serviceDto),
      );
    },
    /** The given service ids that name no service (one query). */
    async missingServiceIds(ids: string[]): Promise<string[]> {
      const found = new Set((await db.select({ id: services.id }).from(services).where(inArray(services.id, ids))).map((r) => r.id));
      return ids.filter((id) => !found.has(id));
    },
    async getService(id: string) {
      const [s] = await db.select().from(services).where(eq(services.id, id));
      notFound(s);
      return serviceDto(s);
    },
    createService: (b: Body<typeof ServiceBodySchema>) =>
      uniqueWrite('code', async () => changed(serviceDto((await db.insert(services).values(serviceRow(b)).returning())[0]!))),
    async updateService(id: string, b: Body<typeof ServiceBodySchema>) {
      const [r] = await uniqueWrite('code', () => db.update(services).set({ ...serviceRow(b), updatedAt: new Date() }).where(eq(services.id, id)).returning());
      notFound(r);
      return changed(serviceDto(r));
    },

    // ----- warehouses -----
    /** A warehouse by its code (the sender block of a label, the floor's timeline), or undefined; in `tx` when given. */
    async warehouseByCode(code: string, tx: Db = db) {
      const [w] = await tx.select().from(warehouses).where(eq(warehouses.code, code)).limit(1);
      return w;
    },
    /** Where sellers hand parcels over: each active warehouse's hand-over point (else its own address) and hours. */
    async handoverPoints(): Promise<HandoverPoint[]> {
      const rows = await db.select().from(warehouses).where(eq(warehouses.status, 'active')).orderBy(asc(warehouses.code));
      return rows.map((w) => ({ code: w.code, name: w.name, hours: w.handoverHours, phone: w.phone, ...handoverPlaceOf(w) }));
    },
    /** Carriers by id (code and name), for labels and tracking. */
    async carriersByIds(ids: string[]) {
      return ids.length === 0 ? [] : db.select({ id: carriers.id, code: carriers.code, name: carriers.name, status: carriers.status }).from(carriers).where(inArray(carriers.id, ids));
    },
    async allCarriers() {
      return db.select({ id: carriers.id, code: carriers.code, name: carriers.name, status: carriers.status }).from(carriers).orderBy(asc(carriers.code));
    },
    async listWarehouses(q: Body<typeof WarehouseListQuerySchema>) {
      const where = listFilters(
        { keyword: q.keyword, keywordColumns: [warehouses.code, warehouses.name, warehouses.city, warehouses.zipcode], status: q.status, statusColumn: warehouses.status },
        [q.country ? eq(warehouses.country, q.country) : undefined],
      );
      return paginate(db, warehouses, where, q, (offset, limit) => db.select().from(warehouses).where(where).orderBy(asc(warehouses.code)).offset(offset).limit(limit));
    },
    createWarehouse: (b: Body<typeof WarehouseBodySchema>) => uniqueWrite('code', async () => changed((await db.insert(warehouses).values(warehouseRow(b)).returning())[0]!)),
    async updateWarehouse(id: string, b: Body<typeof WarehouseBodySchema>) {
      const [r] = await uniqueWrite('code', () => db.update(warehouses).set({ ...warehouseRow(b), updatedAt: new Date() }).where(eq(warehouses.id, id)).returning());
      notFound(r);
      return changed(r);
    },

    // ----- zones -----
    async listZones(q: ListQuery & { country?: string }) {
      const where = listFilters({ keyword: q.keyword, keywordColumns: [zones.code, zones.name], status: q.status, statusColumn: zones.status }, [
        q.country ? eq(zones.country, q.country) : undefined,
      ]);
      return paginate(db, zones, where, q, async (offset, limit) => zoneDtos(await db.select().from(zones).where(where).orderBy(asc(zones.code)).offset(offset).limit(limit)));
    },
    async allZones() {
      return zoneDtos(await db.select().from(zones).orderBy(asc(zones.code)));
    },
    createZone: (b: Body<typeof ZoneBodySchema>) => uniqueWrite('code', async () => changed((await zoneDtos([await db.transaction((tx) => writeZone(tx, null, b))]))[0]!)),
    updateZone: (id: string, b: Body<typeof ZoneBodySchema>) =>
      uniqueWrite('code', async () => changed((await zoneDtos([await db.transaction((tx) => writeZone(tx, id, b))]))[0]!)),
    /** Zone import: every zone in the file is created or replaced by code, all or nothing. */
    /** With `within`, inside the caller's transaction (the import pipeline's). */
    async upsertZones(list: Body<typeof ZoneBodySchema>[], within?: Db) {
      await (within ?? db).transaction(async (tx) => {
        for (const b of list) {
          const [existing] = await tx.select({ id: zones.id }).from(zones).where(eq(zones.code, b.code));
          await writeZone(tx, existing?.id ?? null, b);
        }
      });
      // Inside a caller's transaction the caller invalidates after its commit (catalogChanged).
      if (!within) await onChange();
      return list.length;
    },

    /** Tells the snapshot cache the catalog changed (after a commit made elsewhere). */
    async catalogChanged() {
      await onChange();
    },

    // ----- taxes -----
    async listTaxes(q: ListQuery & { country?: string }) {
      const where = listFilters({ keyword: q.keyword, keywordColumns: [taxes.country, taxes.province, taxes.taxType], status: q.status, statusColumn: taxes.status }, [
        q.country ? eq(taxes.country, q.country) : undefined,
      ]);
      return paginate(db, taxes, where, q, async (offset, limit) =>
        (await db.select().from(taxes).where(where).orderBy(asc(taxes.country), asc(taxes.province)).offset(offset).limit(limit)).map(taxDto),
      );
    },
    createTax: (b: Body<typeof TaxBodySchema>) =>
      uniqueWrite('carrierId', () =>
        db.transaction(async (tx) => {
          await refuseOverlappingTax(tx, null, b);
          return (await tx.insert(taxes).values(taxRow(b)).returning())[0]!;
        }),
      ).then((r) => changed(taxDto(r))),
    /** Also how a tax is activated (its status set to active): the same overlap rule applies. */
    async updateTax(id: string, b: Body<typeof TaxBodySchema>) {
      const [r] = await uniqueWrite('carrierId', () =>
        db.transaction(async (tx) => {
          await refuseOverlappingTax(tx, id, b);
          return tx.update(taxes).set({ ...taxRow(b), updatedAt: new Date() }).where(eq(taxes.id, id)).returning();
        }),
      );
      notFound(r);
      return changed(taxDto(r));
    },
    async deleteTax(id: string) {
      const [r] = await db.delete(taxes).where(eq(taxes.id, id)).returning({ id: taxes.id });
      notFound(r);
      await onChange();
    },

    // ----- carrier routing -----
    async listRoutes(q: ListQuery & { serviceId?: string }) {
      const where = and(
        q.serviceId ? eq(carrierRoutes.serviceId, q.serviceId) : undefined,
        q.status !== 'all' ? eq(carrierRoutes.status, q.status) : undefined,
        q.keyword ? sql`${carrierRoutes.serviceId} in (select ${services.id} from ${services} where ${services.code} ilike ${`%${q.keyword}%`})` : undefined,
      );
      return paginate(db, carrierRoutes, where, q, (offset, limit) =>
        db.select().from(carrierRoutes).where(where).orderBy(asc(carrierRoutes.serviceId), asc(carrierRoutes.priority)).offset(offset).limit(limit),
      );
    },
    createRoute: (b: Body<typeof CarrierConfigBodySchema>) => writeRoute(null, b),
    updateRoute: (id: string, b: Body<typeof CarrierConfigBodySchema>) => writeRoute(id, b),
    async deleteRoute(id: string) {
      const [r] = await db.delete(carrierRoutes).where(eq(carrierRoutes.id, id)).returning({ id: carrierRoutes.id });
      notFound(r);
      await onChange();
    },

    /** Ids by code, for imports that name carriers, services, warehouses and zones by code. */
    async codeMaps(q: Db = db) {
      const [c, s, w, z] = await readAll(q, [
        () => q.select({ id: carriers.id, code: carriers.code }).from(carriers),
        () => q.select({ id: services.id, code: services.code, carrierId: services.carrierId }).from(services),
        () => q.select({ id: warehouses.id, code: warehouses.code }).from(warehouses),
        () => q.select({ id: zones.id, code: zones.code }).from(zones),
      ]);
      return {
        carriers: new Map(c.map((x) => [x.code, x.id])),
        services: new Map(s.map((x) => [x.code, x.id])),
        warehouses: new Map(w.map((x) => [x.code, x.id])),
        zones: new Map(z.map((x) => [x.code, x.id])),
        /** id → code, for exports. */
        codeOf: {
          carriers: new Map(c.map((x) => [x.id, x.code])),
          services: new Map(s.map((x) => [x.id, x.code])),
          warehouses: new Map(w.map((x) => [x.id, x.code])),
          zones: new Map(z.map((x) => [x.id, x.code])),
        },
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
