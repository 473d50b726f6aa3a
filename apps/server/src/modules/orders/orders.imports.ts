import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ImportOrdersEndpoint,
  ImportSurchargesEndpoint,
  ORDER_IMPORT_COLUMNS,
  ORDER_IMPORT_LIMITS,
  ORDER_IMPORT_LINE_HEADERS,
  ORDER_LIMITS,
  ORDER_TEMPLATE_FILES,
  OrderCreateBodySchema,
  OrderImportTemplateEndpoint,
  ReadSurchargeFileEndpoint,
  SURCHARGE_IMPORT_COLUMNS,
  SURCHARGE_IMPORT_NOTE,
  SURCHARGE_REASON_TYPES,
  SURCHARGE_REASONS,
  SurchargeBodySchema,
  SurchargeImportTemplateEndpoint,
  YES_NO,
  translate,
  type FieldError,
  type Language,
  type OrderCreateBody,
  type OrderImportHeader,
  type OrderImportResult,
  type SurchargeBody,
  type SurchargeFileReply,
  type SurchargeImportInputRow,
  type SurchargeImportRow,
} from '@exship/contracts';
import { fromCents } from '@exship/domain';
import { actsForAnyAccount } from '../../platform/access';
import { authOf } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { route } from '../../platform/endpoints';
import { AppError } from '../../platform/errors';
import { localVars, ok } from '../../platform/http';
import { defineImport, sendImportStart, type ImportActor, type ImportRow } from '../../platform/imports';
import type { ModuleContext } from '../../platform/module';
import { readUpload, registerUploads } from '../../platform/storage';
import { MAX_REPORTED_ERRORS, rowField, sendXlsx, templateWorkbook, type SheetTemplate } from '../../platform/xlsx';
import { resolveCustomerAccount, variantsByRef, type VariantRef } from '../products';
import { addressAndGoodsErrors, createOrdersInBulk, lineValues, pricedValues, serviceUsable, takenNames } from './orders.create';
import type { OrderRow } from './orders.repository';
import { orderContext, UUID, type OrderContext, type OrderServiceDeps } from './orders.shared';
import { addSurchargesInBulk, ordersByRefs, surchargeRefusal } from './orders.surcharges';

// SPEC §2 Import order / Import Surcharge, §3 import columns, §5 Imports, §7 POST /orders/import-surcharge.
// docs/order-imports.md. Both imports reuse the order service's own pieces (the create path's rules,
// pricing and insert; the surcharge path's check and write), checked in bulk for the whole file and
// written all or nothing.

type OrderHeader = OrderImportHeader;
type Cells = Partial<Record<OrderHeader, string | number>>;

/** The order import template: SPEC §3 headers, the signatureService dropdown, the configured row limit. */
export const orderTemplate = (maxRows: number): SheetTemplate<OrderHeader> => ({
  sheetName: 'Orders',
  columns: ORDER_IMPORT_COLUMNS,
  maxRows,
  maxBytes: ORDER_IMPORT_LIMITS.maxBytes,
});

/**
 * Two rows of one order (the rule the docs state: consecutive rows with the same orderName = one
 * order). With its two SKU placeholders replaced by the seller's SKUs it imports as it is
 * (orders.imports.test.ts); productId is left blank, the SKU names the product.
 */
const ORDER_EXAMPLE: (string | number | null)[][] = [
  ['ORDER-1001', 'Two rows with the same orderName make one order with two products: repeat the order columns on each row', 20, 15, 10, 800, 'STD', 'no', null, 'Jane', 'Doe', 'jane@example.com', '+13105550100', 'US', 'CA', 'Los Angeles', '90001', '100 Main St', 'Suite 5', null, '<variant SKU>', 2, null],
  ['ORDER-1001', 'Two rows with the same orderName make one order with two products: repeat the order columns on each row', 20, 15, 10, 800, 'STD', 'no', null, 'Jane', 'Doe', 'jane@example.com', '+13105550100', 'US', 'CA', 'Los Angeles', '90001', '100 Main St', 'Suite 5', null, '<another variant SKU>', 1, null],
];

