import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  missingHsCodeIssues,
  PRODUCT_LIMITS,
  SKU_PATTERN,
  type FieldError,
  type Product,
  type ProductApprovalAction,
  type ProductApprovalStatus,
  type ProductCreateBody,
  type ProductListItem,
  type ProductListQuery,
  type ProductListReply,
  type ProductUpdateBody,
  type ProductVariant,
  type ProductVariantInput,
  type WeightConfig,
  type WeightConfigBody,
  type WeightConfigHistory,
  type WeightConfigListQuery,
} from '@exship/contracts';
import { actualWeightFee, approvalAfterEdit as approvalAfterEditRule, fromCents, nextApprovalStatus, toCents } from '@exship/domain';
import type { Db } from '../../platform/db';
import { AppError, sqlState } from '../../platform/errors';
import { accountScope, actsForAnyAccount, requireOwned } from '../../platform/access';
import { emit } from '../../platform/jobs';
import type { AuthContext } from '../../platform/http';
import { ownedFileKeys } from '../../platform/storage';
import { findUsersByIds, loadPrincipal } from '../users';
import { ProductReviewed, ProductSubmitted } from './products.events';
import * as repo from './products.repository';
import { productVariants, productWeightConfigHistory, productWeightConfigs, products } from './products.tables';

export type Actor = Pick<AuthContext, 'userId' | 'accountId' | 'permissions'> & { timeZone?: string };

/** docs/engineering.md "Tenancy": a seller is always limited to their own account; staff see all, or one customer when asked. */
export const scopeOf = accountScope;

const statusRefused = (status: string, action: string) => new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { status, action } });

/** A live product the actor may see; PRODUCT_NOT_FOUND otherwise (another seller's id looks missing). */
async function productFor(db: Db, actor: Actor, id: string, opts: { forUpdate?: boolean } = {}): Promise<repo.ProductRow> {
  const [row] = await requireOwned(db, actor, products, [id], { notFound: 'PRODUCT_NOT_FOUND', where: isNull(products.deletedAt), forUpdate: opts.forUpdate });
  return row!;
}

/** Live products the actor may see, all of `ids` or 404 PRODUCT_NOT_FOUND naming the others (one query). */
export async function requireProducts(db: Db, actor: Actor, ids: string[], opts: { forUpdate?: boolean } = {}): Promise<repo.ProductRow[]> {
  return requireOwned(db, actor, products, ids, { notFound: 'PRODUCT_NOT_FOUND', where: isNull(products.deletedAt), forUpdate: opts.forUpdate });
}

/** The seller account a staff member names: an existing customer-kind account owner. */
export async function resolveCustomerAccount(db: Db, customerId: string): Promise<string> {
  const principal = await loadPrincipal(db, customerId);
  if (!principal || !principal.seller) throw new AppError('CUSTOMER_NOT_FOUND', 404);
  return principal.user.accountId;
}

type CustomerSummary = { id: string; email: string; fullName: string };
/** The account owners of a page of rows, in one query. */
async function customerSummaries(db: Db, accountIds: string[]): Promise<Map<string, CustomerSummary>> {
  const users = await findUsersByIds(db, accountIds);
  return new Map(users.map((u) => [u.id, { id: u.id, email: u.email, fullName: u.fullName }]));
}

/** The account in which a staff member (naming a customer) or a seller (always their own) stores a file. */
export async function uploadAccount(db: Db, actor: Actor, customerId: string | undefined): Promise<string> {
  return actsForAnyAccount(actor) && customerId ? resolveCustomerAccount(db, customerId) : actor.accountId;
}

// ---------------------------------------------------------------------------------------------
// Mapping rows to the contract.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toVariant(v: repo.VariantRow): ProductVariant {
  return {
    id: v.id,
    sku: v.sku,
    hsCode: v.hsCode,
    shape: v.shape,
    lengthCm: v.lengthCm,
    widthCm: v.widthCm,
    heightCm: v.heightCm,
    weightGr: v.weightGr,
    price: fromCents(v.priceCents),
    salesTax: v.salesTaxPercent,
    mockupImageUrl: v.mockupImageUrl,
    partnerProductId: v.partnerProductId,
  };
}

