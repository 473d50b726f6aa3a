import type { CartonStatus, CheckInStatus, ErrorCode, MessageKey, OrderStatus, PaymentStatus } from '@exship/contracts';

// Cartons (boxes) on the warehouse floor, SPEC §4: open → packaged (closed) → checked (left the
// warehouse); a packaged carton is reopened until it is on a checked freight; the later statuses
// (confirmed weight … exception) come from a partner's box import. Which parcel a carton takes is
// decided here too. Pure: the facts come in, a decision goes out.

/** The carton id printed as its barcode: CT + 8 Crockford base-32 characters. */
export const CARTON_ID_PATTERN = /^CT[0-9A-HJKMNP-TV-Z]{8}$/;
export const isCartonId = (code: string): boolean => CARTON_ID_PATTERN.test(code.trim().toUpperCase());

/** The floor's own steps; the import's status changes are `importStatusChange`. */
export type CartonAction = 'addParcel' | 'removeParcel' | 'close' | 'reopen' | 'checkOut';

export interface CartonState {
  status: CartonStatus;
  /** Parcels in it now. */
  quantity: number;
  /** Set by air freight when the freight the carton is on is checked: from then on it stays closed. */
  freightCheckedAt: Date | null;
}

export type CartonDecision =
  /** `repeated`: the carton is already where the action leads (a second check-out scan): nothing changes. */
  | { ok: true; to: CartonStatus; repeated: boolean }
  | { ok: false; code: Extract<ErrorCode, 'CARTON_NOT_OPEN' | 'CARTON_EMPTY' | 'CARTON_NOT_PACKAGED' | 'CARTON_NOT_REOPENABLE'> };

/** Statuses a carton has once it left the origin warehouse (checked out, then the partner's). */
export const CARTON_LEFT_STATUSES = ['checked', 'confirmed-weight', 'shipped', 'in-transit', 'received', 'delivered', 'exception'] as const satisfies readonly CartonStatus[];
const left = new Set<CartonStatus>(CARTON_LEFT_STATUSES);

/** What an action does to a carton in `c`'s state, or why it is refused. */
export function decideCartonAction(c: CartonState, action: CartonAction): CartonDecision {
  switch (action) {
    case 'addParcel':
    case 'removeParcel':
      return c.status === 'open' ? { ok: true, to: 'open', repeated: false } : { ok: false, code: 'CARTON_NOT_OPEN' };
    case 'close':
      if (c.status !== 'open') return { ok: false, code: 'CARTON_NOT_OPEN' };
      return c.quantity > 0 ? { ok: true, to: 'packaged', repeated: false } : { ok: false, code: 'CARTON_EMPTY' };
    case 'reopen':
      // SPEC §4: a packaged carton can be reopened; once its freight is checked (or it has left) it cannot.
      if (c.status === 'open') return { ok: false, code: 'CARTON_NOT_PACKAGED' };
      if (c.status !== 'packaged' || c.freightCheckedAt !== null) return { ok: false, code: 'CARTON_NOT_REOPENABLE' };
      return { ok: true, to: 'open', repeated: false };
    case 'checkOut':
      if (c.status === 'packaged') return { ok: true, to: 'checked', repeated: false };
      if (left.has(c.status)) return { ok: true, to: c.status, repeated: true };
      return { ok: false, code: 'CARTON_NOT_PACKAGED' };
  }
}

export const canReopen = (c: CartonState): boolean => decideCartonAction(c, 'reopen').ok;

// ── the box import ────────────────────────────────────────────────────────────────────────────────

/** The statuses a partner's box import may set (SPEC §4: confirmed weight, shipped, received, in transit, delivered, exception). */
export const CARTON_IMPORT_STATUSES = ['confirmed-weight', 'shipped', 'in-transit', 'received', 'delivered', 'exception'] as const satisfies readonly CartonStatus[];
export type CartonImportStatus = (typeof CARTON_IMPORT_STATUSES)[number];

/** The journey after check-out, in order: the import moves a carton forward along it, never back. */
const JOURNEY: readonly CartonStatus[] = ['checked', 'confirmed-weight', 'shipped', 'in-transit', 'received', 'delivered'];

/**
 * A status as a partner writes it: the code in any case, spaces or underscores for dashes
 * ("In transit", "CONFIRMED_WEIGHT"). Null when it is none of the import's statuses.
 */
export function parseCartonImportStatus(text: string): CartonImportStatus | null {
  const code = text.trim().toLowerCase().replace(/[\s_]+/g, '-');
  return (CARTON_IMPORT_STATUSES as readonly string[]).includes(code) ? (code as CartonImportStatus) : null;
}

