import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  isCountryCode,
  isSubdivisionOf,
  subdivisionsOf,
  type FieldError,
  type HistoryReason,
  type OrderCreateBody,
  type OrderCreated,
  type OrderLineInput,
  type OrderPriceReply,
  type OrderUpdateBody,
} from '@exship/contracts';
import { checkRestrictedGoods, dimensionError, fromCents, toCents, type RestrictedGoodsCode } from '@exship/domain';
import { actsForAnyAccount } from '../../platform/access';
import { insertRows, type Db } from '../../platform/db';
import { AppError, sqlState } from '../../platform/errors';
import { emitMany } from '../../platform/jobs';
import { usZipMatches } from '../../platform/zip';
import { quoteError, runQuote } from '../catalog';
import { resolveCustomerAccount, usableVariants } from '../products';
import { lockWallets } from '../wallet';
import { OrderCreated as OrderCreatedEvent } from './orders.events';
import { autoPayIn } from './orders.pay';
import * as repo from './orders.repository';
import {
  CREATED_ORDER_COLUMNS,
  hasCreditLine,
  historyReason,
  INSERT_CHUNK,
  nameTaken,
  orderFor,
  syncUnpaid,
  type CreatedOrderRow,
  type LineValues,
  type OrderActor,
  type OrderContext,
  type OrderValues,
} from './orders.shared';
import { orderHistory, orderLines, orders } from './orders.tables';

// Creating orders: the price, create, duplicate, and THE insert every new order goes through
// (create, edit-as-new-order, duplicate, the import).

// ---------------------------------------------------------------------------------------------
// exOrderId: "EX" + 10 Crockford base-32 characters from 50 random bits — readable, unique (index)
// and not guessable from another order's id.
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

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