function toProductBase(p: repo.ProductRow, customer: CustomerSummary | undefined) {
  return {
    id: p.id,
    customerId: p.accountId,
    customer: customer ?? null,
    name: p.name,
    aliasName: p.aliasName,
    hsCode: p.hsCode,
    material: p.material,
    shape: p.shape,
    lengthCm: p.lengthCm,
    widthCm: p.widthCm,
    heightCm: p.heightCm,
    weightGr: p.weightGr,
    status: p.status as Product['status'],
    approvalStatus: p.approvalStatus as ProductApprovalStatus,
    rejectReason: p.rejectReason,
    origin: p.origin as Product['origin'],
    createdBy: p.createdBy,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    submittedAt: iso(p.submittedAt),
    reviewedAt: iso(p.reviewedAt),
  };
}

function toWeightConfig(c: repo.WeightConfigRow, productName: string): WeightConfig {
  return {
    id: c.id,
    productId: c.productId,
    productName,
    customerId: c.accountId,
    weightThreshold: c.weightThresholdGr,
    fee: fromCents(c.feeCents),
    status: c.status as WeightConfig['status'],
    configurationStatus: c.configurationStatus as WeightConfig['configurationStatus'],
    updatedBy: c.updatedBy ?? c.createdBy,
    updatedAt: c.updatedAt.toISOString(),
  };
}