export const SURCHARGE_TEMPLATE: SheetTemplate<(typeof SURCHARGE_IMPORT_COLUMNS)[number]['header']> = {
  sheetName: 'Surcharges',
  columns: SURCHARGE_IMPORT_COLUMNS,
  maxRows: ORDER_IMPORT_LIMITS.surchargeRows,
  maxBytes: ORDER_IMPORT_LIMITS.surchargeMaxBytes,
};

// ---------------------------------------------------------------------------------------------
// Order rows: each row is mapped to the create body and checked by the SAME OrderCreateBodySchema;
// every issue is put back on the column it came from.

const COLUMN_OF_FIELD: Record<string, OrderHeader> = {
  orderName: 'orderName',
  note: 'note',
  widthCm: 'width',
  heightCm: 'height',
  lengthCm: 'length',
  weightGr: 'weight',
  serviceCode: 'shippingMethodCode',
  signature: 'signatureService',
  labelTiktok: 'labelTiktok',
  'recipient.firstName': 'shippingName',
  'recipient.lastName': 'shippingLastName',
  'recipient.email': 'email',
  'recipient.phone': 'phone',
  'recipient.country': 'countryCode',
  'recipient.state': 'stateCode',
  'recipient.city': 'city',
  'recipient.zipcode': 'zipCode',
  'recipient.address1': 'address_1',
  'recipient.address2': 'address_2',
  'recipient.taxNumber': 'taxNumber',
  // The quote's own field names (pricing errors).
  weight: 'weight',
  length: 'length',
  discountCode: 'shippingMethodCode',
};

/** The column of a create-body field; `lines.<i>.<x>` → the line column, with the line's index. */
function columnOf(path: readonly PropertyKey[]): { column: OrderHeader; line: number | null } {
  const parts = path.map(String);
  if (parts[0] === 'lines') {
    const field = parts[2];
    const column = field === 'variantId' ? 'variantId' : field === 'quantity' ? 'quantity' : 'productId';
    return { column, line: parts[1] === undefined ? null : Number(parts[1]) };
  }
  return { column: COLUMN_OF_FIELD[parts.join('.')] ?? 'orderName', line: null };
}

const text = (v: string | number | undefined) => (v === undefined ? undefined : String(v));

/**
 * The line's ids while the row is checked by the create schema: the productId and variantId cells
 * hold an id or a SKU, resolved for the whole file at once in batchChecks (resolveLineRefs).
 */
const UNRESOLVED_ID = '00000000-0000-4000-8000-000000000000';

function createBodyOf(c: Cells, signature: boolean) {
  return {
    orderName: text(c.orderName),
    note: text(c.note) ?? '',
    widthCm: c.width,
    heightCm: c.height,
    lengthCm: c.length,
    weightGr: c.weight,
    serviceCode: text(c.shippingMethodCode),
    signature,
    labelTiktok: text(c.labelTiktok) ?? '',
    recipient: {
      firstName: text(c.shippingName),
      lastName: text(c.shippingLastName) ?? '',
      email: text(c.email) ?? '',
      phone: text(c.phone) ?? '',
      address1: text(c.address_1),
      address2: text(c.address_2) ?? '',
      city: text(c.city),
      state: text(c.stateCode) ?? '',
      country: text(c.countryCode),
      zipcode: text(c.zipCode),
      taxNumber: text(c.taxNumber) ?? '',
    },
    lines: [{ productId: UNRESOLVED_ID, variantId: UNRESOLVED_ID, quantity: c.quantity }],
  };
}

/**
 * One row = the create body of a one-line order, checked by the create schema. The row's cells are
 * taken as they are (an object from the reader; z.record would copy each row's 23 cells first).
 */
