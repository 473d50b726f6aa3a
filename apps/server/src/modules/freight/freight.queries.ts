import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { FREIGHT_STATUSES, type Freight, type FreightDetail, type FreightDocument, type FreightStatus, type ManifestGap } from '@exship/contracts';
import { centiKgToKg, fromCents } from '@exship/domain';
import type { Db } from '../../platform/db';
import { dateRangeWhere, likePattern } from '../../platform/crud';
import { AppError } from '../../platform/errors';
import { findUsersByIds } from '../users';
import type { FreightCartons } from '../floor';
import { costView, type FreightRow } from './freight.cost';
import { airlines, freightCartonsOn, freightDocuments, freightHistory, freightParcelCosts, freights } from './freight.tables';

// What the freight screens read: the list (server-paged, counts per status), a freight with its
// cartons, cost, documents, history and manifest gaps, the airline's page.

export const freightNotFound = () => new AppError('FREIGHT_NOT_FOUND', 404);

const documentsCount = sql<number>`(select count(*)::int from ${freightDocuments} where ${freightDocuments.freightId} = ${freights.id})`;

export function freightView(f: FreightRow, airlineName: string, documents: number): Freight {
  return {
    _id: f.id,
    name: f.name,
    mawb: f.mawb,
    status: f.status as FreightStatus,
    airlineCode: f.airlineCode,
    airlineName,
    departureAirportCode: f.departureAirportCode,
    arrivalAirportCode: f.arrivalAirportCode,
    departureDate: f.departureDate.toISOString(),
    arrivalDate: f.arrivalDate?.toISOString() ?? null,
    carrierCode: f.carrierCode,
    cartons: f.cartons,
    parcels: f.parcels,
    grossWeightKg: centiKgToKg(f.grossCentiKg),
    confirmedWeightKg: f.confirmedCentiKg === null ? null : centiKgToKg(f.confirmedCentiKg),
    chargeableWeightKg: centiKgToKg(f.chargeableCentiKg),
    cost: f.costCents === null ? null : fromCents(f.costCents),
    documents,
    statusDates: f.statusDates,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

async function viewsOf(db: Db, where: SQL | undefined, page?: { offset: number; limit: number }): Promise<Freight[]> {
  const q = db
    .select({ f: freights, airlineName: airlines.name, documents: documentsCount })
    .from(freights)
    .innerJoin(airlines, eq(airlines.id, freights.airlineId))
    .where(where)
    .orderBy(desc(freights.departureDate), desc(freights.id));
  const rows = page ? await q.offset(page.offset).limit(page.limit) : await q.limit(200);
  return rows.map((r) => freightView(r.f, r.airlineName, Number(r.documents)));
}

export interface FreightListQuery {
  page: number;
  pageSize: number;
  keyword?: string;
  startDate?: string;
  endDate?: string;
  status: 'all' | FreightStatus;
  airlineCode?: string;
}

/** The list: filters, one page, the total and the count per status tab (under the other filters). */
export async function listFreights(db: Db, q: FreightListQuery) {
  const base = and(
    q.keyword ? or(ilike(freights.name, likePattern(q.keyword)), ilike(freights.mawb, likePattern(q.keyword))) : undefined,
    dateRangeWhere(freights.departureDate, q.startDate, q.endDate),
    q.airlineCode ? eq(freights.airlineCode, q.airlineCode.toUpperCase()) : undefined,
  );
  const where = and(base, q.status !== 'all' ? eq(freights.status, q.status) : undefined);
  const rows = await viewsOf(db, where, { offset: (q.page - 1) * q.pageSize, limit: q.pageSize });
  const perStatus = await db.select({ status: freights.status, n: count() }).from(freights).where(base).groupBy(freights.status);
  const counts = Object.fromEntries([['all', 0], ...FREIGHT_STATUSES.map((s) => [s, 0])]) as Record<'all' | FreightStatus, number>;
  for (const r of perStatus) {
    counts[r.status as FreightStatus] = Number(r.n);
    counts.all += Number(r.n);
  }
  return { rows, totalCount: q.status === 'all' ? counts.all : counts[q.status], counts };
}

/** An airline's freights, newest departure first. */
export const freightsOfAirline = (db: Db, airlineId: string) => viewsOf(db, eq(freights.airlineId, airlineId));

export async function loadFreight(db: Db, id: string, lock = false): Promise<FreightRow> {
  const q = db.select().from(freights).where(eq(freights.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw freightNotFound();
  return row;
}

export const documentView = (d: typeof freightDocuments.$inferSelect, names: Map<string, string>): FreightDocument => ({
  _id: d.id,
  fileName: d.fileName,
  contentType: d.contentType,
  sizeBytes: d.sizeBytes,
  uploadedAt: d.uploadedAt.toISOString(),
  uploadedBy: names.get(d.uploadedBy) ?? '',
});

/** A freight as its detail shows it; `gaps` are the manifest's (computed by the caller while cartons may change). */
export async function freightDetail(db: Db, cartons: FreightCartons, id: string, gaps: ManifestGap[]): Promise<FreightDetail> {
  const [r] = await db.select({ f: freights, airlineName: airlines.name }).from(freights).innerJoin(airlines, eq(airlines.id, freights.airlineId)).where(eq(freights.id, id));
  if (!r) throw freightNotFound();
  const on = await db.select().from(freightCartonsOn).where(eq(freightCartonsOn.freightId, id)).orderBy(asc(freightCartonsOn.addedAt), asc(freightCartonsOn.cartonId));
  const floor = new Map((await cartons.byIds(db, on.map((c) => c.cartonId))).map((c) => [c.id, c]));
  const shares = new Map(
    (
      await db
        .select({ cartonId: freightParcelCosts.cartonId, cents: sql<string | null>`sum(${freightParcelCosts.cents})` })
        .from(freightParcelCosts)
        .where(eq(freightParcelCosts.freightId, id))
        .groupBy(freightParcelCosts.cartonId)
    ).map((s) => [s.cartonId, s.cents === null ? null : Number(s.cents)]),
  );
  const docs = await db.select().from(freightDocuments).where(eq(freightDocuments.freightId, id)).orderBy(asc(freightDocuments.uploadedAt));
  const history = await db.select().from(freightHistory).where(eq(freightHistory.freightId, id)).orderBy(asc(freightHistory.seq));
  const people = [...docs.map((d) => d.uploadedBy), ...history.map((h) => h.actorId).filter((a): a is string => a !== null)];
  const names = new Map((await findUsersByIds(db, people)).map((u) => [u.id, u.fullName || u.email]));
  return {
    ...freightView(r.f, r.airlineName, docs.length),
    cartonList: on.map((c) => {
      const share = shares.get(c.cartonId);
      return {
        cartonId: c.cartonId,
        name: floor.get(c.cartonId)?.name ?? '',
        quantity: floor.get(c.cartonId)?.quantity ?? c.parcels,
        weightGr: c.grossCentiKg * 10,
        chargeableWeightKg: centiKgToKg(c.chargeableCentiKg),
        costShare: share === undefined || share === null ? null : fromCents(share),
      };
    }),
    costDetail: costView(r.f),
    documentList: docs.map((d) => documentView(d, names)),
    history: history.map((h) => ({ at: h.at.toISOString(), action: h.action, fromStatus: h.fromStatus, toStatus: h.toStatus, by: h.actorId ? (names.get(h.actorId) ?? '') : '', note: h.note })),
    manifestGaps: gaps,
  };
}

/** Which freight a carton is on (for the refusal of a carton on another freight). */
export async function freightOfCarton(tx: Db, cartonId: string): Promise<{ id: string; mawb: string } | null> {
  const [row] = await tx.select({ id: freights.id, mawb: freights.mawb }).from(freightCartonsOn).innerJoin(freights, eq(freights.id, freightCartonsOn.freightId)).where(eq(freightCartonsOn.cartonId, cartonId));
  return row ?? null;
}
