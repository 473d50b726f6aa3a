import { asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_TOLERANCE, type Tolerance } from '@exship/contracts';
import type { ToleranceRule } from '@exship/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SnapshotCache } from '../catalog';
import { floorTolerances } from './floor.tables';

// Check-in tolerances (docs/warehouse-floor.md "Tolerance"): one global row and one per service.
// Read on every check-in, so kept in memory for a few seconds; a change here drops the copy (another
// process sees it within RECHECK_MS).

const RECHECK_MS = 5_000;

export function createTolerances(db: Db, snapshot: SnapshotCache) {
  let cached: { at: number; rules: Promise<ToleranceRule[]> } | null = null;

  async function load(tx: Db = db): Promise<ToleranceRule[]> {
    const rows = await tx.select().from(floorTolerances).orderBy(asc(floorTolerances.updatedAt));
    return rows.map((r) => ({ serviceId: r.serviceId, weightGr: r.weightGr, dimensionCm: r.dimensionCm }));
  }

  /** The rules in force (global and per service), at most RECHECK_MS old; read in `tx` when they are. */
  function rules(tx: Db = db): Promise<ToleranceRule[]> {
    const now = Date.now();
    if (!cached || now - cached.at > RECHECK_MS) {
      const loading = load(tx);
      cached = { at: now, rules: loading };
      loading.catch(() => (cached = null));
    }
    return cached.rules;
  }

  async function view(rows: readonly ToleranceRule[]): Promise<Tolerance[]> {
    const codes = new Map((await snapshot.get()).services.map((s) => [s.id, s.code]));
    return rows.map((r) => ({ serviceId: r.serviceId, serviceCode: r.serviceId ? (codes.get(r.serviceId) ?? null) : null, weightGr: r.weightGr, dimensionCm: r.dimensionCm }));
  }

  return {
    rules,

    /** The global tolerance first (the default when staff set none), then each service's by code. */
    async list(): Promise<Tolerance[]> {
      const rows = await load();
      const global = rows.find((r) => r.serviceId === null);
      const listed = await view(rows.filter((r) => r.serviceId !== null));
      listed.sort((a, b) => (a.serviceCode ?? '').localeCompare(b.serviceCode ?? ''));
      const [first] = await view([global ?? { serviceId: null, ...DEFAULT_TOLERANCE }]);
      return [first!, ...listed];
    },

    async save(actorId: string, body: { serviceId: string | null; weightGr: number; dimensionCm: number }): Promise<Tolerance> {
      if (body.serviceId !== null && !(await snapshot.get()).services.some((s) => s.id === body.serviceId)) {
        throw new AppError('NOT_FOUND', 404, { errors: [{ field: 'serviceId', message: 'validation.service.unknown' }] });
      }
      const values = { weightGr: body.weightGr, dimensionCm: body.dimensionCm, updatedAt: sql`now()`, updatedBy: actorId };
      const [row] = await db
        .insert(floorTolerances)
        .values({ serviceId: body.serviceId, ...values })
        .onConflictDoUpdate({ target: floorTolerances.serviceId, set: values })
        .returning();
      cached = null;
      const [out] = await view([{ serviceId: row!.serviceId, weightGr: row!.weightGr, dimensionCm: row!.dimensionCm }]);
      return out!;
    },

    async remove(serviceId: string): Promise<{ serviceId: string }> {
      await db.delete(floorTolerances).where(eq(floorTolerances.serviceId, serviceId));
      cached = null;
      return { serviceId };
    },
  };
}

export type Tolerances = ReturnType<typeof createTolerances>;
