import { eq, sql, type SQL } from 'drizzle-orm';
import type { CheckIn, CheckInOutcome, CheckInStatus, FloorParcel, HistoryReason, Language, Measures, OrderAction, OrderStatus, PaymentStatus, RestrictedGood, ScanRecord } from '@exship/contracts';
import { beyondTolerance, checkInAnswer, checkInOutcome, dimensionSurchargeCents, fromCents, measuresOf, ORDER_WINDOWS, toleranceFor } from '@exship/domain';
import { actsForAnyAccount, type Actor } from '../../platform/access';
import { claimTrailLine, trailQuery } from '../../platform/activity';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { emit } from '../../platform/jobs';
import type { CatalogService, SnapshotCache } from '../catalog';
import type { Companion, OrderRow, OrderService } from '../orders';
import type { ParcelEvents } from '../shipping';
import { findUsersByIds } from '../users';
import { DimensionErrorFound } from './floor.events';
import { recordScan, SCAN_COLUMNS, scanColumns, scanNotUndoable, scanView, type ScanInput, type ScanLog, type ScanRow } from './floor.scans';
import { floorCheckIns, floorScans } from './floor.tables';
import type { Tolerances } from './floor.tolerances';

// Check-in (docs/warehouse-floor.md "Check-in"): a scanned code names an order; the parcel is
// weighed and measured; the domain's rules say what the scan answers and what the check-in comes to;
// the order moves only through the orders module's lifecycle; the parcel's timeline gets "received at
// <warehouse>" through shipping. The same plan → apply runs for a scan and for each row of an import.

const DAY_MS = 86_400_000;
/** How long a user's allow-check-in flag is kept in memory. */
const CHECKER_MS = 5_000;
/** The routing status and codes of the floor's events on the parcel's timeline (not a carrier's status). */
const RECEIVED = { code: 'floor.received', key: 'floor.event.received' } as const;
const MEASURED = { code: 'floor.measured', key: 'floor.event.measured' } as const;

export type FloorActor = Actor & { language?: Language };

export interface CheckInRequest {
  code: string;
  warehouseCode?: string;
  weightGr?: number;
  lengthCm?: number;
  widthCm?: number;
  heightCm?: number;
  manualWeighing?: boolean;
  restricted?: readonly RestrictedGood[];
  note?: string;
}

export interface CheckInDeps {
  db: Db;
  orders: OrderService;
  parcels: ParcelEvents;
  snapshot: SnapshotCache;
  catalog: Pick<CatalogService, 'warehouseByCode'>;
  tolerances: Tolerances;
  scans: ScanLog;
  now?: () => Date;
}

type CheckInRow = typeof floorCheckIns.$inferSelect;

/** What a planned check-in will do; `apply` writes it in the same transaction. */
interface Plan {
  row: OrderRow;
  /** The label's tracking number when the code was one (else read when needed). */
  trackingNumber: string | null;
  /** null: the check-in is answered again (repeated), nothing changes. */
  action: OrderAction | null;
  outcome: CheckInOutcome;
  existing: CheckInRow | undefined;
  measured: Measures | null;
  warehouse: { code: string; name: string; city: string; state: string; country: string };
  restricted: RestrictedGood[];
  note: string;
  declaredPriceCents: number;
  measuredPriceCents: number | null;
}

const OUTCOME_OF: Record<CheckInStatus, CheckInOutcome> = { 'checked-in': 'checked-in', 'check-in pending': 'error-dimension', 'manual weighing': 'manual weighing', 'check-in error': 'check-in error' };
const ACTION_OF: Record<CheckInOutcome, OrderAction> = { 'checked-in': 'checkIn', 'error-dimension': 'dimensionMismatch', 'manual weighing': 'weighManually', 'check-in error': 'checkInError' };
const SCAN_MESSAGE: Record<CheckInOutcome, string> = { 'checked-in': 'floor.scan.checkedIn', 'error-dimension': 'floor.scan.errorDimension', 'manual weighing': 'floor.scan.manualWeighing', 'check-in error': 'floor.scan.checkInError' };

