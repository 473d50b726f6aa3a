import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  type FieldError,
  type OrderAction,
  type OrderCreateBody,
  type OrderCreated,
  type OrderDetail,
  type OrderLineInput,
  type OrderFees,
  type OrderListQuery,
  type OrderListReply,
  type OrderPriceReply,
  type OrderStatus,
  type OrderSummary,
  type OrderUpdateBody,
  type OrderUserAction,
  type PaymentStatus,
  type SurchargeBody,
} from '@exship/contracts';
import { isCountryCode, isSubdivisionOf, subdivisionsOf, translate, type HistoryReason, type RoutingStatus } from '@exship/contracts';
import { allowedActions, apply, checkRestrictedGoods, paidPriceChange, dimensionError, editScope, fromCents, isAllowed, refundAmountCents, toCents, type OrderState, type RestrictedGoodsCode } from '@exship/domain';
import type { WorkingDayCalendar } from '@exship/domain/working-days';
import { accountScope, actsForAnyAccount, requireOwned, type Actor } from '../../platform/access';
import { insertRows, type Db } from '../../platform/db';
import { AppError, sqlState } from '../../platform/errors';
import { emitMany } from '../../platform/jobs';
import { usZipMatches } from '../../platform/zip';
import { quoteError, runQuote, type SnapshotCache } from '../catalog';
import { consumeDiscountUses } from '../discounts';
import { resolveCustomerAccount, usableVariants } from '../products';
import { findUsersByIds } from '../users';
import { creditWallet, debitWallet, getWalletSummary, orderMoney, setUnpaidCents, type OrderLink } from '../wallet';
import { OrderCreated as OrderCreatedEvent, OrderStatusChanged } from './orders.events';
import * as repo from './orders.repository';
import { orderHistory, orderLines, orderSurcharges, orders } from './orders.tables';

export type OrderActor = Actor & { fullName?: string };

export interface OrderServiceDeps {
  db: Db;
  snapshot: SnapshotCache;
  calendar: WorkingDayCalendar;
  /** The clock (tests inject one). */
  now?: () => Date;
}

const notFound = () => new AppError('ORDER_NOT_FOUND', 404);

type LineValues = Omit<typeof orderLines.$inferInsert, 'orderId'>;
type OrderValues = Omit<repo.NewOrder, 'exOrderId' | 'accountId' | 'createdBy' | 'status' | 'paymentStatus' | 'createdAt' | 'updatedAt'>;

const EX_ORDER_ID = /^EX[0-9A-Z]{10}$/;
/** Orders per insert statement (one JSON parameter each, platform/db.ts insertRows). */
const INSERT_CHUNK = 1000;

/** What an insert reads back of each order it created (not all 70 columns of 10,000 imported orders). */
const CREATED_ORDER_COLUMNS = ['id', 'exOrderId', 'orderName', 'totalCents'] as const;
export type CreatedOrderRow = Pick<repo.OrderRow, (typeof CREATED_ORDER_COLUMNS)[number]>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// ---------------------------------------------------------------------------------------------
// exOrderId: "EX" + 10 Crockford base-32 characters from 50 random bits — readable, unique (index)
// and not guessable from another order's id.
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A history reason as stored: a person's words as they are; a platform reason by key (in `details`, for
 * the reader's language) and in English in `reason` (for exports and anything reading the column).
 */
function historyReason(reason: HistoryReason): { reason: string; details?: { reasonKey: string; reasonVars: Record<string, string> } } {
  if (typeof reason === 'string') return { reason };
  const vars = reason.vars ?? {};
  return { reason: translate('en', `order.reason.${reason.key}`, vars).slice(0, 500), details: { reasonKey: reason.key, reasonVars: vars } };
}

/** The domain rule `paidPriceChange`, said as 409 ORDER_PAID_PRICE_CHANGE naming the fields and both prices. */
function refusePaidPriceChange(paid: repo.OrderRow, next: Parameters<typeof paidPriceChange>[1]): void {
  const fields = paidPriceChange(paid, next);
  if (!fields) return;
  const paidCents = paid.totalCents - paid.surchargeCents;
  throw new AppError('ORDER_PAID_PRICE_CHANGE', 409, {
    vars: { paid: `$${fromCents(paidCents).toFixed(2)}`, total: `$${fromCents(next.totalCents).toFixed(2)}` },
    errors: fields.map((field) => ({ field, message: 'validation.order.paidPriceInput' })),
    details: { paid: fromCents(paidCents), total: fromCents(next.totalCents) },
  });
}

/** The account has a credit line (a limit above 0), whether or not it is usable right now. */
async function hasCreditLine(tx: Db, accountId: string): Promise<boolean> {
  const w = await getWalletSummary(tx, accountId);
  return w.credit !== null && w.credit.limit > 0;
}

/** Orders to be paid on credit need their account to have a credit line: 409 naming them otherwise. */
async function refuseCreditWithoutLine(tx: Db, rows: readonly repo.OrderRow[]): Promise<void> {
  const onCredit = rows.filter((r) => r.paymentMethod === 'credit');
  const without: repo.OrderRow[] = [];
  for (const accountId of new Set(onCredit.map((r) => r.accountId))) {
    if (!(await hasCreditLine(tx, accountId))) without.push(...onCredit.filter((r) => r.accountId === accountId));
  }
  if (without.length > 0) {
    throw new AppError('ORDER_CREDIT_UNAVAILABLE', 409, { vars: { orders: without.map((r) => r.exOrderId).join(', ') }, details: { orders: without.map((r) => ({ id: r.id, exOrderId: r.exOrderId })) } });
  }
}

function reasonKeyOf(details: unknown): { reasonKey: string | null; reasonVars: Record<string, string> | null } {
  const d = (details ?? {}) as { reasonKey?: unknown; reasonVars?: unknown };
  return typeof d.reasonKey === 'string' ? { reasonKey: d.reasonKey, reasonVars: (d.reasonVars as Record<string, string> | undefined) ?? {} } : { reasonKey: null, reasonVars: null };
}

export function newExOrderId(): string {
  const bytes = crypto.randomBytes(7);
  // The low 50 bits of the 7 bytes (big-endian), least significant 5 bits first; below 2^53, so a
  // Number holds them exactly (no BigInt per step: an import makes 10,000 ids).
  let n = (bytes[0]! & 0x03) * 2 ** 48 + bytes[1]! * 2 ** 40 + bytes.readUInt32BE(2) * 2 ** 8 + bytes[6]!;
  let out = '';
  for (let i = 0; i < 10; i++) {
    out += CROCKFORD[n % 32];
    n = Math.floor(n / 32);
  }
  return `EX${out}`;
}

const stateOf = (o: repo.OrderRow): OrderState => ({
  status: o.status as OrderStatus,
  preStatus: o.preStatus as OrderStatus | null,
  paymentStatus: o.paymentStatus as PaymentStatus,
  routingStatus: o.routingStatus as OrderState['routingStatus'],
  checkInStatus: o.checkInStatus as OrderState['checkInStatus'],
  labeledAt: o.labeledAt,
  dimensionFlaggedAt: o.dimensionFlaggedAt,
  canceledAt: o.canceledAt,
  refundDueAt: o.refundDueAt,
});