async function productDetail(db: Db, p: repo.ProductRow): Promise<Product> {
  const [variants, config, customers] = await Promise.all([repo.liveVariants(db, p.id), repo.findWeightConfig(db, p.id), customerSummaries(db, [p.accountId])]);
  return {
    ...toProductBase(p, customers.get(p.accountId)),
    variants: variants.map(toVariant),
    weightConfig: config ? toWeightConfig(config, p.name) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading.

export async function listProducts(db: Db, actor: Actor, q: ProductListQuery): Promise<ProductListReply> {
  const result = await repo.listProducts(db, q, scopeOf(actor, q.customerId));
  const customers = await customerSummaries(
    db,
    result.items.map((i) => i.product.accountId),
  );
  const items: ProductListItem[] = result.items.map((i) => ({ ...toProductBase(i.product, customers.get(i.product.accountId)), variantCount: Number(i.variantCount) }));
  return { items, page: q.page, pageSize: q.pageSize, total: result.total, totalWaitingApproval: result.totalWaitingApproval, totalCount: result.totalCount };
}

export async function getProduct(db: Db, actor: Actor, id: string): Promise<Product> {
  return productDetail(db, await productFor(db, actor, id));
}

/** For the orders module (SPEC §4: only accepted products can be used in orders): a line an order may ship. */
export interface UsableVariant {
  product: { id: string; name: string };
  variant: { id: string; sku: string };
}

/**
 * For each (productId, variantId) of an order's lines: the usable variant, or which id is wrong —
 * `product` (not in the account, deleted, not accepted or inactive) or `variant` (not a live variant
 * of that product). Two queries for any number of lines (an order import checks a whole file).
 */
export async function usableVariants(db: Db, accountId: string, lines: readonly { productId: string; variantId: string }[]): Promise<(UsableVariant | 'product' | 'variant')[]> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  const variantIds = [...new Set(lines.map((l) => l.variantId))];
  // One after the other: `db` may be a transaction (an import checks its file in one).
  const found = await repo.findProductsByIds(db, productIds, accountId);
  const variants = await repo.findVariantsByIds(db, variantIds);
  const productById = new Map(found.map((p) => [p.id, p]));
  const variantById = new Map(variants.map((v) => [v.id, v]));
  return lines.map((line) => {
    const p = productById.get(line.productId);
    if (!p || p.approvalStatus !== 'accepted' || p.status !== 'active') return 'product';
    const v = variantById.get(line.variantId);
    if (!v || v.productId !== p.id) return 'variant';
    return { product: { id: p.id, name: p.name }, variant: { id: v.id, sku: v.sku } };
  });
}

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A live variant of an account as an order import names it (by id or by SKU). */
export interface VariantRef {
  id: string;
  productId: string;
  sku: string;
}

/**
 * The account's live variants among `refs`, each ref an id or a SKU, found by id and by SKU (any
 * case). Only the account's own variants: another seller's SKU or id is never found. One query.
 */
export async function variantsByRef(db: Db, accountId: string, refs: readonly string[]): Promise<{ byId: Map<string, VariantRef>; bySku: Map<string, VariantRef> }> {
  const ids = refs.filter((r) => ID_SHAPE.test(r)).map((r) => r.toLowerCase());
  const skus = refs.filter((r) => r.length <= PRODUCT_LIMITS.skuMax && SKU_PATTERN.test(r));
  const found = await repo.findVariantsByRefs(db, accountId, ids, skus);
  return { byId: new Map(found.map((v) => [v.id, v])), bySku: new Map(found.map((v) => [v.sku.toLowerCase(), v])) };
}

// ---------------------------------------------------------------------------------------------
// Writing.

function variantValues(accountId: string, productId: string, v: ProductVariantInput, position: number): repo.NewVariant {
  return {
    accountId,
    productId,
    sku: v.sku,
    hsCode: v.hsCode ?? null,
    shape: v.shape ?? null,
    lengthCm: v.lengthCm ?? null,
    widthCm: v.widthCm ?? null,
    heightCm: v.heightCm ?? null,
    weightGr: v.weightGr ?? null,
    priceCents: toCents(v.price),
    salesTaxPercent: v.salesTax ?? 0,
    mockupImageUrl: v.mockupImageUrl ?? null,
    position,
  };
}

/** SPEC §8 duplicate SKU in the system: field errors naming each variant, 409 SKU_DUPLICATE. */
async function assertSkusFree(db: Db, accountId: string, variants: { sku: string }[], exceptProductId?: string): Promise<void> {
  const taken = await repo.existingSkus(db, accountId, variants.map((v) => v.sku), exceptProductId);
  const errors: FieldError[] = variants.flatMap((v, i) => (taken.has(v.sku.toLowerCase()) ? [{ field: `variants.${i}.sku`, message: 'validation.sku.duplicateInSystem' }] : []));
  if (errors.length > 0) throw new AppError('SKU_DUPLICATE', 409, { errors });
}

/** The storage key of a mockup path this server issued (`/api/v1/products/mockups/<account>/<file>`). */
export const MOCKUP_URL_PREFIX = '/api/v1/products/';
const MOCKUP_PATH = /^\/api\/v1\/products\/(mockups\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(?:jpg|png))$/;
export const mockupKeyOf = (url: string): string | undefined => MOCKUP_PATH.exec(url)?.[1];

/**
 * Staff pages load a variant's mockup, so it must be a file the product's own account
 * uploaded and that still exists, never an outside host or another seller's file. Returns the
 * urls that are not (one query for the set).
 */
export async function foreignMockups(db: Db, accountId: string, urls: string[]): Promise<Set<string>> {
  const keys = urls.flatMap((u) => {
    const key = mockupKeyOf(u);
    return key && key.startsWith(`mockups/${accountId}/`) ? [key] : [];
  });
  const owned = await ownedFileKeys(db, accountId, keys);
  return new Set(urls.filter((u) => !owned.has(mockupKeyOf(u) ?? '')));
}

/** 400 naming each variant whose mockup is not the account's own; `keep` are values already stored on the product. */
async function assertOwnMockups(db: Db, accountId: string, variants: { mockupImageUrl?: string | null }[], keep: ReadonlySet<string> = new Set()): Promise<void> {
  const urls = variants.flatMap((v) => (v.mockupImageUrl && !keep.has(v.mockupImageUrl) ? [v.mockupImageUrl] : []));
  if (urls.length === 0) return;
  const bad = await foreignMockups(db, accountId, urls);
  const errors: FieldError[] = variants.flatMap((v, i) => (v.mockupImageUrl && bad.has(v.mockupImageUrl) ? [{ field: `variants.${i}.mockupImageUrl`, message: 'validation.mockup.notOwn' }] : []));
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', 400, { errors });
}

/** A concurrent insert of the same SKU loses on the unique index: the same answer as the check. */
async function mapUniqueViolation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (sqlState(err) === '23505') throw new AppError('SKU_DUPLICATE', 409);
    throw err;
  }
}

/**
 * Who created it decides the origin and the first status: a seller's product is `customer` and a
 * draft; staff create for a named customer (`admin` or `industry`), accepted at once when they may approve.
 */
async function ownerAndOrigin(db: Db, actor: Actor, customerId: string | undefined, origin?: 'admin' | 'industry') {
  if (!actsForAnyAccount(actor)) return { accountId: actor.accountId, origin: 'customer' as const, approvalStatus: 'draft' as const };
  if (!customerId) throw new AppError('VALIDATION_FAILED', 400, { errors: [{ field: 'customerId', message: 'validation.required' }] });
  return {
    accountId: await resolveCustomerAccount(db, customerId),
    origin: origin ?? 'admin',
    approvalStatus: actor.permissions.has('EX-PRODUCT-APPROVE') ? ('accepted' as const) : ('draft' as const),
  };
}