/** The check-in row's columns a check-in writes (and a later one overwrites), in its prepared statement. */
const CHECK_IN_VALUES = ['accountId', 'warehouseCode', 'outcome', 'declaredWeightGr', 'declaredLengthCm', 'declaredWidthCm', 'declaredHeightCm', 'measuredWeightGr', 'measuredLengthCm', 'measuredWidthCm', 'measuredHeightCm', 'restricted', 'note', 'declaredPriceCents', 'measuredPriceCents', 'confirmBy', 'checkedInBy', 'checkedInByName', 'updatedAt'] as const;

/** Writes the values of `o` into `out` under names with `prefix` (a companion statement's placeholders); returns `out`. */
function putPrefixed(out: Record<string, unknown>, prefix: string, o: object): Record<string, unknown> {
  for (const [k, v] of Object.entries(o)) out[prefix + k] = v;
  return out;
}

/** The placeholders of `checkInQueries`' statement, in one object built once per scan. */
function companionValues(checkIn: object, event: object, scan: object, trail: object | null): Record<string, unknown> {
  const out = putPrefixed(putPrefixed(putPrefixed({}, 'c_', checkIn), 'c_', event), 'c_scan_', scan);
  return trail ? putPrefixed(out, 'c_trail_', trail) : out;
}

export const measuresText = (m: Measures) => `${m.weightGr} g, ${m.lengthCm} × ${m.widthCm} × ${m.heightCm} cm`;
const declaredOf = (row: OrderRow): Measures => ({ weightGr: row.weightGr, lengthCm: row.lengthCm, widthCm: row.widthCm, heightCm: row.heightCm });
const measuredOfRow = (c: CheckInRow): Measures | null =>
  c.measuredWeightGr === null ? null : { weightGr: c.measuredWeightGr, lengthCm: c.measuredLengthCm!, widthCm: c.measuredWidthCm!, heightCm: c.measuredHeightCm! };