const OrderRowSchema = z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v)).transform((input, ctx): OrderCreateBody => {
  const cells = input as Cells;
  const yesNo = cells.signatureService === undefined ? 'no' : String(cells.signatureService).trim().toLowerCase();
  let failed = false;
  if (!(YES_NO as readonly string[]).includes(yesNo)) {
    ctx.addIssue({ code: 'custom', path: ['signatureService'], message: 'import.dropdown' });
    failed = true;
  }
  const parsed = OrderCreateBodySchema.safeParse(createBodyOf(cells, yesNo === 'yes'));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const { column } = columnOf(issue.path);
      ctx.addIssue({ code: 'custom', path: [column], message: issue.message });
    }
    return z.NEVER;
  }
  if (failed) return z.NEVER;
  // Until batchChecks resolves them, the line carries the cells as written ('' for a blank productId).
  const line = parsed.data.lines[0]!;
  line.productId = text(cells.productId) ?? '';
  line.variantId = text(cells.variantId) ?? '';
  return parsed.data;
});

/** A row error of a line reference: its column, message key and values. */
type RefError = { column: OrderHeader; message: string; vars?: Record<string, string> };

type FoundVariants = Awaited<ReturnType<typeof variantsByRef>>;

/**
 * The product and variant a line names, within the importing account (`found`, one lookup for the
 * file): variantId is a variant's id or SKU (any case); productId is blank (the variant's product),
 * a product id, or a SKU of that product, and must be the variant's product. A product id is passed
 * on as it is (and a variant id not found, with it), for usableVariants to say what is wrong.
 */
function resolveLineRef(product: string, variant: string, found: FoundVariants): { productId: string; variantId: string } | RefError {
  const variantKey = variant.toLowerCase();
  const productKey = product.toLowerCase();
  const v: VariantRef | undefined = found.byId.get(variantKey) ?? found.bySku.get(variantKey);
  if (!v && !(UUID.test(productKey) && UUID.test(variantKey))) return { column: 'variantId', message: 'import.order.variantRefUnknown', vars: { value: variant } };
  if (!product) return { productId: v!.productId, variantId: v!.id };
  if (UUID.test(productKey)) return { productId: productKey, variantId: v?.id ?? variantKey };
  const named = found.bySku.get(productKey);
  if (!named) return { column: 'productId', message: 'import.order.productRefUnknown', vars: { value: product } };
  if (v!.productId !== named.productId) return { column: 'variantId', message: 'import.order.variantOfOtherProduct', vars: { variant, product } };
  return { productId: named.productId, variantId: v!.id };
}

type OrderImportRow = ImportRow<OrderHeader, OrderCreateBody>;
interface OrderGroup {
  name: string;
  rows: OrderImportRow[];
}
/** What the commit needs of a checked order: its row values, priced, and its lines (not its sheet rows). */
type PreparedOrder = {
  values: Awaited<ReturnType<typeof pricedValues>>;
  lines: Awaited<ReturnType<typeof lineValues>>['lines'];
};

const ORDER_HEADERS = ORDER_IMPORT_COLUMNS.map((c) => c.header).filter((h) => !(ORDER_IMPORT_LINE_HEADERS as readonly string[]).includes(h));
const blankAsNull = (v: unknown) => (v === undefined || v === '' ? null : v);
const nameOf = (r: OrderImportRow) => r.data?.orderName ?? (typeof r.values.orderName === 'string' ? r.values.orderName.trim() : r.values.orderName === null ? '' : String(r.values.orderName));

/**
 * SPEC §5 "the duplicate order name is rejected": consecutive rows with the same orderName form one
 * order; the same name again further down is named on its row, with the row that used it first.
 */