/** The price of a parcel for an account, from the cached catalog snapshot (the quote's own code path). */
async function priceFor(ctx: OrderContext, accountId: string, body: Pick<OrderCreateBody, 'serviceCode' | 'weightGr' | 'lengthCm' | 'widthCm' | 'heightCm' | 'recipient' | 'signature' | 'discountCode'>, tx: Db = ctx.db) {
  const snap = await ctx.snapshot.get(tx);
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
    ctx.clock().getTime(),
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
export async function serviceUsable(ctx: OrderContext, code: string, tx: Db = ctx.db): Promise<boolean> {
  const snap = await ctx.snapshot.get(tx);
  return snap.services.some((s) => s.code === code && s.active);
}

/**
 * Lines: each product and variant must exist in the account and be accepted. Two queries for any
 * number of lines; errors name `lines.<i>.productId` or `lines.<i>.variantId`.
 */
export async function lineValues(tx: Db, accountId: string, lines: readonly OrderLineInput[]): Promise<{ lines: LineValues[]; errors: FieldError[] }> {
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

async function resolveLines(ctx: OrderContext, accountId: string, lines: OrderCreateBody['lines']): Promise<LineValues[]> {
  const resolved = await lineValues(ctx.db, accountId, lines);
  if (resolved.errors.length > 0) throw new AppError('VALIDATION_FAILED', 400, { errors: resolved.errors });
  return resolved.lines;
}

/** The order row values of a validated body, priced now. */
export async function orderValues(ctx: OrderContext, accountId: string, body: OrderCreateBody | OrderUpdateBody) {
  const ruleErrors = addressAndGoodsErrors(body);
  if (body.paymentMethod === 'credit' && !(await hasCreditLine(ctx.db, accountId))) ruleErrors.push({ field: 'paymentMethod', message: 'validation.order.noCreditLine' });
  if (ruleErrors.length > 0) throw new AppError('VALIDATION_FAILED', 400, { errors: ruleErrors });
  const lines = await resolveLines(ctx, accountId, body.lines);
  return { values: await pricedValues(ctx, accountId, body, lines), lines };
}

/** The order row of a checked body and its resolved lines, priced from the catalog snapshot (throws the quote's errors). */
export async function pricedValues(ctx: OrderContext, accountId: string, body: OrderCreateBody | OrderUpdateBody, lines: readonly LineValues[], tx: Db = ctx.db) {
  const { q, service, carrier, warehouse } = await priceFor(ctx, accountId, body, tx);
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

export async function insertOrder(ctx: OrderContext, tx: Db, accountId: string, actor: OrderActor, values: OrderValues, lines: readonly LineValues[], reason: HistoryReason = '') {
  const [row] = await insertOrders(ctx, tx, accountId, actor, [{ values, lines }], reason);
  return row!;
}

/**
 * THE way orders are created (create, edit-as-new-order, duplicate, import): `unpaid`, with their
 * lines, a `create` history entry and OrderCreated, in `tx`. Many at once in a few statements per
 * 1,000 orders (an import of 1,000 rows); returned in the order given.
 */
export async function insertOrders(ctx: OrderContext, tx: Db, accountId: string, actor: OrderActor, items: readonly { values: OrderValues; lines: readonly LineValues[] }[], reason: HistoryReason = ''): Promise<CreatedOrderRow[]> {
  // The lock order of platform/db.ts: the wallet row before the status counters the chunks move.
  await lockWallets(tx, [accountId]);
  const out: CreatedOrderRow[] = [];
  for (let from = 0; from < items.length; from += INSERT_CHUNK) {
    out.push(...(await insertOrderChunk(ctx, tx, accountId, actor, items.slice(from, from + INSERT_CHUNK), reason)));
  }
  await syncUnpaid(tx, [accountId]);
  return out;
}

/**
 * One chunk of insertOrders. The rows are written from the callers' objects as they are: the
 * columns every row shares and the new ids go beside them (insertRows' `same` and `byRow`), not
 * into a copy of each row.
 */
async function insertOrderChunk(ctx: OrderContext, tx: Db, accountId: string, actor: OrderActor, part: readonly { values: OrderValues; lines: readonly LineValues[] }[], reason: HistoryReason): Promise<CreatedOrderRow[]> {
  const rows = await insertOrderRows(ctx, tx, accountId, actor, part.map((p) => p.values));
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
  const at = ctx.clock();
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
async function insertOrderRows(ctx: OrderContext, tx: Db, accountId: string, actor: OrderActor, values: readonly OrderValues[]): Promise<CreatedOrderRow[]> {
  for (let attempt = 0; ; attempt++) {
    const exOrderIds = values.map(() => newExOrderId());
    const now = ctx.clock();
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

/**
 * The order import's write (orders.imports.ts): checked and priced orders inserted in chunks by
 * insertOrders, then paid together with auto-pay when the wallet covers them all; in `tx`.
 */
export async function createOrdersInBulk(ctx: OrderContext, tx: Db, actor: OrderActor, accountId: string, items: readonly { values: OrderValues; lines: readonly LineValues[] }[], reason: HistoryReason = ''): Promise<CreatedOrderRow[]> {
  const rows = await insertOrders(ctx, tx, accountId, actor, items, reason);
  await autoPayIn(ctx, tx, actor, accountId, rows.map((r) => r.id));
  return rows;
}

/** The names among `names` the account already uses (one query; an import checks its whole file). */
export async function takenNames(tx: Db, accountId: string, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await tx
    .select({ name: orders.orderName })
    .from(orders)
    // One JSON parameter, not one parameter per name (a file of 10,000 names).
    .where(and(eq(orders.accountId, accountId), sql`${orders.orderName} in (select jsonb_array_elements_text(${JSON.stringify([...new Set(names)])}::jsonb))`));
  return new Set(rows.map((r) => r.name));
}

export async function price(ctx: OrderContext, actor: OrderActor, body: OrderCreateBody): Promise<OrderPriceReply> {
  const accountId = await targetAccount(ctx.db, actor, body.customerId);
  const ruleErrors = addressAndGoodsErrors(body);
  if (ruleErrors.length > 0) throw new AppError('VALIDATION_FAILED', 400, { errors: ruleErrors });
  await resolveLines(ctx, accountId, body.lines);
  const { q, service } = await priceFor(ctx, accountId, body);
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
}

export async function create(ctx: OrderContext, actor: OrderActor, body: OrderCreateBody): Promise<OrderCreated> {
  const accountId = await targetAccount(ctx.db, actor, body.customerId);
  const { values, lines } = await orderValues(ctx, accountId, body);
  const row = await ctx.db.transaction(async (tx) => {
    if (await nameTaken(tx, accountId, body.orderName)) throw new AppError('ORDER_NAME_TAKEN', 409, { errors: [{ field: 'orderName', message: 'error.ORDER_NAME_TAKEN' }] });
    const created = await insertOrder(ctx, tx, accountId, actor, values, lines);
    return { created, paid: await autoPayIn(ctx, tx, actor, accountId, [created.id]) };
  });
  return { _id: row.created.id, exOrderId: row.created.exOrderId, totalPrice: fromCents(row.created.totalCents), paid: row.paid };
}

export async function duplicate(ctx: OrderContext, actor: OrderActor, id: string): Promise<OrderCreated> {
  const source = await orderFor(ctx.db, actor, id);
  const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, source.id)).orderBy(asc(orderLines.position));
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
  const { values, linesOut } = await orderValues(ctx, source.accountId, body).then((v) => ({ values: v.values, linesOut: v.lines }));
  const row = await ctx.db.transaction(async (tx) => {
    const base = `${source.orderName}-copy`.slice(0, 44);
    let name = base;
    for (let n = 2; await nameTaken(tx, source.accountId, name); n++) name = `${base}${n}`;
    const created = await insertOrder(ctx, tx, source.accountId, actor, { ...values, orderName: name }, linesOut, { key: 'created.duplicate', vars: { exOrderId: source.exOrderId } });
    return { created, paid: await autoPayIn(ctx, tx, actor, source.accountId, [created.id]) };
  });
  return { _id: row.created.id, exOrderId: row.created.exOrderId, totalPrice: fromCents(row.created.totalCents), paid: row.paid };
}

/** One outcome of createDraftsIn, in the order of the bodies given. */
export type DraftOutcome = { ok: true; id: string; exOrderId: string } | { ok: false; nameTaken: boolean; errors: FieldError[] };

/**
 * Orders made for a marketplace's purchase orders (the Walmart integration): each body checked by
 * the create rules and priced from today's prices, the good ones inserted together in `tx` (the
 * caller's, so its own rows commit with them) as unpaid orders for the seller to review and pay.
 * A body whose name is taken comes back `nameTaken` (the order exists already). The lines of all
 * bodies are resolved in two queries.
 */
export async function createDraftsIn(ctx: OrderContext, tx: Db, actor: OrderActor, accountId: string, bodies: readonly OrderCreateBody[], reason: HistoryReason = ''): Promise<DraftOutcome[]> {
  const out: DraftOutcome[] = new Array(bodies.length);
  const taken = await takenNames(tx, accountId, bodies.map((b) => b.orderName));
  const allLines = bodies.flatMap((b) => b.lines);
  const resolved = allLines.length > 0 ? await lineValues(tx, accountId, allLines) : { lines: [], errors: [] };
  const badLine = new Set(resolved.errors.map((e) => Number(e.field.split('.')[1])));
  const lineAt = new Map<number, LineValues>();
  let found = 0;
  allLines.forEach((_, i) => {
    if (!badLine.has(i)) lineAt.set(i, resolved.lines[found++]!);
  });
  const prepared: { values: OrderValues; lines: LineValues[] }[] = [];
  const preparedAt: number[] = [];
  const seen = new Set<string>();
  let offset = 0;
  for (const [i, body] of bodies.entries()) {
    const from = offset;
    offset += body.lines.length;
    if (taken.has(body.orderName) || seen.has(body.orderName)) {
      out[i] = { ok: false, nameTaken: true, errors: [{ field: 'orderName', message: 'error.ORDER_NAME_TAKEN' }] };
      continue;
    }
    const errors = addressAndGoodsErrors(body);
    const lines: LineValues[] = [];
    body.lines.forEach((_, j) => {
      const l = lineAt.get(from + j);
      if (l) lines.push({ ...l, position: j });
      else errors.push({ field: `lines.${j}.productId`, message: 'validation.product.unknown' });
    });
    if (errors.length > 0) {
      out[i] = { ok: false, nameTaken: false, errors };
      continue;
    }
    try {
      prepared.push({ values: await pricedValues(ctx, accountId, body, lines, tx), lines });
      preparedAt.push(i);
      seen.add(body.orderName);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out[i] = { ok: false, nameTaken: false, errors: err.opts.errors?.length ? err.opts.errors : [{ field: '', message: `error.${err.code}` }] };
    }
  }
  const rows = prepared.length > 0 ? await insertOrders(ctx, tx, accountId, actor, prepared, reason) : [];
  rows.forEach((r, k) => (out[preparedAt[k]!] = { ok: true, id: r.id, exOrderId: r.exOrderId }));
  return out;
}