export function createCheckInService(deps: CheckInDeps) {
  const { db, orders, parcels, snapshot, catalog, tolerances, scans } = deps;
  const clock = deps.now ?? (() => new Date());
  /** The carton holding a parcel: the carton screens connect it (setCartonLookup); none until then. */
  let cartonOf: (tx: Db, orderId: string) => Promise<string | null> = async () => null;
  /** Warehouses' locations (city, state, country) for the timeline, read once a minute. */
  const places = new Map<string, { at: number; place: Promise<{ city: string; state: string; country: string } | undefined> }>();

  function placeOf(tx: Db, code: string) {
    const hit = places.get(code);
    if (hit && Date.now() - hit.at < 60_000) return hit.place;
    const place = catalog.warehouseByCode(code, tx).then((w) => (w ? { city: w.city, state: w.state ?? '', country: w.country } : undefined));
    places.set(code, { at: Date.now(), place });
    return place;
  }

  /** The order a code names: its tracking number, else its exOrderId, else its exact name (and the tracking number when it was one). */
  async function locate(tx: Db, code: string): Promise<{ orderId: string; trackingNumber: string | null }> {
    const byTracking = await parcels.ordersWithTracking(tx, code.toUpperCase());
    if (byTracking.length > 0) return { orderId: byTracking[0]!, trackingNumber: code.toUpperCase() };
    return locateByCode(tx, code);
  }

  /** The order an exOrderId or exact name names (no tracking number matched). */
  async function locateByCode(tx: Db, code: string): Promise<{ orderId: string; trackingNumber: string | null }> {
    const ids = await orders.idsByCode(tx, code);
    if (ids.length === 0) throw new AppError('PARCEL_NOT_FOUND', 404, { vars: { code } });
    if (ids.length > 1) throw new AppError('PARCEL_AMBIGUOUS', 409, { vars: { code } });
    return { orderId: ids[0]!, trackingNumber: null };
  }

  /** The origin warehouse: the one named, else the order's own, else the first active one (by code). */
  async function warehouseFor(tx: Db, named: string | undefined, row: OrderRow): Promise<Plan['warehouse']> {
    const all = (await snapshot.get(tx)).warehouses.filter((w) => w.active);
    const code = named?.trim().toUpperCase() || row.warehouseCode || [...all].sort((a, b) => a.code.localeCompare(b.code))[0]?.code;
    const w = code ? all.find((x) => x.code === code) : undefined;
    if (!w) throw new AppError('WAREHOUSE_NOT_FOUND', 404, { vars: { code: code ?? '' } });
    const place = await placeOf(tx, w.code);
    return { code: w.code, name: w.name, city: place?.city ?? '', state: place?.state ?? '', country: place?.country ?? '' };
  }

  async function existingOf(tx: Db, orderId: string): Promise<CheckInRow | undefined> {
    const [c] = await tx.select().from(floorCheckIns).where(eq(floorCheckIns.orderId, orderId));
    return c;
  }

  /** An order received without a check-in row of its own (set before the floor kept one): what the order says. */
  const fromOrder = (row: OrderRow): CheckInRow => ({
    orderId: row.id,
    accountId: row.accountId,
    warehouseCode: row.warehouseCode ?? '',
    outcome: OUTCOME_OF[row.checkInStatus as CheckInStatus] ?? 'checked-in',
    declaredWeightGr: row.weightGr,
    declaredLengthCm: row.lengthCm,
    declaredWidthCm: row.widthCm,
    declaredHeightCm: row.heightCm,
    measuredWeightGr: null,
    measuredLengthCm: null,
    measuredWidthCm: null,
    measuredHeightCm: null,
    restricted: [],
    note: '',
    declaredPriceCents: row.totalCents - row.surchargeCents,
    measuredPriceCents: null,
    confirmBy: null,
    checkedInAt: row.checkInAt ?? row.updatedAt,
    checkedInBy: row.createdBy,
    checkedInByName: '',
    routingEventId: null,
    updatedAt: row.updatedAt,
  });

  /**
   * A scan's writes, in the statement of the order's transition (orders' `Companion`, one round trip):
   * the timeline events (both in one insert: a dimension error's arrival writes two), the check-in row
   * pointing at the "received" one, the scan row and the request's trail line. One shape per set of
   * event codes, first arrival or not, and trail line or not; its placeholders are named `c_` + field.
   */
  function checkInQueries(codes: string[], firstArrival: boolean, trail: boolean) {
    return (qdb: Db) => {
      const P = (name: string) => sql.placeholder(`c_${name}`) as never;
      // A value that may be null is given as is (a column's encoder is not given a null).
      const raw = (name: string) => sql`${sql.placeholder(`c_${name}`)}` as never;
      const events = codes.map((code) => ({
        orderId: P('orderId'),
        accountId: P('accountId'),
        trackingNumber: P('trackingNumber'),
        at: P('checkedInAt'),
        status: 'pick-up' as const,
        code,
        messageKey: code === RECEIVED.code ? RECEIVED.key : MEASURED.key,
        vars: P('eventVars'),
        city: P('city'),
        state: P('state'),
        country: P('country'),
      }));
      const nullable = new Set<string>(['measuredWeightGr', 'measuredLengthCm', 'measuredWidthCm', 'measuredHeightCm', 'measuredPriceCents', 'confirmBy']);
      const values = Object.fromEntries(CHECK_IN_VALUES.map((k) => [k, nullable.has(k) ? raw(k) : P(k)])) as Record<(typeof CHECK_IN_VALUES)[number], never>;
      const r = events.length > 0 ? qdb.$with('floor_events').as(parcels.insertAll(qdb, events)) : null;
      const received = r && firstArrival && codes.includes(RECEIVED.code) ? sql`(select ${r.id} from ${r} where ${r.code} = ${RECEIVED.code})` : null;
      const c = qdb.$with('floor_check').as(
        qdb
          .insert(floorCheckIns)
          .values({ ...values, orderId: P('orderId'), checkedInAt: P('checkedInAt'), routingEventId: received })
          .onConflictDoUpdate({ target: floorCheckIns.orderId, set: values })
          .returning({ checkedInAt: floorCheckIns.checkedInAt, routingEventId: floorCheckIns.routingEventId }),
      );
      const scan = qdb.$with('floor_scan').as(
        qdb
          .insert(floorScans)
          .values(Object.fromEntries(SCAN_COLUMNS.map((k) => [k, raw(`scan_${k}`)])) as never)
          .returning({ id: floorScans.id, createdAt: floorScans.createdAt }),
      );
      const queries = [...(r ? [r] : []), c, scan, ...(trail ? [qdb.$with('floor_trail').as(trailQuery(qdb, 'c_trail_'))] : [])];
      return {
        queries,
        returning: {
          checkedInAt: sql`(select ${c.checkedInAt} from ${c})`.mapWith(floorCheckIns.checkedInAt),
          routingEventId: sql`(select ${c.routingEventId} from ${c})`,
          scanId: sql`(select ${scan.id} from ${scan})`,
          scanAt: sql`(select ${scan.createdAt} from ${scan})`.mapWith(floorScans.createdAt),
        },
      };
    };
  }

  /**
   * What a check-in of this request would do, the order locked in `tx`; refusals throw with the
   * parcel's code (a 409 naming the reason, 404 for an unknown code).
   */
  async function plan(tx: Db, req: CheckInRequest, found?: (row: OrderRow) => void): Promise<Plan> {
    const code = req.code.trim();
    const measures = measuresOf(req);
    if (measures === 'partial') {
      const missing = (['weightGr', 'lengthCm', 'widthCm', 'heightCm'] as const).filter((f) => req[f] === undefined);
      throw new AppError('VALIDATION_FAILED', 400, { errors: missing.map((field) => ({ field, message: 'validation.required' })) });
    }
    // A tracking number's order is found and locked in one statement; else the exOrderId or name.
    const upper = code.toUpperCase();
    const byTracking = await orders.lockOrderOf(tx, parcels.orderWithTracking(sql.placeholder('code') as never), { name: 'floor_check_in_lock', values: { code: upper } });
    const named = byTracking ? { orderId: byTracking.id, trackingNumber: upper } : await locateByCode(tx, code);
    const row = byTracking ?? (await orders.lockOrder(tx, named.orderId));
    found?.(row);
    // Only a received parcel can be in a carton (the carton screens take checked-in parcels only, and a
    // check-in is not undone while its parcel is packed): one statement less for a parcel's first scan.
    const cartonId = row.checkInStatus === null ? null : await cartonOf(tx, row.id);
    const answer = checkInAnswer({ status: row.status as OrderStatus, paymentStatus: row.paymentStatus as PaymentStatus, checkInStatus: row.checkInStatus as CheckInStatus | null, labeledAt: row.labeledAt, cartonId });
    if (answer.kind === 'refused') throw new AppError(answer.code, 409, { vars: { code, status: `export.orderStatus.${row.status}`, carton: cartonId ?? '' } });
    // A parcel not received yet has no check-in row (one statement less on the floor's hot path).
    const existing = row.checkInStatus === null ? undefined : await existingOf(tx, row.id);
    const declaredPriceCents = row.totalCents - row.surchargeCents;
    const restricted = [...new Set(req.restricted ?? [])];
    if (answer.kind === 'repeated') {
      const warehouse = existing ? { code: existing.warehouseCode, name: existing.warehouseCode, city: '', state: '', country: '' } : await warehouseFor(tx, req.warehouseCode, row);
      return { row, trackingNumber: named.trackingNumber, action: null, outcome: OUTCOME_OF[row.checkInStatus as CheckInStatus], existing, measured: existing ? measuredOfRow(existing) : null, warehouse, restricted: existing?.restricted ?? [], note: existing?.note ?? '', declaredPriceCents: existing?.declaredPriceCents ?? declaredPriceCents, measuredPriceCents: existing?.measuredPriceCents ?? null };
    }
    const tolerance = toleranceFor(await tolerances.rules(tx), row.serviceId);
    const beyond = measures ? beyondTolerance(declaredOf(row), measures, tolerance) : [];
    const outcome = checkInOutcome({ measured: measures, manualWeighing: req.manualWeighing ?? false, restricted, beyond });
    if (outcome === 'measures-required') throw new AppError('PARCEL_MEASURES_REQUIRED', 422, { vars: { code } });
    const warehouse = await warehouseFor(tx, req.warehouseCode, row);
    // The same status again (still waiting for the scale, the same restricted goods): nothing changes.
    const same = row.checkInStatus !== null && OUTCOME_OF[row.checkInStatus as CheckInStatus] === outcome;
    let measuredPriceCents: number | null = null;
    if (outcome === 'error-dimension') {
      try {
        measuredPriceCents = (await orders.priceAtMeasures(tx, row, measures!)).totalCents;
      } catch (err) {
        // No price at the measured size (beyond the service's brackets): the seller still confirms or not.
        if (!(err instanceof AppError)) throw err;
      }
    }
    return { row, trackingNumber: named.trackingNumber, action: same ? null : ACTION_OF[outcome], outcome, existing, measured: measures, warehouse, restricted, note: req.note ?? '', declaredPriceCents, measuredPriceCents };
  }

  /**
   * Writes a planned check-in: the order's lifecycle action, the check-in row, the timeline, the
   * seller's notice. With `scan`, the scan row is written in the check-in row's statement and returned
   * (not when nothing changes: the caller writes it then).
   */
  async function apply(tx: Db, p: Plan, actor: FloorActor, actorName: string, scan?: ScanInput): Promise<{ check: CheckInRow; row: OrderRow; scan?: ScanRow }> {
    if (!p.action) return { check: p.existing ?? fromOrder(p.row), row: p.row };
    const now = clock();
    const w = p.warehouse;
    const measuredText = p.measured ? measuresText(p.measured) : '';
    const reason: HistoryReason =
      p.outcome === 'checked-in'
        ? { key: 'checkedIn', vars: { warehouse: w.code, measured: measuredText } }
        : p.outcome === 'error-dimension'
          ? { key: 'checkInMeasured', vars: { warehouse: w.code, measured: measuredText, declared: measuresText(declaredOf(p.row)) } }
          : p.outcome === 'manual weighing'
            ? { key: 'checkInManualWeighing', vars: { warehouse: w.code } }
            : { key: 'checkInRestricted', vars: { warehouse: w.code, goods: p.restricted.join(', ') } };
    const firstArrival = p.row.checkInStatus === null;
    const details = { warehouse: w.code, measured: p.measured, restricted: p.restricted };
    const confirmBy = p.outcome === 'error-dimension' ? new Date(now.getTime() + ORDER_WINDOWS.dimensionConfirmDays * DAY_MS) : null;
    const values = {
      accountId: p.row.accountId,
      warehouseCode: w.code,
      outcome: p.outcome,
      declaredWeightGr: p.row.weightGr,
      declaredLengthCm: p.row.lengthCm,
      declaredWidthCm: p.row.widthCm,
      declaredHeightCm: p.row.heightCm,
      measuredWeightGr: p.measured?.weightGr ?? null,
      measuredLengthCm: p.measured?.lengthCm ?? null,
      measuredWidthCm: p.measured?.widthCm ?? null,
      measuredHeightCm: p.measured?.heightCm ?? null,
      restricted: p.restricted,
      note: p.note,
      declaredPriceCents: p.declaredPriceCents,
      measuredPriceCents: p.measuredPriceCents,
      confirmBy,
      checkedInBy: actor.userId,
      checkedInByName: actorName,
      updatedAt: now,
    };
    // The parcel's timeline: "received at" on its arrival, "weighed and measured" when the measures
    // come later (manual weighing) or differ from the order's (a dimension error).
    const trackingNumber = p.trackingNumber ?? (await parcels.trackingOf(tx, p.row.id));
    const place = { city: w.city, state: w.state, country: w.country };
    const base = trackingNumber ? { orderId: p.row.id, accountId: p.row.accountId, trackingNumber, at: now, status: 'pick-up' as const, ...place } : null;
    const events = base
      ? [
          ...(firstArrival ? [{ ...base, code: RECEIVED.code, messageKey: RECEIVED.key, vars: { warehouse: w.name } }] : []),
          ...(p.measured && (!firstArrival || p.outcome === 'error-dimension') ? [{ ...base, code: MEASURED.code, messageKey: MEASURED.key, vars: { warehouse: w.name } }] : []),
        ]
      : [];
    // The parcel's arrival keeps its first date; a later check-in (after manual weighing) completes it.
    const upsert = (routingEventId: string | SQL | null) =>
      tx
        .insert(floorCheckIns)
        .values({ orderId: p.row.id, checkedInAt: now, routingEventId, ...values })
        .onConflictDoUpdate({ target: floorCheckIns.orderId, set: values })
        .returning();
    let check: CheckInRow | undefined;
    let scanRow: ScanRow | undefined;
    let row: OrderRow;
    if (scan) {
      // The order's update, its history, the timeline, the check-in, the scan and the trail line: one statement.
      const codes = events.map((e) => e.code);
      const trail = claimTrailLine(tx);
      const companion: Companion = {
        key: `floor_check_in:${codes.join(',')}:${firstArrival}:${trail !== null}`,
        build: checkInQueries(codes, firstArrival, trail !== null),
        values: companionValues(values, { confirmBy: confirmBy?.toISOString() ?? null, orderId: p.row.id, checkedInAt: now, trackingNumber: trackingNumber ?? '', eventVars: { warehouse: w.name }, city: w.city, state: w.state, country: w.country }, scanColumns(scan), trail),
        received: (r) => {
          check = { ...values, orderId: p.row.id, checkedInAt: r.checkedInAt as Date, routingEventId: (r.routingEventId as string | null) ?? null };
          scanRow = { ...scanColumns(scan), id: r.scanId as string, createdAt: r.scanAt as Date, undoneAt: null };
        },
      };
      row = await orders.transition(tx, p.row, p.action, actor.userId, reason, details, companion);
    } else {
      row = await orders.transition(tx, p.row, p.action, actor.userId, reason, details);
      // Both events in one statement (a dimension error's arrival writes two).
      const ids = await parcels.addAll(tx, events);
      [check] = await upsert(firstArrival && events.length > 0 ? ids[0]! : null);
    }
    if (p.outcome === 'error-dimension') {
      await emit(tx, DimensionErrorFound, {
        orderId: p.row.id,
        accountId: p.row.accountId,
        exOrderId: p.row.exOrderId,
        declared: measuresText(declaredOf(p.row)),
        measured: measuredText,
        declaredPriceCents: p.declaredPriceCents,
        measuredPriceCents: p.measuredPriceCents,
        confirmBy: confirmBy!.toISOString(),
        at: now.toISOString(),
      });
    }
    return { check: check!, row, scan: scanRow };
  }

  function view(c: CheckInRow, exOrderId: string, repeated: boolean, scan: ScanRecord | null): CheckIn {
    const measuredPrice = c.measuredPriceCents === null ? null : fromCents(c.measuredPriceCents);
    return {
      orderId: c.orderId,
      exOrderId,
      outcome: c.outcome as CheckInOutcome,
      warehouseCode: c.warehouseCode,
      declared: { weightGr: c.declaredWeightGr, lengthCm: c.declaredLengthCm, widthCm: c.declaredWidthCm, heightCm: c.declaredHeightCm },
      measured: measuredOfRow(c),
      restricted: c.restricted,
      declaredPrice: fromCents(c.declaredPriceCents),
      measuredPrice,
      difference: c.measuredPriceCents === null ? null : fromCents(dimensionSurchargeCents(c.declaredPriceCents, c.measuredPriceCents)),
      confirmBy: c.confirmBy?.toISOString() ?? null,
      checkedInAt: c.checkedInAt.toISOString(),
      checkedInBy: c.checkedInByName,
      repeated,
      scan,
    };
  }

  /**
   * The caller's name, and whether it may check parcels in (SPEC §6 allow-check-in). An allowed user
   * is read once per CHECKER_MS per process (a scanner scans all day), so a flag staff take away
   * applies within it; a refused one is read every time (a flag staff set applies at once).
   */
  const checkers = new Map<string, { at: number; allowed: boolean; name: string }>();
  async function checker(tx: Db, actor: FloorActor): Promise<string> {
    let known = checkers.get(actor.userId);
    if (!known || Date.now() - known.at > CHECKER_MS) {
      const [u] = await findUsersByIds(tx, [actor.userId]);
      known = { at: Date.now(), allowed: u?.allowCheckin ?? false, name: u ? u.fullName || u.email : '' };
      if (checkers.size > 10_000) checkers.clear();
      if (known.allowed) checkers.set(actor.userId, known);
      else checkers.delete(actor.userId);
    }
    if (!known.allowed) throw new AppError('CHECK_IN_NOT_ALLOWED', 403);
    return known.name;
  }

  /** A check-in undone (the operator's last scan): the order back to not received, its check-in and timeline entries gone. */
  async function undo(tx: Db, scan: ScanRow, actor: Actor): Promise<void> {
    if (!scan.orderId) throw scanNotUndoable();
    const row = await orders.lockOrder(tx, scan.orderId);
    if ((await cartonOf(tx, row.id)) !== null) throw scanNotUndoable();
    try {
      await orders.transition(tx, row, 'undoCheckIn', actor.userId, { key: 'checkInUndone' });
    } catch (err) {
      if (err instanceof AppError && err.code === 'ACTION_NOT_ALLOWED_FOR_STATUS') throw scanNotUndoable();
      throw err;
    }
    await tx.delete(floorCheckIns).where(eq(floorCheckIns.orderId, row.id));
    await parcels.remove(tx, row.id, [RECEIVED.code, MEASURED.code]);
  }
  scans.registerUndo('check-in', undo);

  return {
    plan,
    apply,
    checker,
    /** The order a scanned code names (the carton screens find parcels the same way). */
    resolve: async (tx: Db, code: string): Promise<string> => (await locate(tx, code)).orderId,
    /** Refuses a caller without the allow-check-in flag (CHECK_IN_NOT_ALLOWED). */
    allowed: (actor: FloorActor) => checker(db, actor),

    /** Called once by the carton screens: which carton holds a parcel (a parcel in a carton is refused here and cannot be un-checked-in). */
    setCartonLookup(lookup: (tx: Db, orderId: string) => Promise<string | null>): void {
      cartonOf = lookup;
    },

    /** POST /floor/check-ins: one scan, kept in the operator's scan log (a refusal too). */
    async checkIn(actor: FloorActor, req: CheckInRequest, lang: Language): Promise<CheckIn> {
      const code = req.code.trim();
      const name = await checker(db, actor);
      let found: OrderRow | undefined;
      try {
        return await db.transaction(async (tx) => {
          const p = await plan(tx, req, (row) => (found = row));
          const repeated = p.action === null;
          const input: ScanInput = {
            userId: actor.userId,
            screen: 'check-in',
            code,
            ok: true,
            undoable: !repeated,
            messageKey: repeated ? 'floor.scan.repeated' : SCAN_MESSAGE[p.outcome],
            vars: { code: p.row.exOrderId },
            orderId: p.row.id,
            exOrderId: p.row.exOrderId,
          };
          const { check, row, scan } = await apply(tx, p, actor, name, input);
          const written = scan ?? (await recordScan(tx, input));
          return view(check, row.exOrderId, repeated, scanView(written, lang, !repeated));
        });
      } catch (err) {
        throw await scans.refused(err, { userId: actor.userId, screen: 'check-in', code, orderId: found?.id ?? null, exOrderId: found?.exOrderId ?? null });
      }
    },

    /** GET /floor/parcels: what a code names (no lock, nothing changes). */
    async lookup(code: string): Promise<FloorParcel> {
      const trimmed = code.trim();
      const { orderId: id } = await locate(db, trimmed);
      const row = (await orders.orderRow(db, id))!;
      if (row.status === 'draft' || row.status === 'unpaid') throw new AppError('PARCEL_NOT_FOUND', 404, { vars: { code: trimmed } });
      const [trackingNumber, cartonId, existing] = await Promise.all([parcels.trackingOf(db, id), cartonOf(db, id), existingOf(db, id)]);
      const [owner] = await findUsersByIds(db, [row.accountId]);
      return {
        orderId: row.id,
        exOrderId: row.exOrderId,
        orderName: row.orderName,
        trackingNumber,
        status: row.status,
        checkInStatus: row.checkInStatus as CheckInStatus | null,
        customerEmail: owner?.email ?? '',
        serviceCode: row.serviceCode,
        serviceName: row.serviceName,
        carrierCode: row.carrierCode,
        warehouseCode: row.warehouseCode,
        declared: declaredOf(row),
        measured: existing ? measuredOfRow(existing) : null,
        cartonId,
      };
    },

    /** GET /orders/:id/check-in: a seller sees its own orders' check-in only (another's is not found). */
    async ofOrder(actor: Actor, orderId: string): Promise<CheckIn> {
      const row = await orders.orderRow(db, orderId);
      if (!row || (!actsForAnyAccount(actor) && row.accountId !== actor.accountId)) throw new AppError('ORDER_NOT_FOUND', 404);
      const c = (await existingOf(db, orderId)) ?? (row.checkInStatus ? fromOrder(row) : undefined);
      if (!c) throw new AppError('CHECK_IN_NOT_FOUND', 404);
      return view(c, row.exOrderId, false, null);
    },

    /** The measured values of an order's check-in (the orders module's dimension confirmation reads them). */
    async measuredOf(tx: Db, orderId: string): Promise<Measures | null> {
      const c = await existingOf(tx, orderId);
      return c ? measuredOfRow(c) : null;
    },

    /** A confirmed dimension: the replacement order carries the parcel's check-in (checked in, at the measured values). */
    async carryOver(tx: Db, fromOrderId: string, to: { orderId: string; accountId: string; totalCents: number }): Promise<void> {
      const c = await existingOf(tx, fromOrderId);
      if (!c) return;
      const m = measuredOfRow(c);
      const { orderId: _from, routingEventId: _event, ...rest } = c;
      await tx.insert(floorCheckIns).values({
        ...rest,
        orderId: to.orderId,
        accountId: to.accountId,
        outcome: 'checked-in',
        declaredWeightGr: m?.weightGr ?? c.declaredWeightGr,
        declaredLengthCm: m?.lengthCm ?? c.declaredLengthCm,
        declaredWidthCm: m?.widthCm ?? c.declaredWidthCm,
        declaredHeightCm: m?.heightCm ?? c.declaredHeightCm,
        declaredPriceCents: to.totalCents,
        measuredPriceCents: null,
        confirmBy: null,
        routingEventId: null,
        updatedAt: clock(),
      });
    },
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