function groupRows(rows: OrderImportRow[]): OrderGroup[] {
  const groups: OrderGroup[] = [];
  const firstRow = new Map<string, number>();
  let current = null as OrderGroup | null;
  for (const row of rows) {
    const name = nameOf(row);
    if (!name) {
      current = null;
      continue;
    }
    if (current?.name === name) {
      current.rows.push(row);
      continue;
    }
    const earlier = firstRow.get(name);
    if (earlier !== undefined) {
      row.errors.push({ field: rowField(row.row, 'orderName'), message: 'import.order.nameInFile', vars: { row: String(earlier) } });
      current = null;
      continue;
    }
    firstRow.set(name, row.row);
    current = { name, rows: [row] };
    groups.push(current);
  }
  return groups;
}

/** The rows of one order repeat its order columns exactly; at most 50 product lines. */
function checkGroupRows(group: OrderGroup): void {
  const [first, ...rest] = group.rows;
  for (const row of rest) {
    for (const h of ORDER_HEADERS) {
      if (String(blankAsNull(row.values[h])) !== String(blankAsNull(first!.values[h]))) {
        row.errors.push({ field: rowField(row.row, h), message: 'import.order.differs', vars: { row: String(first!.row) } });
      }
    }
  }
  for (const row of group.rows.slice(ORDER_LIMITS.linesMax)) row.errors.push({ field: rowField(row.row, 'orderName'), message: 'validation.lines.max' });
}

/**
 * Resolves the line of each row (its productId and variantId cells, an id or a SKU) within the
 * account, in one lookup for the file, and puts the ids in; a row whose cells name nothing usable
 * gets its error. Returns the rows whose line resolved.
 */
async function resolveLineRefs(tx: Db, accountId: string, rows: readonly OrderImportRow[]): Promise<{ rows: OrderImportRow[]; found: FoundVariants }> {
  const refs: string[] = [];
  for (const r of rows) {
    const line = r.data!.lines[0]!;
    refs.push(line.variantId);
    if (line.productId) refs.push(line.productId);
  }
  const found = await variantsByRef(tx, accountId, refs);
  const out: OrderImportRow[] = [];
  for (const r of rows) {
    const line = r.data!.lines[0]!;
    const ref = resolveLineRef(line.productId, line.variantId, found);
    if ('column' in ref) {
      r.errors.push({ field: rowField(r.row, ref.column), message: ref.message, ...(ref.vars ? { vars: ref.vars } : {}) });
      continue;
    }
    line.productId = ref.productId;
    line.variantId = ref.variantId;
    out.push(r);
  }
  return { rows: out, found };
}

/** A pricing failure (the quote's errors) as row errors on the order's first row. */
function pricingErrors(err: AppError, row: number): FieldError[] {
  if (err.opts.errors?.length) {
    return err.opts.errors.map((e) => ({ field: rowField(row, columnOf(e.field.split('.')).column), message: e.message, ...(e.vars ? { vars: e.vars } : {}) }));
  }
  return [{ field: rowField(row, 'shippingMethodCode'), message: `error.${err.code}`, ...(err.opts.vars ? { vars: err.opts.vars } : {}) }];
}

/**
 * The order import, declared for the platform pipeline. Rows are grouped into orders, then checked
 * in bulk: the order's own rules (addressAndGoodsErrors), names already used (one query), products
 * and variants (two queries for the file), then each order is priced from the cached catalog
 * snapshot (no query). The commit inserts each order through the create path's insert.
 */