export async function createProduct(db: Db, actor: Actor, body: ProductCreateBody): Promise<Product> {
  const owner = await ownerAndOrigin(db, actor, body.customerId, body.origin);
  const id = await mapUniqueViolation(() =>
    db.transaction(async (tx) => {
      await assertSkusFree(tx, owner.accountId, body.variants);
      await assertOwnMockups(tx, owner.accountId, body.variants);
      const now = new Date();
      const [p] = await repo.insertProducts(tx, [
        {
          accountId: owner.accountId,
          name: body.name,
          aliasName: body.aliasName ?? null,
          hsCode: body.hsCode ?? null,
          material: body.material ?? null,
          shape: body.shape ?? null,
          lengthCm: body.lengthCm,
          widthCm: body.widthCm,
          heightCm: body.heightCm,
          weightGr: body.weightGr,
          status: body.status ?? 'active',
          approvalStatus: owner.approvalStatus,
          origin: owner.origin,
          createdBy: actor.userId,
          ...(owner.approvalStatus === 'accepted' ? { reviewedAt: now, reviewedBy: actor.userId } : {}),
        },
      ]);
      await repo.insertVariants(tx, body.variants.map((v, i) => variantValues(owner.accountId, p!.id, v, i)));
      return p!.id;
    }),
  );
  return getProduct(db, actor, id);
}

/**
 * A seller may not change a product waiting for approval; changing an accepted or rejected one
 * sends it back to draft (it needs approval again). Staff edits keep the status.
 */
function approvalAfterEdit(actor: Actor, p: repo.ProductRow): ProductApprovalStatus {
  const next = approvalAfterEditRule(p.approvalStatus as ProductApprovalStatus, actsForAnyAccount(actor) ? 'staff' : 'seller');
  if (!next) throw statusRefused(p.approvalStatus, 'update');
  return next;
}

export async function updateProduct(db: Db, actor: Actor, id: string, body: ProductUpdateBody): Promise<Product> {
  await mapUniqueViolation(() =>
    db.transaction(async (tx) => {
      const p = await productFor(tx, actor, id, { forUpdate: true });
      const approvalStatus = approvalAfterEdit(actor, p);
      const hsCode = body.hsCode !== undefined ? body.hsCode : p.hsCode;
      const current = await repo.liveVariants(tx, p.id);
      const next = body.variants ?? current.map((v) => ({ hsCode: v.hsCode }));
      const hsIssues = missingHsCodeIssues(hsCode, next);
      if (hsIssues.length > 0) {
        const errors = body.variants ? hsIssues.map((i) => ({ field: i.path.join('.'), message: i.message })) : [{ field: 'hsCode', message: 'validation.variant.hsCodeMissing' }];
        throw new AppError('VALIDATION_FAILED', 400, { errors });
      }
      if (body.variants) {
        const known = new Set(current.map((v) => v.id));
        const unknown = body.variants.flatMap((v, i) => (v.id && !known.has(v.id) ? [{ field: `variants.${i}.id`, message: 'validation.id.invalid' }] : []));
        if (unknown.length > 0) throw new AppError('VALIDATION_FAILED', 400, { errors: unknown });
        await assertSkusFree(tx, p.accountId, body.variants, p.id);
        await assertOwnMockups(tx, p.accountId, body.variants, new Set(current.flatMap((v) => (v.mockupImageUrl ? [v.mockupImageUrl] : []))));
        const keep = new Set(body.variants.flatMap((v) => (v.id ? [v.id] : [])));
        const now = new Date();
        const removed = current.filter((v) => !keep.has(v.id)).map((v) => v.id);
        if (removed.length > 0) await tx.update(productVariants).set({ deletedAt: now, updatedAt: now }).where(inArray(productVariants.id, removed));
        const fresh: repo.NewVariant[] = [];
        for (const [i, v] of body.variants.entries()) {
          const values = variantValues(p.accountId, p.id, v, i);
          if (v.id) await tx.update(productVariants).set({ ...values, updatedAt: now }).where(eq(productVariants.id, v.id));
          else fresh.push(values);
        }
        await repo.insertVariants(tx, fresh);
      }
      const patch: Partial<repo.NewProduct> = { updatedAt: new Date(), updatedBy: actor.userId, approvalStatus };
      for (const key of ['name', 'aliasName', 'hsCode', 'material', 'shape', 'lengthCm', 'widthCm', 'heightCm', 'weightGr', 'status'] as const) {
        if (body[key] !== undefined) (patch as Record<string, unknown>)[key] = body[key];
      }
      await tx.update(products).set(patch).where(eq(products.id, p.id));
    }),
  );
  return getProduct(db, actor, id);
}