const feesOf = (o: repo.OrderRow): OrderFees => ({
  shippingFee: fromCents(o.shippingFeeCents),
  discount: fromCents(o.discountCents),
  taxFee: fromCents(o.taxFeeCents),
  seasonalFee: fromCents(o.seasonalFeeCents),
  overLengthFee: fromCents(o.overLengthFeeCents),
  signatureFee: fromCents(o.signatureFeeCents),
  surcharge: fromCents(o.surchargeCents),
  total: fromCents(o.totalCents),
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Customer = { id: string; email: string; fullName: string };

function toSummary(o: repo.OrderRow, customer: Customer | null): OrderSummary {
  return {
    id: o.id,
    exOrderId: o.exOrderId,
    orderName: o.orderName,
    customer,
    status: o.status as OrderStatus,
    preStatus: o.preStatus as OrderStatus | null,
    paymentStatus: o.paymentStatus as PaymentStatus,
    routingStatus: o.routingStatus as OrderSummary['routingStatus'],
    checkInStatus: o.checkInStatus as OrderSummary['checkInStatus'],
    scheduleStatus: o.scheduleStatus as OrderSummary['scheduleStatus'],
    quantity: o.quantity,
    lengthCm: o.lengthCm,
    widthCm: o.widthCm,
    heightCm: o.heightCm,
    weightGr: o.weightGr,
    serviceCode: o.serviceCode,
    carrierCode: o.carrierCode,
    trackingNumber: o.trackingNumber,
    totalPrice: fromCents(o.totalCents),
    surcharge: fromCents(o.surchargeCents),
    country: o.country,
    labelUs: o.labelUs,
    createdAt: o.createdAt.toISOString(),
  };
}

/**
 * SPEC §5 rules the schema cannot see: the country and the state exist (ISO 3166 data), a US ZIP is
 * real and in that state, and no line carries refused restricted goods. Every failure names its field.
 */
export function addressAndGoodsErrors(body: Pick<OrderCreateBody, 'recipient' | 'lines'>): FieldError[] {
  const errors: FieldError[] = [];
  const r = body.recipient;
  if (!isCountryCode(r.country)) errors.push({ field: 'recipient.country', message: 'validation.country.unknown' });
  else if (r.state === '' ? r.country === 'US' : subdivisionsOf(r.country).length > 0 && !isSubdivisionOf(r.country, r.state)) {
    errors.push({ field: 'recipient.state', message: r.state === '' ? 'validation.required' : 'validation.state.notInCountry' });
  } else if (r.country === 'US') {
    const zip = usZipMatches(r.zipcode, r.state);
    if (!zip.ok && zip.reason !== 'city-mismatch') errors.push({ field: 'recipient.zipcode', message: zip.reason === 'unknown-zip' ? 'validation.zip.unknown' : 'validation.zip.stateMismatch' });
  }
  body.lines.forEach((line, i) => {
    if (!line.restrictedCategory) return;
    try {
      const check = checkRestrictedGoods({ category: line.restrictedCategory as RestrictedGoodsCode, volumeMl: line.volumeMl, valueUsdCents: line.valueUsd == null ? null : toCents(line.valueUsd) });
      if (!check.ok) errors.push({ field: `lines.${i}.restrictedCategory`, message: check.message, ...(check.vars ? { vars: Object.fromEntries(Object.entries(check.vars).map(([k, v]) => [k, String(v)])) } : {}) });
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      errors.push({ field: `lines.${i}.restrictedCategory`, message: 'validation.restricted.unknown' });
    }
  });
  return errors;
}

/** The seller account an order is written to: a seller's own; the customer staff name. */
async function targetAccount(db: Db, actor: OrderActor, customerId: string | undefined): Promise<string> {
  if (actsForAnyAccount(actor) && customerId) return resolveCustomerAccount(db, customerId);
  return actor.accountId;
}

export function createOrderService(deps: OrderServiceDeps) {
  const { db, snapshot, calendar } = deps;
  const clock = deps.now ?? (() => new Date());

  /** The price of a parcel for an account, from the cached catalog snapshot (the quote's own code path). */
  async function priceFor(accountId: string, body: Pick<OrderCreateBody, 'serviceCode' | 'weightGr' | 'lengthCm' | 'widthCm' | 'heightCm' | 'recipient' | 'signature' | 'discountCode'>, tx: Db = db) {
    const snap = await snapshot.get(tx);
    const result = runQuote(
      snap,
      {
        serviceCode: body.serviceCode,
        weight: body.weightGr,
        length: body.lengthCm,
        width: body.widthCm,
        height: body.heightCm,
        country: body.recipient.country,
        state: body.recipient.state || undefined,
        zipcode: body.recipient.zipcode,
        signature: body.signature,
        discountCode: body.discountCode,
        customerId: accountId,
      },
      clock().getTime(),
    );
    if (!result.ok) {
      const err = quoteError(result.error);
      if (result.error.code === 'NO_SUITABLE_SERVICE' && (result.error.reason === 'SERVICE_UNKNOWN' || result.error.reason === 'SERVICE_INACTIVE')) {
        throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'serviceCode', message: 'validation.service.unknown' }] });
      }
      throw err;
    }
    const q = result.quote;
    const service = snap.services.find((s) => s.id === q.serviceId)!;
    const badSide = dimensionError(service.packaging, body);
    if (badSide) throw new AppError('VALIDATION_FAILED', 400, { errors: [badSide] });
    const carrier = snap.carriers.find((c) => c.id === q.carrierId);
    const warehouse = snap.warehouses.find((w) => w.id === q.warehouseId);
    return { q, service, carrier, warehouse };
  }

  /** Whether a service code names an active service (the cached catalog snapshot). */
  async function serviceUsable(code: string, tx: Db = db): Promise<boolean> {
    const snap = await snapshot.get(tx);
    return snap.services.some((s) => s.code === code && s.active);
  }

  /**
   * Lines: each product and variant must exist in the account and be accepted. Two queries for any
   * number of lines; errors name `lines.<i>.productId` or `lines.<i>.variantId`.
   */
  async function lineValues(tx: Db, accountId: string, lines: readonly OrderLineInput[]): Promise<{ lines: LineValues[]; errors: FieldError[] }> {
    const errors: FieldError[] = [];
    const out: LineValues[] = [];
    const found = lines.length > 0 ? await usableVariants(tx, accountId, lines) : [];
    for (const [i, line] of lines.entries()) {
      const usable = found[i]!;
      if (usable === 'product') errors.push({ field: `lines.${i}.productId`, message: 'validation.product.unknown' });
      else if (usable === 'variant') errors.push({ field: `lines.${i}.variantId`, message: 'validation.variant.unknown' });
      else {
        out.push({
          accountId,
          position: i,
          productId: usable.product.id,
          variantId: usable.variant.id,
          productName: usable.product.name,
          sku: usable.variant.sku,
          quantity: line.quantity,
          restrictedCategory: line.restrictedCategory ?? null,
          volumeMl: line.volumeMl ?? null,
          valueCents: line.valueUsd == null ? null : toCents(line.valueUsd),
        });
      }
    }
    return { lines: out, errors };
  }

  async function resolveLines(accountId: string, lines: OrderCreateBody['lines']): Promise<LineValues[]> {
    const resolved = await lineValues(db, accountId, lines);
    if (resolved.errors.length > 0) throw new AppError('VALIDATION_FAILED', 400, { errors: resolved.errors });
    return resolved.lines;
  }

  /** The order row values of a validated body, priced now. */
  async function orderValues(accountId: string, body: OrderCreateBody | OrderUpdateBody) {
    const ruleErrors = addressAndGoodsErrors(body);
    if (body.paymentMethod === 'credit' && !(await hasCreditLine(db, accountId))) ruleErrors.push({ field: 'paymentMethod', message: 'validation.order.noCreditLine' });
    if (ruleErrors.length > 0) throw new AppError('VALIDATION_FAILED', 400, { errors: ruleErrors });
    const lines = await resolveLines(accountId, body.lines);
    return { values: await pricedValues(accountId, body, lines), lines };
  }

  /** The order row of a checked body and its resolved lines, priced from the catalog snapshot (throws the quote's errors). */
  async function pricedValues(accountId: string, body: OrderCreateBody | OrderUpdateBody, lines: readonly LineValues[], tx: Db = db) {
    const { q, service, carrier, warehouse } = await priceFor(accountId, body, tx);
    const r = body.recipient;
    const values = {
      orderName: body.orderName,
      note: body.note,
      lengthCm: body.lengthCm,
      widthCm: body.widthCm,
      heightCm: body.heightCm,
      weightGr: body.weightGr,
      chargeableWeightGr: q.chargeableWeight,
      quantity: lines.reduce((n, l) => n + l.quantity, 0),
      orderType: lines.length > 0 ? 'product' : 'parcel',
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.phone,
      address1: r.address1,
      address2: r.address2,
      city: r.city,
      state: r.state,
      country: r.country,
      zipcode: r.zipcode,
      taxNumber: r.taxNumber,
      serviceId: service.id,
      serviceCode: service.code,
      serviceName: service.name,
      packaging: service.packaging ?? 'parcel',
      carrierId: carrier?.id ?? null,
      carrierCode: carrier?.code ?? null,
      warehouseCode: warehouse?.code ?? null,
      signature: body.signature,
      discountId: q.discountId,
      discountCode: q.discountId ? (body.discountCode ?? '').toUpperCase() : null,
      paymentMethod: body.paymentMethod,
      labelTiktok: body.labelTiktok,
      shippingFeeCents: q.fees.shippingFee,
      discountCents: q.fees.discount,
      taxFeeCents: q.fees.taxFee,
      seasonalFeeCents: q.fees.seasonalFee,
      overLengthFeeCents: q.fees.overLengthFee,
      signatureFeeCents: q.fees.signatureFee,
      totalCents: q.fees.total,
      costCents: q.cost,
    } satisfies Partial<repo.NewOrder>;
    return values;
  }

  async function insertOrder(tx: Db, accountId: string, actor: OrderActor, values: OrderValues, lines: readonly LineValues[], reason: HistoryReason = '') {
    const [row] = await insertOrders(tx, accountId, actor, [{ values, lines }], reason);
    return row!;
  }

  /** Tells the wallet what the accounts owe after a change of their orders, in the same transaction. */
  async function syncUnpaid(tx: Db, accountIds: Iterable<string>) {
    const ids = [...new Set(accountIds)];
    if (ids.length > 0) await setUnpaidCents(tx, await repo.unpaidCents(tx, ids));
  }

  /**
   * THE way orders are created (create, edit-as-new-order, duplicate, import): `unpaid`, with their
   * lines, a `create` history entry and OrderCreated, in `tx`. Many at once in a few statements per
   * 1,000 orders (an import of 1,000 rows); returned in the order given.
   */
  async function insertOrders(tx: Db, accountId: string, actor: OrderActor, items: readonly { values: OrderValues; lines: readonly LineValues[] }[], reason: HistoryReason = ''): Promise<CreatedOrderRow[]> {
    const out: CreatedOrderRow[] = [];
    for (let from = 0; from < items.length; from += INSERT_CHUNK) {
      out.push(...(await insertOrderChunk(tx, accountId, actor, items.slice(from, from + INSERT_CHUNK), reason)));
    }
    await syncUnpaid(tx, [accountId]);
    return out;
  }

  /**
   * One chunk of insertOrders. The rows are written from the callers' objects as they are: the
   * columns every row shares and the new ids go beside them (insertRows' `same` and `byRow`), not
   * into a copy of each row.
   */
  async function insertOrderChunk(tx: Db, accountId: string, actor: OrderActor, part: readonly { values: OrderValues; lines: readonly LineValues[] }[], reason: HistoryReason): Promise<CreatedOrderRow[]> {
    const rows = await insertOrderRows(tx, accountId, actor, part.map((p) => p.values));
    const lines: LineValues[] = [];
    const lineOrderIds: string[] = [];
    part.forEach((p, i) => {
      for (const l of p.lines) {
        lines.push(l);
        lineOrderIds.push(rows[i]!.id);
      }
    });
    await insertRows(tx, orderLines, lines, [], { byRow: { orderId: lineOrderIds } });
    await repo.countStatusChange(tx, accountId, null, 'unpaid', rows.length);
    const at = clock();
    await insertRows(
      tx,
      orderHistory,
      rows.map((r) => ({ orderId: r.id })),
      [],
      { same: { at, actorId: actor.userId, action: 'create', fromStatus: null, toStatus: 'unpaid', paymentTo: 'unpaid', ...historyReason(reason) } },
    );
    await emitMany(tx, OrderCreatedEvent, rows.map((r) => ({ orderId: r.id, accountId, exOrderId: r.exOrderId, totalCents: r.totalCents, at: at.toISOString() })));
    return rows;
  }

  /** Inserts order rows with fresh exOrderIds; a (very unlikely) id collision is retried in a savepoint. */
  async function insertOrderRows(tx: Db, accountId: string, actor: OrderActor, values: readonly OrderValues[]): Promise<CreatedOrderRow[]> {
    for (let attempt = 0; ; attempt++) {
      const exOrderIds = values.map(() => newExOrderId());
      const now = clock();
      const same = { accountId, createdBy: actor.userId, status: 'unpaid', paymentStatus: 'unpaid', createdAt: now, updatedAt: now } as const;
      try {
        const inserted = await tx.transaction((sp) => insertRows(sp, orders, values, CREATED_ORDER_COLUMNS, { same, byRow: { exOrderId: exOrderIds } }));
        const byExId = new Map(inserted.map((r) => [r.exOrderId, r]));
        return exOrderIds.map((id) => byExId.get(id)!);
      } catch (err) {
        if (sqlState(err) !== '23505') throw err;
        const detail = String((err as { constraint?: string; cause?: { constraint?: string } }).constraint ?? (err as { cause?: { constraint?: string } }).cause?.constraint ?? (err as Error).message);
        if (detail.includes('orders_account_name_uq')) throw new AppError('ORDER_NAME_TAKEN', 409, { errors: [{ field: 'orderName', message: 'error.ORDER_NAME_TAKEN' }] });
        if (attempt >= 3) throw err;
      }
    }
  }

  async function nameTaken(tx: Db, accountId: string, orderName: string, exceptId?: string) {
    const [row] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.orderName, orderName), exceptId ? sql`${orders.id} <> ${exceptId}` : undefined));
    return row !== undefined;
  }

  /** The names among `names` the account already uses (one query; an import checks its whole file). */
  async function takenNames(tx: Db, accountId: string, names: readonly string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await tx
      .select({ name: orders.orderName })
      .from(orders)
      // One JSON parameter, not one parameter per name (a file of 10,000 names).
      .where(and(eq(orders.accountId, accountId), sql`${orders.orderName} in (select jsonb_array_elements_text(${JSON.stringify([...new Set(names)])}::jsonb))`));
    return new Set(rows.map((r) => r.name));
  }

  async function orderFor(tx: Db, actor: Actor, id: string, forUpdate = false): Promise<repo.OrderRow> {
    const [row] = await requireOwned(tx, actor, orders, [id], { notFound: 'ORDER_NOT_FOUND', forUpdate });
    return row!;
  }

  /**
   * THE way an order's status changes: the domain's table decides, the change, its history entry and the
   * list's stored count per status are written together, and OrderStatusChanged is emitted in the same
   * transaction. `actorId` null = the platform. Used by the actions, the jobs and (later) the wallet and
   * the carriers.
   */
  async function transition(tx: Db, row: repo.OrderRow, action: OrderAction, actorId: string | null, reason: HistoryReason = '', details?: Record<string, unknown>) {
    return (await transitionMany(tx, [row], action, actorId, reason, details))[0]!;
  }

  /**
   * `transition` for many orders in a few statements (a bulk pay of 1,000 orders): every order must
   * allow `action` (else nothing is written); rows whose change is the same are updated by one guarded
   * UPDATE, the history and the events are written in one statement each. Returns the updated rows in
   * the order given.
   */
  async function transitionMany(tx: Db, rows: readonly repo.OrderRow[], action: OrderAction, actorId: string | null, reason: HistoryReason = '', details?: Record<string, unknown>) {
    const why = historyReason(reason);
    const now = clock();
    const planned = rows.map((row) => {
      const result = apply(stateOf(row), action, { now, calendar });
      if (!result.ok) throw new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { status: row.status, action } });
      // A refund scheduled by this change is fixed now, by the §9 formula; paying it out (refund,
      // refundDue) credits the wallet in this same transaction, never more than the order was paid.
      const refundCents = result.refund !== 'none' ? refundAmountCents(row, result.refund) : row.refundCents;
      const s = result.state;
      const set = {
        status: s.status,
        preStatus: s.preStatus,
        paymentStatus: s.paymentStatus,
        labeledAt: s.labeledAt,
        dimensionFlaggedAt: s.dimensionFlaggedAt,
        canceledAt: s.canceledAt,
        refundDueAt: s.refundDueAt,
        refundCents,
        paidAt: action === 'pay' && row.paidAt === null ? now : row.paidAt,
        updatedAt: now,
      };
      return { row, result, set };
    });
    for (const { row, set } of planned) {
      if ((action === 'refund' || action === 'refundDue' || action === 'refundCustom') && (set.paymentStatus === 'refund' || set.paymentStatus === 'refund-custom')) {
        const { paidCents, refundedCents } = await orderMoney(tx, row.id);
        const amountCents = Math.min(row.refundCents, paidCents - refundedCents);
        if (amountCents > 0) {
          await creditWallet(tx, 'refund', { accountId: row.accountId, amountCents, actorId, note: `Refund of ${row.exOrderId}`, orders: [{ orderId: row.id, kind: 'refund', amountCents }] });
        }
      }
    }
    // Orders that read the same status and get the same change share one UPDATE, guarded on the status
    // read: a concurrent change makes it miss the row, and the whole call is refused instead of a lost update.
    const groups = new Map<string, { set: (typeof planned)[number]['set']; from: repo.OrderRow; ids: string[] }>();
    for (const p of planned) {
      const key = JSON.stringify([p.row.status, p.row.paymentStatus, p.set]);
      const g = groups.get(key) ?? { set: p.set, from: p.row, ids: [] };
      g.ids.push(p.row.id);
      groups.set(key, g);
    }
    const updatedById = new Map<string, repo.OrderRow>();
    for (const g of groups.values()) {
      for (let at = 0; at < g.ids.length; at += INSERT_CHUNK * 5) {
        const ids = g.ids.slice(at, at + INSERT_CHUNK * 5);
        const updated = await tx
          .update(orders)
          .set(g.set)
          .where(and(inArray(orders.id, ids), eq(orders.status, g.from.status), eq(orders.paymentStatus, g.from.paymentStatus)))
          .returning();
        if (updated.length !== ids.length) throw new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { status: g.from.status, action } });
        for (const u of updated) updatedById.set(u.id, u);
      }
    }
    const moves = new Map<string, { accountId: string; from: string; to: string; n: number }>();
    for (const { row, set } of planned) {
      const key = `${row.accountId}|${row.status}|${set.status}`;
      const m = moves.get(key) ?? { accountId: row.accountId, from: row.status, to: set.status, n: 0 };
      m.n++;
      moves.set(key, m);
    }
    for (const m of moves.values()) await repo.countStatusChange(tx, m.accountId, m.from, m.to, m.n);
    for (let at = 0; at < planned.length; at += INSERT_CHUNK) {
      const part = planned.slice(at, at + INSERT_CHUNK);
      await tx.insert(orderHistory).values(
        part.map(({ row, set, result }) => ({
          orderId: row.id,
          at: now,
          actorId,
          action,
          fromStatus: row.status,
          toStatus: set.status,
          paymentFrom: row.paymentStatus,
          paymentTo: set.paymentStatus,
          reason: why.reason,
          details: { ...details, ...why.details, refund: result.refund },
        })),
      );
      await emitMany(
        tx,
        OrderStatusChanged,
        part.map(({ row, set, result }) => ({
          orderId: row.id,
          accountId: row.accountId,
          exOrderId: row.exOrderId,
          action,
          from: row.status as OrderStatus,
          to: set.status,
          paymentFrom: row.paymentStatus as PaymentStatus,
          paymentTo: set.paymentStatus,
          refund: result.refund,
          refundDueAt: iso(set.refundDueAt),
          at: now.toISOString(),
        })),
      );
    }
    await syncUnpaid(tx, rows.map((r) => r.accountId));
    return rows.map((r) => updatedById.get(r.id)!);
  }

  /** Why an order cannot take a surcharge now (SPEC §8), or null when it can. */
  function surchargeRefusal(row: repo.OrderRow): 'SURCHARGE_NO_WEIGHT' | 'SURCHARGE_NOT_ALLOWED' | null {
    if (!(row.weightGr > 0)) return 'SURCHARGE_NO_WEIGHT';
    return apply(stateOf(row), 'addSurcharge', { now: clock(), calendar }).ok ? null : 'SURCHARGE_NOT_ALLOWED';
  }

  /**
   * THE way a surcharge is added (the order's screen and the surcharge import): the surcharge row, the
   * fee on the order and the payment status moved to surcharge-unpaid with its history entry, in `tx`.
   * `row` must be locked by the caller; returns the updated row.
   */
  async function addSurchargeTo(tx: Db, actor: OrderActor, row: repo.OrderRow, body: SurchargeBody): Promise<repo.OrderRow> {
    const refusal = surchargeRefusal(row);
    if (refusal === 'SURCHARGE_NO_WEIGHT') throw new AppError('SURCHARGE_NO_WEIGHT', 409);
    if (refusal) throw new AppError('SURCHARGE_NOT_ALLOWED', 409, { details: { status: row.status, paymentStatus: row.paymentStatus } });
    const amountCents = toCents(body.amount);
    await tx.insert(orderSurcharges).values({ orderId: row.id, accountId: row.accountId, amountCents, reason: body.reason, detailReason: body.detailReason, note: body.note, createdBy: actor.userId, createdAt: clock() });
    const [withFee] = await tx
      .update(orders)
      .set({ surchargeCents: sql`${orders.surchargeCents} + ${amountCents}`, totalCents: sql`${orders.totalCents} + ${amountCents}` })
      .where(eq(orders.id, row.id))
      .returning();
    return transition(tx, withFee!, 'addSurcharge', actor.userId, body.reason, { amountCents, detailReason: body.detailReason });
  }

  /**
   * Orders the actor may see named by exOrderId (case-insensitive) or id, in one query; optionally
   * locked. Another account's order is simply not returned.
   */
  async function ordersByRefs(tx: Db, actor: Actor, refs: readonly string[], opts: { forUpdate?: boolean } = {}): Promise<repo.OrderRow[]> {
    const exOrderIds = [...new Set(refs.map((r) => r.trim().toUpperCase()).filter((r) => EX_ORDER_ID.test(r)))];
    const ids = [...new Set(refs.map((r) => r.trim().toLowerCase()).filter((r) => UUID.test(r)))];
    if (exOrderIds.length === 0 && ids.length === 0) return [];
    const account = accountScope(actor);
    const q = tx
      .select()
      .from(orders)
      .where(and(or(exOrderIds.length ? inArray(orders.exOrderId, exOrderIds) : undefined, ids.length ? inArray(orders.id, ids) : undefined), account ? eq(orders.accountId, account) : undefined))
      .orderBy(asc(orders.id));
    return opts.forUpdate ? q.for('update') : q;
  }

  async function detail(tx: Db, row: repo.OrderRow): Promise<OrderDetail> {
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.position));
    const history = await tx.select().from(orderHistory).where(eq(orderHistory.orderId, row.id)).orderBy(asc(orderHistory.seq));
    const surcharges = await tx.select().from(orderSurcharges).where(eq(orderSurcharges.orderId, row.id)).orderBy(asc(orderSurcharges.createdAt));
    const people = await findUsersByIds(tx, [row.accountId, ...history.flatMap((h) => (h.actorId ? [h.actorId] : []))]);
    const byId = new Map(people.map((u) => [u.id, u]));
    const owner = byId.get(row.accountId);
    const state = stateOf(row);
    return {
      ...toSummary(row, owner ? { id: owner.id, email: owner.email, fullName: owner.fullName } : null),
      note: row.note,
      signature: row.signature,
      discountCode: row.discountCode,
      paymentMethod: row.paymentMethod as OrderDetail['paymentMethod'],
      labelTiktok: row.labelTiktok,
      recipient: {
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phone: row.phone,
        address1: row.address1,
        address2: row.address2,
        city: row.city,
        state: row.state,
        country: row.country,
        zipcode: row.zipcode,
        taxNumber: row.taxNumber,
      },
      serviceName: row.serviceName,
      warehouseCode: row.warehouseCode,
      fees: feesOf(row),
      lines: lines.map((l) => ({
        productId: l.productId,
        variantId: l.variantId,
        productName: l.productName,
        sku: l.sku,
        quantity: l.quantity,
        restrictedCategory: l.restrictedCategory,
        volumeMl: l.volumeMl,
        valueUsd: l.valueCents == null ? null : fromCents(l.valueCents),
      })),
      history: history.map((h) => {
        const who = h.actorId ? byId.get(h.actorId) : undefined;
        return {
          at: h.at.toISOString(),
          action: h.action,
          from: h.fromStatus,
          to: h.toStatus,
          paymentFrom: h.paymentFrom,
          paymentTo: h.paymentTo,
          by: who ? { id: who.id, fullName: who.fullName } : null,
          reason: h.reason,
          ...reasonKeyOf(h.details),
        };
      }),
      surcharges: surcharges.map((s) => ({ id: s.id, amount: fromCents(s.amountCents), reason: s.reason, detailReason: s.detailReason, note: s.note, paid: s.paidAt !== null, createdAt: s.createdAt.toISOString() })),
      allowedActions: allowedActions(state) as OrderUserAction[],
      editScope: editScope(state),
      labeledAt: iso(row.labeledAt),
      canceledAt: iso(row.canceledAt),
      refundDueAt: iso(row.refundDueAt),
      refundAmount: fromCents(row.refundCents),
      replacedBy: row.replacedBy,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * Auto-pay (the seller's wallet setting): orders just created, or a surcharge just added, are paid in
   * the transaction that wrote them, so a crash cannot leave them created and the payment forgotten.
   * The payment runs in a savepoint: when the wallet does not cover it (or a discount is used up) they
   * simply stay unpaid. Answers whether they were paid.
   */
  async function autoPayIn(tx: Db, actor: OrderActor, accountId: string, orderIds: string[]): Promise<boolean> {
    if (orderIds.length === 0 || !(await getWalletSummary(tx, accountId)).autoPay) return false;
    try {
      await tx.transaction((sp) => service.payIn(sp, actor, orderIds, { key: 'autoPay' }));
      return true;
    } catch (e) {
      if (e instanceof AppError && ['INSUFFICIENT_FUNDS', 'INSUFFICIENT_BALANCE', 'CREDIT_BLOCKED', 'DISCOUNT_USED_UP', 'ACTION_NOT_ALLOWED_FOR_STATUS'].includes(e.code)) return false;
      throw e;
    }
  }

  const service = {
    transition,

    /**
     * The create path's pieces, for the order import (orders.imports.ts), which checks a whole file in
     * bulk and writes every order in one transaction: the same rules, pricing and insert as `create`.
     */
    creation: { lineValues, pricedValues, insertOrders, takenNames, serviceUsable, autoPayIn },
    /** The surcharge path's pieces, for the surcharge import: the same check and write as `addSurcharge`. */
    surcharges: { surchargeRefusal, addSurchargeTo, ordersByRefs },

    async price(actor: OrderActor, body: OrderCreateBody): Promise<OrderPriceReply> {
      const accountId = await targetAccount(db, actor, body.customerId);
      const ruleErrors = addressAndGoodsErrors(body);
      if (ruleErrors.length > 0) throw new AppError('VALIDATION_FAILED', 400, { errors: ruleErrors });
      await resolveLines(accountId, body.lines);
      const { q, service } = await priceFor(accountId, body);
      return {
        serviceName: service.name,
        chargeableWeight: q.chargeableWeight,
        fees: {
          shippingFee: fromCents(q.fees.shippingFee),
          discount: fromCents(q.fees.discount),
          taxFee: fromCents(q.fees.taxFee),
          seasonalFee: fromCents(q.fees.seasonalFee),
          overLengthFee: fromCents(q.fees.overLengthFee),
          signatureFee: fromCents(q.fees.signatureFee),
          surcharge: 0,
          total: fromCents(q.fees.total),
        },
      };
    },

    async create(actor: OrderActor, body: OrderCreateBody): Promise<OrderCreated> {
      const accountId = await targetAccount(db, actor, body.customerId);
      const { values, lines } = await orderValues(accountId, body);
      const row = await db.transaction(async (tx) => {
        if (await nameTaken(tx, accountId, body.orderName)) throw new AppError('ORDER_NAME_TAKEN', 409, { errors: [{ field: 'orderName', message: 'error.ORDER_NAME_TAKEN' }] });
        const created = await insertOrder(tx, accountId, actor, values, lines);
        return { created, paid: await autoPayIn(tx, actor, accountId, [created.id]) };
      });
      return { _id: row.created.id, exOrderId: row.created.exOrderId, totalPrice: fromCents(row.created.totalCents), paid: row.paid };
    },

    async update(actor: OrderActor, id: string, body: OrderUpdateBody) {
      const current = await orderFor(db, actor, id);
      const scope = editScope(stateOf(current));
      if (scope === 'none') throw new AppError('ORDER_NOT_EDITABLE', 409, { details: { status: current.status } });
      const { values, lines } = await orderValues(current.accountId, body);
      if (scope === 'full') {
        const row = await db.transaction(async (tx) => {
          const locked = await orderFor(tx, actor, id, true);
          if (editScope(stateOf(locked)) !== 'full') throw new AppError('ORDER_NOT_EDITABLE', 409, { details: { status: locked.status } });
          if (await nameTaken(tx, locked.accountId, body.orderName, locked.id)) throw new AppError('ORDER_NAME_TAKEN', 409, { errors: [{ field: 'orderName', message: 'error.ORDER_NAME_TAKEN' }] });
          // A paid order keeps the price it was paid at; an unpaid one is priced again. A paid order may
          // change only in ways that keep that price: anything else would ship a parcel it was not paid for
          // (or keep money for one smaller than paid).
          const keepPrice = locked.paymentStatus !== 'unpaid';
          if (keepPrice) refusePaidPriceChange(locked, values);
          const priceFields = keepPrice
            ? {}
            : {
                shippingFeeCents: values.shippingFeeCents,
                discountCents: values.discountCents,
                taxFeeCents: values.taxFeeCents,
                seasonalFeeCents: values.seasonalFeeCents,
                overLengthFeeCents: values.overLengthFeeCents,
                signatureFeeCents: values.signatureFeeCents,
                totalCents: values.totalCents + locked.surchargeCents,
                costCents: values.costCents,
                discountId: values.discountId,
                discountCode: values.discountCode,
              };
          const { shippingFeeCents: _a, discountCents: _b, taxFeeCents: _c, seasonalFeeCents: _d, overLengthFeeCents: _e, signatureFeeCents: _f, totalCents: _g, costCents: _h, discountId: _i, discountCode: _j, ...rest } = values;
          void [_a, _b, _c, _d, _e, _f, _g, _h, _i, _j];
          const [updated] = await tx
            .update(orders)
            .set({ ...rest, ...priceFields, updatedAt: clock() })
            .where(eq(orders.id, locked.id))
            .returning();
          await tx.delete(orderLines).where(eq(orderLines.orderId, locked.id));
          if (lines.length > 0) await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: locked.id })));
          await tx.insert(orderHistory).values({ orderId: locked.id, at: clock(), actorId: actor.userId, action: 'edit', fromStatus: locked.status, toStatus: locked.status, reason: '' });
          if (!keepPrice) await syncUnpaid(tx, [locked.accountId]);
          // An order stopped by the address check goes back to its label once edited: the purchase checks the new address.
          if (isAllowed(stateOf(updated!), 'addressEdited')) return transition(tx, updated!, 'addressEdited', actor.userId, { key: 'addressRecheck' });
          return updated!;
        });
        return { id: row.id, exOrderId: row.exOrderId, replacedBy: null, totalPrice: fromCents(row.totalCents) };
      }
      // Labeled: only the address may change, as a new order; the old one is cancelled (refund after 7 working days).
      const same = (a: unknown, b: unknown) => String(a) === String(b);
      const changedBeyondAddress =
        !same(values.orderName, current.orderName) ||
        !same(values.serviceCode, current.serviceCode) ||
        !same(values.weightGr, current.weightGr) ||
        !same(values.lengthCm, current.lengthCm) ||
        !same(values.widthCm, current.widthCm) ||
        !same(values.heightCm, current.heightCm);
      if (changedBeyondAddress) throw new AppError('ORDER_ADDRESS_ONLY', 409);
      const created = await db.transaction(async (tx) => {
        const locked = await orderFor(tx, actor, id, true);
        if (editScope(stateOf(locked)) !== 'address-as-new-order') throw new AppError('ORDER_NOT_EDITABLE', 409, { details: { status: locked.status } });
        // The new order takes the name; the old one keeps it with a suffix so the name stays unique.
        await tx.update(orders).set({ orderName: `${locked.orderName}-old-${locked.exOrderId.slice(-4)}`.slice(0, 60) }).where(eq(orders.id, locked.id));
        const fresh = await insertOrder(tx, locked.accountId, actor, values, lines, { key: 'created.replaces', vars: { exOrderId: locked.exOrderId } });
        await tx.update(orders).set({ replacedBy: fresh.id }).where(eq(orders.id, locked.id));
        await transition(tx, { ...locked, replacedBy: fresh.id }, 'cancel', actor.userId, { key: 'addressReplaced', vars: { exOrderId: fresh.exOrderId } });
        return fresh;
      });
      return { id: current.id, exOrderId: current.exOrderId, replacedBy: { id: created.id, exOrderId: created.exOrderId }, totalPrice: fromCents(created.totalCents) };
    },

    async get(actor: Actor, id: string): Promise<OrderDetail> {
      return detail(db, await orderFor(db, actor, id));
    },

    async getByExOrderId(actor: Actor, exOrderId: string): Promise<OrderDetail> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.exOrderId, exOrderId), accountScope(actor) ? eq(orders.accountId, accountScope(actor)!) : undefined));
      if (!row) throw notFound();
      return detail(db, row);
    },

    async list(actor: Actor, query: OrderListQuery): Promise<OrderListReply> {
      const accountId = accountScope(actor, query.customerId);
      const { rows, total, counts } = await repo.listOrders(db, accountId, query);
      const customers = actsForAnyAccount(actor) ? new Map((await findUsersByIds(db, [...new Set(rows.map((r) => r.accountId))])).map((u) => [u.id, u])) : null;
      return {
        items: rows.map((r) => {
          const c = customers?.get(r.accountId);
          return toSummary(r, c ? { id: c.id, email: c.email, fullName: c.fullName } : null);
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
        counts,
      };
    },

    async exportRows(actor: Actor, query: Omit<OrderListQuery, 'page' | 'pageSize'>) {
      const accountId = accountScope(actor, query.customerId);
      const rows = await repo.exportOrders(db, accountId, query, 50_000);
      const customers = actsForAnyAccount(actor) ? new Map((await findUsersByIds(db, [...new Set(rows.map((r) => r.accountId))])).map((u) => [u.id, u])) : null;
      return rows.map((r) => ({ row: r, customerEmail: customers?.get(r.accountId)?.email ?? null }));
    },

    /**
     * Pays orders from their sellers' wallets in `tx` (the caller's, so an Idempotency-Key's reply
     * commits with it), all or nothing: every order must allow `pay` (an unpaid order's price, or its
     * unpaid surcharges); each wallet is debited once for its orders, wallets in ascending account order.
     */
    async payIn(tx: Db, actor: OrderActor, orderIds: string[], reason: HistoryReason = '') {
      const ids = [...new Set(orderIds)].sort();
      const rows = await requireOwned(tx, actor, orders, ids, { notFound: 'ORDER_NOT_FOUND', forUpdate: true });
      const refused = rows.filter((r) => !isAllowed(stateOf(r), 'pay'));
      if (refused.length > 0) {
        throw new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { action: 'pay', orders: refused.map((r) => ({ id: r.id, exOrderId: r.exOrderId, status: r.status, paymentStatus: r.paymentStatus })) } });
      }
      const owedSurcharges = await tx
        .select()
        .from(orderSurcharges)
        .where(and(inArray(orderSurcharges.orderId, rows.filter((r) => r.paymentStatus === 'surcharge-unpaid').map((r) => r.id).concat('00000000-0000-0000-0000-000000000000')), isNull(orderSurcharges.paidAt)));
      const byAccount = new Map<string, OrderLink[]>();
      for (const r of rows) {
        const links = byAccount.get(r.accountId) ?? [];
        if (r.paymentStatus === 'surcharge-unpaid') {
          const cents = owedSurcharges.filter((x) => x.orderId === r.id).reduce((n, x) => n + x.amountCents, 0);
          if (cents > 0) links.push({ orderId: r.id, kind: 'surcharge', amountCents: cents });
        } else if (r.totalCents > 0) links.push({ orderId: r.id, kind: 'order', amountCents: r.totalCents });
        byAccount.set(r.accountId, links);
      }
      // Discount uses are consumed now, exactly once per order, under the discounts' limits.
      await consumeDiscountUses(
        tx,
        rows.filter((r) => r.paymentStatus === 'unpaid' && r.discountId !== null && r.discountCents > 0).map((r) => ({ discountId: r.discountId!, accountId: r.accountId, orderId: r.id, exOrderId: r.exOrderId })),
      );
      await refuseCreditWithoutLine(tx, rows);
      const transactionIds: string[] = [];
      let amountCents = 0;
      let balanceAfterCents = 0;
      const method = new Map(rows.map((r) => [r.id, r.paymentMethod]));
      for (const accountId of [...byAccount.keys()].sort()) {
        // Orders paid by debit take the balance only, first; the others the balance, then the credit line.
        const all = byAccount.get(accountId)!;
        const parts = [all.filter((l) => method.get(l.orderId) === 'debit'), all.filter((l) => method.get(l.orderId) !== 'debit')];
        for (const [i, links] of parts.entries()) {
          const sum = links.reduce((n, l) => n + l.amountCents, 0);
          if (sum === 0) continue;
          const note = links.length === 1 ? `Payment of 1 order` : `Payment of ${links.length} orders`;
          const paid = await debitWallet(tx, { accountId, amountCents: sum, actorId: actor.userId, note, orders: links }, { creditLine: i === 1 });
          transactionIds.push(paid.transactionId);
          amountCents += sum;
          balanceAfterCents = paid.balanceAfterCents;
        }
      }
      if (owedSurcharges.length > 0) await tx.update(orderSurcharges).set({ paidAt: clock() }).where(inArray(orderSurcharges.id, owedSurcharges.map((x) => x.id)));
      await transitionMany(tx, rows, 'pay', actor.userId, reason);
      return { paid: rows.length, amount: fromCents(amountCents), balanceAfter: fromCents(balanceAfterCents), transactionIds };
    },

    /**
     * Staff pay a cancelled order's waiting refund now, in `tx` (the caller's, for its Idempotency-Key):
     * the scheduled amount, or another one above 0 and not above what was paid less what was refunded
     * (payment status refund-custom). The wallet is credited in the same transaction.
     */
    async refundIn(tx: Db, actor: OrderActor, id: string, body: { reason: string; amount?: number }): Promise<OrderDetail> {
      const row = await orderFor(tx, actor, id, true);
      if (!isAllowed(stateOf(row), 'refund')) throw new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { status: row.status, paymentStatus: row.paymentStatus, action: 'refund' } });
      const amountCents = body.amount === undefined ? row.refundCents : toCents(body.amount);
      if (amountCents === row.refundCents) return detail(tx, await transition(tx, row, 'refund', actor.userId, body.reason));
      const { paidCents, refundedCents } = await orderMoney(tx, row.id);
      const maxCents = paidCents - refundedCents;
      if (amountCents <= 0 || amountCents > maxCents) {
        throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'amount', message: amountCents <= 0 ? 'validation.refund.positive' : 'validation.refund.max' }], details: { max: fromCents(maxCents) } });
      }
      const [custom] = await tx.update(orders).set({ refundCents: amountCents }).where(eq(orders.id, row.id)).returning();
      return detail(tx, await transition(tx, custom!, 'refundCustom', actor.userId, body.reason, { scheduledCents: row.refundCents, amountCents }));
    },

    async act(actor: OrderActor, id: string, action: OrderUserAction, reason: string): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const row = await orderFor(tx, actor, id, true);
        const updated = await transition(tx, row, action, actor.userId, reason);
        return detail(tx, updated);
      });
    },

    async addSurcharge(actor: OrderActor, id: string, body: SurchargeBody): Promise<OrderDetail> {
      return db.transaction(async (tx) => {
        const row = await addSurchargeTo(tx, actor, await orderFor(tx, actor, id, true), body);
        // A surcharge on a paid order is charged at once with auto-pay (surcharge-unpaid → paid).
        if (row.paymentStatus === 'surcharge-unpaid' && (await autoPayIn(tx, actor, row.accountId, [row.id]))) return detail(tx, await orderFor(tx, actor, id));
        return detail(tx, row);
      });
    },

    async duplicate(actor: OrderActor, id: string): Promise<OrderCreated> {
      const source = await orderFor(db, actor, id);
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, source.id)).orderBy(asc(orderLines.position));
      const body: OrderCreateBody = {
        orderName: source.orderName,
        note: source.note,
        serviceCode: source.serviceCode,
        signature: source.signature,
        discountCode: source.discountCode ?? undefined,
        lengthCm: source.lengthCm,
        widthCm: source.widthCm,
        heightCm: source.heightCm,
        weightGr: source.weightGr,
        recipient: {
          firstName: source.firstName,
          lastName: source.lastName,
          email: source.email,
          phone: source.phone,
          address1: source.address1,
          address2: source.address2,
          city: source.city,
          state: source.state,
          country: source.country,
          zipcode: source.zipcode,
          taxNumber: source.taxNumber,
        },
        lines: lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity, restrictedCategory: l.restrictedCategory, volumeMl: l.volumeMl, valueUsd: l.valueCents == null ? null : fromCents(l.valueCents) })),
        labelTiktok: source.labelTiktok,
        paymentMethod: source.paymentMethod as OrderCreateBody['paymentMethod'],
      };
      const { values, linesOut } = await orderValues(source.accountId, body).then((v) => ({ values: v.values, linesOut: v.lines }));
      const row = await db.transaction(async (tx) => {
        const base = `${source.orderName}-copy`.slice(0, 44);
        let name = base;
        for (let n = 2; await nameTaken(tx, source.accountId, name); n++) name = `${base}${n}`;
        const created = await insertOrder(tx, source.accountId, actor, { ...values, orderName: name }, linesOut, { key: 'created.duplicate', vars: { exOrderId: source.exOrderId } });
        return { created, paid: await autoPayIn(tx, actor, source.accountId, [created.id]) };
      });
      return { _id: row.created.id, exOrderId: row.created.exOrderId, totalPrice: fromCents(row.created.totalCents), paid: row.paid };
    },

    /**
     * Cron sweeps (SPEC §4/§9): each finds the due orders and applies the platform event to each in its
     * own transaction, re-checking under a row lock, so a retried or overlapping run changes nothing twice.
     */
    async sweep(kind: 'autoCancel' | 'dimensionTimeout' | 'refundDue', limit = 500): Promise<number> {
      const now = clock();
      const due = await repo.dueOrders(db, kind, now, limit);
      let done = 0;
      for (const id of due) {
        const changed = await db.transaction(async (tx) => {
          const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
          if (!row || !repo.isDue(kind, stateOf(row), now)) return false;
          await transition(tx, row, kind, null, { key: kind === 'autoCancel' ? 'autoCancel' : kind === 'dimensionTimeout' ? 'dimensionTimeout' : 'refundDue' });
          return true;
        });
        if (changed) done++;
      }
      return done;
    },

    /** For the platform's other modules: load an order by id in a transaction, locked. */
    async lockOrder(tx: Db, id: string): Promise<repo.OrderRow> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      if (!row) throw notFound();
      return row;
    },

    /**
     * The carrier sold a label (the shipping module): the order gets its tracking number, label file
     * and carrier, then ⚙ labelPurchased. `row` is locked by the caller.
     */
    async labelBought(tx: Db, row: repo.OrderRow, label: { trackingNumber: string; labelKey: string; carrierId: string | null; carrierCode: string }, reason: HistoryReason = ''): Promise<repo.OrderRow> {
      const [withLabel] = await tx
        .update(orders)
        .set({ trackingNumber: label.trackingNumber, labelKey: label.labelKey, carrierId: label.carrierId, carrierCode: label.carrierCode, routingStatus: null, updatedAt: clock() })
        .where(eq(orders.id, row.id))
        .returning();
      return transition(tx, withLabel!, 'labelPurchased', null, reason, { trackingNumber: label.trackingNumber, carrierCode: label.carrierCode });
    },

    /**
     * The carrier's newest routing status (the shipping module's poller): kept on the order; the first
     * scan after the label ships a labeled order, a delivery delivers it (SPEC §4 display rules then
     * show the routing status). Statuses that say nothing of the parcel's movement change only the field.
     */
    async followRouting(tx: Db, row: repo.OrderRow, status: RoutingStatus): Promise<repo.OrderRow> {
      let current = row;
      if (row.routingStatus !== status) {
        const [u] = await tx.update(orders).set({ routingStatus: status, updatedAt: clock() }).where(eq(orders.id, row.id)).returning();
        current = u!;
      }
      const moving = !['pre-shipment', 'lost', 'error', 'expired', 'alert'].includes(status);
      if (moving && current.status === 'labeled') current = await transition(tx, current, 'ship', null, { key: 'carrierMoving', vars: { status } });
      if (status === 'delivered' && current.status === 'shipped') current = await transition(tx, current, 'deliver', null, { key: 'carrierDelivered' });
      return current;
    },

    /** Orders by their EX ids, within one account or every account (`accountId` undefined). */
    async rowsByExOrderIds(exOrderIds: string[], accountId: string | undefined): Promise<Map<string, repo.OrderRow>> {
      if (exOrderIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(orders)
        .where(and(inArray(orders.exOrderId, exOrderIds), accountId ? eq(orders.accountId, accountId) : undefined, isNull(orders.replacedBy)));
      return new Map(rows.map((r) => [r.exOrderId, r]));
    },

    /** The status and EX order id of each order among `ids` (the shipping module's views and messages). */
    async statusesOf(ids: string[]): Promise<Map<string, { status: string; exOrderId: string }>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: orders.id, status: orders.status, exOrderId: orders.exOrderId }).from(orders).where(inArray(orders.id, ids));
      return new Map(rows.map((r) => [r.id, { status: r.status, exOrderId: r.exOrderId }]));
    },

    /** Live order ids of an account among `ids` (bulk access checks, one query). */
    async visibleIds(actor: Actor, ids: string[]): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.id, ids), accountScope(actor) ? eq(orders.accountId, accountScope(actor)!) : undefined, isNull(orders.replacedBy)));
      return rows.map((r) => r.id);
    },
  };
  return service;
}

export type OrderService = ReturnType<typeof createOrderService>;
