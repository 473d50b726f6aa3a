import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { CARTON_STATUSES, type CartonStatus } from '@exship/contracts';
import { importStatusChange, type CartonImportStatus } from '@exship/domain';
import type { Db } from '../../platform/db';
import { cartonParcels, cartons } from './floor.cartons.tables';

// What air freight (which depends on the floor) reads and writes of cartons: a checked-out carton
// scanned onto a freight, the fact that it is on one (its check-out is then not undone) and that the
// freight is checked (it then never reopens, SPEC §4), the parcels of a freight's cartons as a
// subquery for set-based statements, and the cartons following the freight along their journey.

export interface FreightCarton {
  id: string;
  name: string;
  status: CartonStatus;
  quantity: number;
  weightGr: number | null;
  parcelsWeightGr: number;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  /** The freight it is on (air freight's id), or a partner's freight reference from the box import. */
  freightId: string | null;
}

export const freightCartons = {
  /** The carton a scanned code names (its id, any case), locked for the scan; null when there is none. */
  async lock(tx: Db, code: string): Promise<FreightCarton | null> {
    const [row] = await tx
      .select({
        id: cartons.id,
        name: cartons.name,
        status: cartons.status,
        quantity: cartons.quantity,
        weightGr: cartons.weightGr,
        parcelsWeightGr: cartons.parcelsWeightGr,
        lengthCm: cartons.lengthCm,
        widthCm: cartons.widthCm,
        heightCm: cartons.heightCm,
        freightId: cartons.freightId,
      })
      .from(cartons)
      .where(eq(cartons.id, code.trim().toUpperCase()))
      .for('update');
    return row ? { ...row, status: row.status as CartonStatus } : null;
  },

  /** The carton is on freight `freightId` now, or off it (null). */
  async setFreight(tx: Db, cartonId: string, freightId: string | null, at: Date): Promise<void> {
    await tx.update(cartons).set({ freightId, updatedAt: at }).where(eq(cartons.id, cartonId));
  },

  /** The freight these cartons are on is checked: from now on they never reopen. */
  async freightChecked(tx: Db, cartonIds: SQL, at: Date): Promise<void> {
    await tx.update(cartons).set({ freightCheckedAt: at, updatedAt: at }).where(and(sql`${cartons.id} in (${cartonIds})`, isNull(cartons.freightCheckedAt)));
  },

  /** `select order_id from …` the parcels of the cartons of `cartonIds`: the subquery set-based statements run over. */
  parcelOrderIds: (cartonIds: SQL): SQL => sql`select ${cartonParcels.orderId} from ${cartonParcels} where ${cartonParcels.cartonId} in (${cartonIds})`,

  /** The parcels of these cartons: which order, whose, in which carton, and its weight there (grams). */
  async parcels(db: Db, cartonIds: SQL) {
    return db
      .select({ orderId: cartonParcels.orderId, accountId: cartonParcels.accountId, cartonId: cartonParcels.cartonId, weightGr: cartonParcels.weightGr })
      .from(cartonParcels)
      .where(sql`${cartonParcels.cartonId} in (${cartonIds})`);
  },

  /**
   * The cartons follow their freight (confirmed weight, shipped, in transit, received, delivered,
   * exception), by the box import's rule: forward along the journey, an exception from any step and
   * back from it, never past delivered. Returns how many moved.
   */
  async follow(tx: Db, cartonIds: SQL, to: CartonImportStatus, at: Date, actorId: string | null, note: string): Promise<number> {
    const from = CARTON_STATUSES.filter((s) => {
      const change = importStatusChange(s, to);
      return change.ok && change.changes;
    });
    if (from.length === 0) return 0;
    const r = (await tx.execute(sql`
      with moved as (
        update ${cartons} c set status = ${to}, updated_at = ${at}
        from (select id, status from ${cartons} where id in (${cartonIds}) and status in (${sql.join(from.map((s) => sql`${s}`), sql`, `)})) old
        where c.id = old.id
        returning c.id, old.status as from_status
      ), logged as (
        insert into carton_history (carton_id, at, actor_id, action, from_status, to_status, note)
        select id, ${at}, ${actorId}, 'freight', from_status, ${to}, ${note} from moved
      )
      select count(*)::int as n from moved`)) as unknown as { rows: { n: number }[] };
    return Number(r.rows[0]?.n ?? 0);
  },

  /** Cartons by id (for the freight's detail: names and quantities as the floor keeps them). */
  async byIds(db: Db, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db.select({ id: cartons.id, name: cartons.name, quantity: cartons.quantity, status: cartons.status }).from(cartons).where(inArray(cartons.id, [...ids]));
  },
};

export type FreightCartons = typeof freightCartons;