/** Soft delete: orders that used the product keep their reference; its SKUs become free again. */
export async function deleteProduct(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await productFor(tx, actor, id, { forUpdate: true });
    const now = new Date();
    await tx.update(productVariants).set({ deletedAt: now, updatedAt: now }).where(and(eq(productVariants.productId, p.id), isNull(productVariants.deletedAt)));
    await tx.update(products).set({ deletedAt: now, updatedAt: now, updatedBy: actor.userId }).where(eq(products.id, p.id));
  });
}

// ---------------------------------------------------------------------------------------------
// SPEC §4 product approval, and the events that tell the seller and the reviewers.

export async function changeApproval(db: Db, actor: Actor, id: string, action: ProductApprovalAction, reason?: string): Promise<Product> {
  await db.transaction(async (tx) => {
    const p = await productFor(tx, actor, id, { forUpdate: true });
    const to = nextApprovalStatus(p.approvalStatus as ProductApprovalStatus, action);
    if (!to) throw statusRefused(p.approvalStatus, action);
    const now = new Date();
    const patch: Partial<repo.NewProduct> =
      action === 'submit'
        ? { approvalStatus: to, submittedAt: now, rejectReason: null, reviewedAt: null, reviewedBy: null }
        : { approvalStatus: to, reviewedAt: now, reviewedBy: actor.userId, rejectReason: action === 'reject' ? (reason ?? null) : null };
    await tx.update(products).set({ ...patch, updatedAt: now }).where(eq(products.id, p.id));
    // In the same transaction (the outbox): a rolled-back change tells nobody, a committed one is
    // handled even if the process stops right after the commit.
    if (action === 'submit') {
      await emit(tx, ProductSubmitted, { productId: p.id, accountId: p.accountId, productName: p.name, submittedBy: actor.userId, at: now.toISOString() });
    } else {
      await emit(tx, ProductReviewed, {
        productId: p.id,
        accountId: p.accountId,
        productName: p.name,
        approvalStatus: to as 'accepted' | 'rejected',
        reason: reason ?? null,
        reviewedBy: actor.userId,
        at: now.toISOString(),
      });
    }
  });
  return getProduct(db, actor, id);
}

// ---------------------------------------------------------------------------------------------
// Weight thresholds and actual-weight fees (SPEC §2 /app/actual-weight-fees, §3 weight config).

/** The actual-weight fee rule lives in packages/domain; re-exported for the surcharge flow. */
export { actualWeightFee };

type ConfigFields = { weightThresholdGr: number; feeCents: number; status: string; configurationStatus: string };
const HISTORY_FIELDS: [keyof ConfigFields, string, (v: number | string) => string][] = [
  ['weightThresholdGr', 'weightThreshold', (v) => String(v)],
  ['feeCents', 'fee', (v) => fromCents(Number(v)).toFixed(2)],
  ['status', 'status', (v) => String(v)],
  ['configurationStatus', 'configurationStatus', (v) => String(v)],
];

/** Writes a config's new values and one history row per changed field, in the caller's transaction. */
async function writeWeightConfig(tx: Db, actor: Actor, product: repo.ProductRow, existing: repo.WeightConfigRow | undefined, next: ConfigFields): Promise<void> {
  const now = new Date();
  let configId: string;
  if (existing) {
    const changed = HISTORY_FIELDS.filter(([k]) => existing[k] !== next[k]);
    if (changed.length === 0) return;
    await tx.update(productWeightConfigs).set({ ...next, updatedBy: actor.userId, updatedAt: now }).where(eq(productWeightConfigs.id, existing.id));
    configId = existing.id;
    await tx.insert(productWeightConfigHistory).values(
      changed.map(([k, field, fmt]) => ({ accountId: product.accountId, configId, field, oldValue: fmt(existing[k]), newValue: fmt(next[k]), changedBy: actor.userId, changedAt: now })),
    );
  } else {
    const [row] = await tx.insert(productWeightConfigs).values({ accountId: product.accountId, productId: product.id, ...next, createdBy: actor.userId, updatedBy: actor.userId }).returning();
    configId = row!.id;
    await tx.insert(productWeightConfigHistory).values(
      HISTORY_FIELDS.map(([k, field, fmt]) => ({ accountId: product.accountId, configId, field, oldValue: null, newValue: fmt(next[k]), changedBy: actor.userId, changedAt: now })),
    );
  }
}