export function defineOrderImport(deps: OrderServiceDeps, maxRows: number) {
  const ctx = orderContext(deps);
  return defineImport({
    name: 'orders.orders',
    template: orderTemplate(maxRows),
    rowSchema: OrderRowSchema,
    // A large file (up to 10,000 rows) is a queued job with progress, not a long request.
    inlineMaxBytes: ORDER_IMPORT_LIMITS.inlineMaxBytes,
    async batchChecks(rows, tx, actor): Promise<PreparedOrder[]> {
      const accountId = actor.accountId;
      const groups = groupRows(rows);
      for (const g of groups) checkGroupRows(g);

      const complete = groups.filter((g) => g.rows.every((r) => r.data !== null && r.errors.length === 0));
      const bodies = new Map<OrderGroup, OrderCreateBody>();
      for (const g of complete) {
        // A one-row order (most of a large file) is its row's body as it is; no copy per order.
        const body: OrderCreateBody = g.rows.length === 1 ? g.rows[0]!.data! : { ...g.rows[0]!.data!, lines: g.rows.map((r) => r.data!.lines[0]!) };
        bodies.set(g, body);
        for (const e of addressAndGoodsErrors(body)) {
          const { column, line } = columnOf(e.field.split('.'));
          const row = line === null ? g.rows[0]! : (g.rows[line] ?? g.rows[0]!);
          row.errors.push({ field: rowField(row.row, column), message: e.message, ...(e.vars ? { vars: e.vars } : {}) });
        }
      }

      // Unknown services are named on every order that uses one, whatever else is wrong with it.
      for (const g of groups) {
        const code = g.rows[0]!.data?.serviceCode;
        if (code && !(await serviceUsable(ctx, code, tx))) g.rows[0]!.errors.push({ field: rowField(g.rows[0]!.row, 'shippingMethodCode'), message: 'validation.service.unknown' });
      }

      const taken = await takenNames(tx, accountId, groups.map((g) => g.name));
      for (const g of groups) if (taken.has(g.name)) g.rows[0]!.errors.push({ field: rowField(g.rows[0]!.row, 'orderName'), message: 'error.ORDER_NAME_TAKEN' });

      // Every line of the file in three queries (the SKUs and ids named, then the products and the
      // variants they resolve to); each error goes back to its row.
      const { rows: lineRows, found } = await resolveLineRefs(tx, accountId, complete.flatMap((g) => g.rows));
      const resolved = await lineValues(tx, accountId, lineRows.map((r) => r.data!.lines[0]!));
      for (const e of resolved.errors) {
        const { column, line } = columnOf(e.field.split('.'));
        const row = lineRows[line ?? 0]!;
        const cell = (h: OrderHeader) => String(row.values[h]);
        if (column === 'productId' && row.values.productId === null) {
          // A blank productId: the product is the variant's, named by the cell the seller filled.
          row.errors.push({ field: rowField(row.row, 'variantId'), message: 'import.order.skuProductUnusable', vars: { value: cell('variantId') } });
        } else if (column === 'variantId' && found.byId.has(row.data!.lines[0]!.variantId)) {
          // The variant is the seller's, of another product than the one in productId.
          row.errors.push({ field: rowField(row.row, 'variantId'), message: 'import.order.variantOfOtherProduct', vars: { variant: cell('variantId'), product: cell('productId') } });
        } else row.errors.push({ field: rowField(row.row, column), message: e.message });
      }
      const linesByRow = new Map<OrderImportRow, (typeof resolved.lines)[number]>();
      for (const l of resolved.lines) linesByRow.set(lineRows[l.position!]!, l);

      const prepared: PreparedOrder[] = [];
      for (const g of complete) {
        if (g.rows.some((r) => r.errors.length > 0)) continue;
        // The resolved lines are this order's own objects: each takes its position in the order.
        const lines = g.rows.map((r, position) => {
          const line = linesByRow.get(r)!;
          line.position = position;
          return line;
        });
        try {
          prepared.push({ values: await pricedValues(ctx, accountId, bodies.get(g)!, lines, tx), lines });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          g.rows[0]!.errors.push(...pricingErrors(err, g.rows[0]!.row));
        }
      }
      return prepared;
    },
    async commit(_rows, tx, actor, prepared): Promise<NonNullable<OrderImportResult['created']>> {
      const rows = await createOrdersInBulk(ctx, tx, actor, actor.accountId, prepared, { key: 'created.import' });
      return rows.map((row) => ({ _id: row.id, exOrderId: row.exOrderId, orderName: row.orderName, totalPrice: fromCents(row.totalCents) }));
    },
    summary: ({ rows, prepared, onlyValidate, committed }): OrderImportResult => ({
      onlyValidate,
      totalRows: rows.length,
      ...(onlyValidate ? { rows: rows.map((r) => ({ row: r.row, ...r.values })) } : {}),
      orders: prepared.length,
      totalPrice: fromCents(prepared.reduce((n, p) => n + p.values.totalCents, 0)),
      ...(committed ? { created: committed } : {}),
    }),
  });
}