/**
 * Whether the import may move a carton from `from` to `to`; the message key of the refusal otherwise.
 * Only cartons that left the warehouse; forward along the journey (steps may be skipped); an exception
 * from any of them, and from an exception back onto the journey; the same status again changes only
 * the location and description. Delivered is the end.
 */
export function importStatusChange(from: CartonStatus, to: CartonImportStatus): { ok: true; changes: boolean } | { ok: false; message: MessageKey } {
  if (!left.has(from)) return { ok: false, message: 'floor.import.notLeft' };
  if (from === to) return { ok: true, changes: false };
  if (from === 'delivered') return { ok: false, message: 'floor.import.delivered' };
  if (to === 'exception' || from === 'exception') return { ok: true, changes: true };
  return JOURNEY.indexOf(to) > JOURNEY.indexOf(from) ? { ok: true, changes: true } : { ok: false, message: 'floor.import.backwards' };
}

// ── a parcel scanned into a carton ────────────────────────────────────────────────────────────────

/** The destination a carton is packed for, and each parcel must share: carrier, US warehouse, service. */
export interface Destination {
  carrierId: string | null;
  warehouseCode: string | null;
  serviceId: string | null;
}

export interface ParcelForCarton extends Destination {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** A label was bought (the order has a tracking number). */
  labeled: boolean;
  checkInStatus: CheckInStatus | null;
  /** Restricted goods found at check-in (wet, leaking …). */
  restricted: readonly string[];
  /** The carton it is in now, if any. */
  cartonId: string | null;
}

export interface CartonForParcel extends Destination {
  id: string;
  status: CartonStatus;
}

export type ParcelScanRefusal = Extract<
  ErrorCode,
  | 'CARTON_NOT_OPEN'
  | 'PARCEL_IN_CARTON'
  | 'PARCEL_CANCELED'
  | 'PARCEL_UNPAID'
  | 'PARCEL_NO_LABEL'
  | 'PARCEL_ON_HOLD'
  | 'PARCEL_RESTRICTED'
  | 'PARCEL_DIMENSION_ERROR'
  | 'PARCEL_NOT_CHECKED_IN'
  | 'PARCEL_OTHER_DESTINATION'
>;

export type ParcelScanDecision = { ok: true; repeated: boolean } | { ok: false; code: ParcelScanRefusal };

const sameCode = (a: string | null, b: string | null) => (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

export const sameDestination = (a: Destination, b: Destination): boolean => a.carrierId === b.carrierId && a.serviceId === b.serviceId && sameCode(a.warehouseCode, b.warehouseCode);

/**
 * Whether a scanned parcel goes into the carton. A parcel already in this carton is a repeated scan
 * (nothing changes); in another carton it is refused — it is taken out of that one first. Only a
 * paid parcel with its label, checked in (measured within the tolerance, or its new size confirmed),
 * free of restricted goods, neither cancelled nor held, and going where the carton goes.
 */
export function decideParcelScan(parcel: ParcelForCarton, carton: CartonForParcel): ParcelScanDecision {
  if (carton.status !== 'open') return { ok: false, code: 'CARTON_NOT_OPEN' };
  if (parcel.cartonId === carton.id) return { ok: true, repeated: true };
  if (parcel.cartonId !== null) return { ok: false, code: 'PARCEL_IN_CARTON' };
  if (parcel.status === 'canceled' || parcel.status === 'waiting-cancel') return { ok: false, code: 'PARCEL_CANCELED' };
  // The order that replaces one after a confirmed dimension error is in the warehouse but unpaid, and
  // has no label until it is paid: it waits.
  if (parcel.status === 'draft' || parcel.status === 'unpaid' || parcel.paymentStatus === 'unpaid') return { ok: false, code: 'PARCEL_UNPAID' };
  if (!parcel.labeled) return { ok: false, code: 'PARCEL_NO_LABEL' };
  if (parcel.status === 'on-hold' || parcel.status === 'on-hold-ship') return { ok: false, code: 'PARCEL_ON_HOLD' };
  // SPEC §5: wet or leaking parcels are restricted goods; a check-in error is such a finding.
  if (parcel.checkInStatus === 'check-in error' || parcel.restricted.length > 0) return { ok: false, code: 'PARCEL_RESTRICTED' };
  if (parcel.status === 'error-dimension') return { ok: false, code: 'PARCEL_DIMENSION_ERROR' };
  if (parcel.checkInStatus !== 'checked-in') return { ok: false, code: 'PARCEL_NOT_CHECKED_IN' };
  if (!sameDestination(parcel, carton)) return { ok: false, code: 'PARCEL_OTHER_DESTINATION' };
  return { ok: true, repeated: false };
}