export async function saveWeightConfig(db: Db, actor: Actor, productId: string, body: WeightConfigBody): Promise<WeightConfig> {
  await db.transaction(async (tx) => {
    const p = await productFor(tx, actor, productId, { forUpdate: true });
    const existing = await repo.findWeightConfig(tx, p.id, { forUpdate: true });
    await writeWeightConfig(tx, actor, p, existing, { weightThresholdGr: body.weightThreshold, feeCents: toCents(body.fee), status: body.status, configurationStatus: 'configured' });
  });
  return getWeightConfig(db, actor, productId);
}

export async function removeWeightConfig(db: Db, actor: Actor, productId: string): Promise<WeightConfig> {
  await db.transaction(async (tx) => {
    const p = await productFor(tx, actor, productId, { forUpdate: true });
    const existing = await repo.findWeightConfig(tx, p.id, { forUpdate: true });
    if (!existing) throw new AppError('WEIGHT_CONFIG_NOT_FOUND', 404);
    if (existing.configurationStatus === 'removed') throw statusRefused(existing.configurationStatus, 'remove');
    await writeWeightConfig(tx, actor, p, existing, { ...existing, configurationStatus: 'removed' });
  });
  return getWeightConfig(db, actor, productId);
}

export async function getWeightConfig(db: Db, actor: Actor, productId: string): Promise<WeightConfig> {
  const p = await productFor(db, actor, productId);
  const c = await repo.findWeightConfig(db, p.id);
  if (!c) throw new AppError('WEIGHT_CONFIG_NOT_FOUND', 404);
  return toWeightConfig(c, p.name);
}

export async function getWeightConfigHistory(db: Db, actor: Actor, productId: string): Promise<WeightConfigHistory[]> {
  const config = await getWeightConfig(db, actor, productId);
  const rows = await repo.weightConfigHistory(db, config.id);
  const people = new Map((await findUsersByIds(db, rows.map((r) => r.changedBy))).map((u) => [u.id, u]));
  return rows.map((r) => ({
    id: r.id,
    field: r.field,
    oldValue: r.oldValue,
    newValue: r.newValue,
    changedBy: { id: r.changedBy, fullName: people.get(r.changedBy)?.fullName ?? null, email: people.get(r.changedBy)?.email ?? null },
    changedAt: r.changedAt.toISOString(),
  }));
}

export async function listWeightConfigs(db: Db, actor: Actor, q: WeightConfigListQuery, opts: { onlyCharging?: boolean } = {}) {
  const r = await repo.listWeightConfigs(db, { ...q, ...opts }, scopeOf(actor, q.customerId));
  return { items: r.items.map((i) => toWeightConfig(i.config, i.productName)), page: q.page, pageSize: q.pageSize, totalCount: r.totalCount };
}

export async function productActualWeightFee(db: Db, actor: Actor, productId: string, weighedGrams: number) {
  const product = await getProduct(db, actor, productId);
  const feeCents = actualWeightFee(product, weighedGrams);
  return {
    productId,
    weighedGrams,
    weightThreshold: product.weightConfig?.weightThreshold ?? null,
    exceeded: feeCents > 0,
    fee: fromCents(feeCents),
  };
}

// Internal helpers the import service shares.
export const internals = { productFor, writeWeightConfig, variantValues, mapUniqueViolation, statusRefused };

/** A variant's size and weight for a parcel: the variant's own, else its product's. */
export interface VariantMeasures {
  variantId: string;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  weightGr: number;
}

/** The measures of the account's live variants among `variantIds` (two queries, whatever the count). */
export async function variantMeasures(db: Db, accountId: string, variantIds: readonly string[]): Promise<Map<string, VariantMeasures>> {
  const variants = (await repo.findVariantsByIds(db, [...new Set(variantIds)])).filter((v) => v.accountId === accountId);
  const products = new Map((await repo.findProductsByIds(db, [...new Set(variants.map((v) => v.productId))], accountId)).map((p) => [p.id, p]));
  const out = new Map<string, VariantMeasures>();
  for (const v of variants) {
    const p = products.get(v.productId);
    if (!p) continue;
    out.set(v.id, { variantId: v.id, lengthCm: Number(v.lengthCm ?? p.lengthCm), widthCm: Number(v.widthCm ?? p.widthCm), heightCm: Number(v.heightCm ?? p.heightCm), weightGr: Number(v.weightGr ?? p.weightGr) });
  }
  return out;
}