// ---------------------------------------------------------------------------------------------
// Surcharges (SPEC §7): rows checked against the orders the actor may see, then added one by one
// through the surcharge path, all in one transaction.

const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const SURCHARGE_FIELD: Record<string, 'orderId' | 'surcharge' | 'reason' | 'detailReason'> = { amount: 'surcharge', reason: 'reason', detailReason: 'detailReason', note: 'detailReason' };

interface CheckedSurcharge {
  row: number;
  orderId: string;
  surcharge: number | null;
  reason: string;
  detailReason: string;
  note: string;
  reasonType: SurchargeImportRow['reasonType'];
  /** Keyed by the JSON field: orderId, surcharge, reason, detailReason. */
  errors: (FieldError & { key: string })[];
  order: OrderRow | null;
  body: SurchargeBody | null;
}

function surchargeAmount(v: SurchargeImportInputRow['surcharge'] | null): { value: number | null; error: string | null } {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return { value: null, error: 'validation.required' };
  if (typeof v === 'number') return { value: v, error: null };
  const t = v.trim();
  return NUMBER_TEXT.test(t) ? { value: Number(t), error: null } : { value: null, error: 'validation.number' };
}

/**
 * Checks surcharge rows: each as SurchargeBodySchema checks one surcharge, then the orders named
 * (exOrderId or id) in one query within the actor's scope — not found, no weight, or a status that
 * cannot take a surcharge is named on the row. `lock` locks the orders for the import that follows.
 */
async function checkSurcharges(tx: Db, ctx: OrderContext, actor: ImportActor, inputs: readonly SurchargeImportInputRow[], lock: boolean): Promise<CheckedSurcharge[]> {
  const checked = inputs.map((input, i): CheckedSurcharge => {
    const row = input.row ?? i + 2; // as in a sheet whose header is row 1
    const errors: CheckedSurcharge['errors'] = [];
    const push = (key: string, message: string) => {
      if (!errors.some((e) => e.key === key)) errors.push({ key, field: rowField(row, key), message });
    };
    const orderId = String(input.orderId ?? '').trim();
    if (!orderId) push('orderId', 'validation.required');
    const amount = surchargeAmount(input.surcharge);
    if (amount.error) push('surcharge', amount.error);
    const given = (input.reason ?? '').trim();
    const reason = SURCHARGE_REASONS.find((r) => r.toLowerCase() === given.toLowerCase()) ?? given;
    const detailReason = (input.detailReason ?? '').trim();
    const parsed = SurchargeBodySchema.safeParse({ amount: amount.value ?? undefined, reason, detailReason, note: SURCHARGE_IMPORT_NOTE });
    if (!parsed.success) for (const issue of parsed.error.issues) push(SURCHARGE_FIELD[String(issue.path[0])] ?? 'surcharge', issue.message);
    const typeIndex = (SURCHARGE_REASONS as readonly string[]).indexOf(reason);
    return {
      row,
      orderId,
      surcharge: amount.value,
      reason,
      detailReason,
      note: SURCHARGE_IMPORT_NOTE,
      reasonType: typeIndex >= 0 ? SURCHARGE_REASON_TYPES[typeIndex]! : null,
      errors,
      order: null,
      body: parsed.success ? parsed.data : null,
    };
  });
  const found = await ordersByRefs(tx, actor, checked.flatMap((c) => (c.orderId ? [c.orderId] : [])), { forUpdate: lock });
  const byRef = new Map<string, OrderRow>();
  for (const o of found) {
    byRef.set(o.exOrderId, o);
    byRef.set(o.id, o);
  }
  for (const c of checked) {
    if (!c.orderId) continue;
    const order = byRef.get(c.orderId.toUpperCase()) ?? byRef.get(c.orderId.toLowerCase());
    if (!order) {
      c.errors.unshift({ key: 'orderId', field: rowField(c.row, 'orderId'), message: 'error.ORDER_NOT_FOUND' });
      continue;
    }
    c.order = order;
    const refusal = surchargeRefusal(ctx, order);
    if (refusal) c.errors.unshift({ key: 'orderId', field: rowField(c.row, 'orderId'), message: `error.${refusal}` });
  }
  return checked;
}

function surchargeReplyRow(c: CheckedSurcharge, lang: Language): SurchargeImportRow {
  return {
    row: c.row,
    orderId: c.orderId,
    surcharge: c.surcharge,
    reason: c.reason,
    detailReason: c.detailReason,
    note: c.note,
    reasonType: c.reasonType,
    errors: c.errors.map((e) => translate(lang, e.message, localVars(lang, e.vars))),
    order: c.order ? { id: c.order.id, exOrderId: c.order.exOrderId, orderName: c.order.orderName } : null,
  };
}

/** SPEC §7 POST /orders/import-surcharge: validated rows, or the import of the reviewed rows in one transaction. */
export async function importSurcharges(ctx: OrderContext, actor: ImportActor, body: { data: SurchargeImportInputRow[]; onlyValidateDoNotImport?: boolean }, lang: Language): Promise<SurchargeImportRow[]> {
  if (body.data.length === 0) throw new AppError('IMPORT_NO_DATA', 400);
  const max = ORDER_IMPORT_LIMITS.surchargeRows;
  if (body.data.length > max) throw new AppError('IMPORT_TOO_MANY_ROWS', 400, { vars: { max: max.toLocaleString('en-US') }, details: { maxRows: max } });
  const onlyValidate = body.onlyValidateDoNotImport === true;
  return ctx.db.transaction(async (tx) => {
    const checked = await checkSurcharges(tx, ctx, actor, body.data, !onlyValidate);
    const invalid = checked.filter((c) => c.errors.length > 0);
    if (invalid.length > 0) {
      // Nothing is written: the transaction ends here. `data` is SPEC §7's "rows with errors on failure".
      throw new AppError('IMPORT_ROWS_INVALID', 400, {
        errors: invalid.flatMap((c) => c.errors.map(({ field, message, vars }) => ({ field, message, ...(vars ? { vars } : {}) }))).slice(0, MAX_REPORTED_ERRORS),
        details: { totalRows: checked.length, invalidRows: invalid.length },
        data: checked.map((c) => surchargeReplyRow(c, lang)),
      });
    }
    if (!onlyValidate) await addSurchargesInBulk(ctx, tx, actor, checked.map((c) => ({ order: c.order!, body: c.body! })));
    return checked.map((c) => surchargeReplyRow(c, lang));
  });
}

/**
 * The surcharge file, read by the platform pipeline (type, size, exact template, formulas, row limit)
 * and checked like the JSON call, so a bad file gets the SPEC §8 error workbook. Always run with
 * onlyValidate: nothing is written here; the web sends the rows to POST /orders/import-surcharge.
 */
export function defineSurchargeFileRead(ctx: OrderContext) {
  const COLUMN = { orderId: 'OrderID*', surcharge: 'Surcharge*', reason: 'Reason*', detailReason: 'Detail Reason' } as const;
  return defineImport({
    name: 'orders.surchargeFile',
    template: SURCHARGE_TEMPLATE,
    // Read inside the request at any size: at most 1,000 rows are read, and the web needs the rows at once.
    inlineMaxBytes: ORDER_IMPORT_LIMITS.surchargeMaxBytes,
    async batchChecks(rows, tx, actor) {
      const readable = rows.filter((r) => r.errors.length === 0);
      const checked = await checkSurcharges(
        tx,
        ctx,
        actor,
        readable.map((r) => ({ row: r.row, orderId: r.values['OrderID*'] ?? undefined, surcharge: r.values['Surcharge*'] ?? undefined, reason: r.values['Reason*'] as string | null, detailReason: r.values['Detail Reason'] as string | null })),
        false,
      );
      checked.forEach((c, i) => {
        for (const e of c.errors) readable[i]!.errors.push({ field: rowField(c.row, COLUMN[e.key as keyof typeof COLUMN] ?? 'OrderID*'), message: e.message, ...(e.vars ? { vars: e.vars } : {}) });
      });
      return checked;
    },
    commit: async () => null,
    summary: ({ prepared }): SurchargeFileReply => ({
      totalRows: prepared.length,
      rows: prepared.map((c) => ({ row: c.row, orderId: c.orderId, surcharge: c.surcharge, reason: c.reason, detailReason: c.detailReason })),
    }),
  });
}

/** Staff (EX-ACT-FOR-CUSTOMER) import for the seller they name; a seller always for their own account. */
async function importActor(db: Db, actor: ImportActor, customerId: string | undefined): Promise<ImportActor> {
  if (!customerId || !actsForAnyAccount(actor)) return actor;
  return { ...actor, accountId: await resolveCustomerAccount(db, customerId) };
}

/** The routes of both imports (registered by the orders module beside ordersRoutes). */
export const orderImportRoutes =
  (ctx: Pick<ModuleContext, 'config' | 'imports'>, orders: OrderServiceDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = orders;
    const context = orderContext(orders);
    const runner = ctx.imports;
    const orderImport = defineOrderImport(orders, ctx.config.orderImportMaxRows);
    const surchargeFile = defineSurchargeFileRead(context);
    runner.declare(orderImport, surchargeFile);
    await registerUploads(app, Math.max(ORDER_IMPORT_LIMITS.maxBytes, ORDER_IMPORT_LIMITS.surchargeMaxBytes));

    route(app, OrderImportTemplateEndpoint, async (_req, reply) => sendXlsx(reply, ORDER_TEMPLATE_FILES.order, await templateWorkbook(orderImport.template, ORDER_EXAMPLE)));
    route(app, ImportOrdersEndpoint, async (req, reply) => {
      const actor = await importActor(db, authOf(req), req.query.customerId);
      const upload = await readUpload(req, ORDER_IMPORT_LIMITS.maxBytes);
      const started = await runner.start(orderImport, actor, upload, { onlyValidate: req.query.onlyValidate, skipRows: req.query.skipRows, lang: req.lang });
      return sendImportStart(req, reply, started, (r) => (r.onlyValidate ? 'order.importValidated' : 'order.imported'));
    });

    route(app, SurchargeImportTemplateEndpoint, async (_req, reply) => sendXlsx(reply, ORDER_TEMPLATE_FILES.surcharge, await templateWorkbook(SURCHARGE_TEMPLATE)));
    route(app, ReadSurchargeFileEndpoint, async (req, reply) => {
      const upload = await readUpload(req, ORDER_IMPORT_LIMITS.surchargeMaxBytes);
      return sendImportStart(req, reply, await runner.start(surchargeFile, authOf(req), upload, { onlyValidate: true, lang: req.lang }), 'import.validated');
    });
    route(app, ImportSurchargesEndpoint, async (req, reply) => {
      const rows = await importSurcharges(context, authOf(req), req.body, req.lang);
      return reply.send(ok(req, rows, req.body.onlyValidateDoNotImport ? 'order.surchargesValidated' : 'order.surchargesImported'));
    });
  };
