import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { dateFilterBound, INTEGRATION_ORDER_STATUSES, translate, WALMART_METHOD_CODES, type IntegrationOrder, type IntegrationOrderDetail, type IntegrationOrderListQuery, type IntegrationOrderPage, type IntegrationOrderStatus, type Language, type ShippingMethodMapping, type ShippingMethodMappingsBody, type SkuMapping, type SkuMappingBody, type SkuMappingListQuery, type WalmartCancelReason } from '@exship/contracts';
import { accountScope, scope, type Actor } from '../../platform/access';
import { AppError, fieldError } from '../../platform/errors';
import { RETRY } from '../../platform/jobs';
import { usableVariants } from '../products';
import { integrationOrders, walmartMethodMappings, walmartPushLog, walmartSkuMappings, walmartStores } from './walmart.tables';
import { type WalmartCore, type IoRow, TERMINAL, iso } from './walmart.core';
import type { WalmartPush } from './walmart.push';
import type { WalmartSync } from './walmart.sync';

// The integration orders as a seller reads and acts on them, and the SKU and shipping-method mappings
// that turn them into draft orders.

export function createOrderViews(c: WalmartCore, pushes: Pick<WalmartPush, 'push'>, syncs: Pick<WalmartSync, 'makeDrafts'>) {
  const { deps, db, now, storeFor, queuePushes, storeNames } = c;

  // ── the integration orders ────────────────────────────────────────────────────────────────────

  async function ioFor(actor: Actor, id: string): Promise<IoRow> {
    const [row] = await db.select().from(integrationOrders).where(and(eq(integrationOrders.id, id), scope(actor, integrationOrders.accountId)));
    if (!row) throw new AppError('INTEGRATION_ORDER_NOT_FOUND', 404);
    return row;
  }

  function ioReply(r: IoRow, storeName: string, lang: Language): IntegrationOrder {
    const reasonVars = r.reasonVars ?? {};
    return {
      id: r.id,
      accountId: r.accountId,
      storeId: r.storeId,
      storeName,
      purchaseOrderId: r.purchaseOrderId,
      customerOrderId: r.customerOrderId,
      product: r.lines.length > 1 ? `${r.lines[0]!.productName} (+${r.lines.length - 1})` : (r.lines[0]?.productName ?? ''),
      customer: r.shipTo.name,
      status: r.status as IntegrationOrderStatus,
      shippingMethod: r.shippingMethod,
      estimatedDeliveryDate: iso(r.estimatedDeliveryDate),
      estimatedShipDate: iso(r.estimatedShipDate),
      reason: r.reasonKey ? translate(lang, r.reasonKey, reasonVars) : r.ackFlaggedAt && !r.acknowledgedAt && r.status === 'Created' ? translate(lang, 'walmart.reason.ackOverdue') : null,
      orderId: r.orderId,
      exOrderId: r.exOrderId,
      stage: r.stage as IntegrationOrder['stage'],
      orderDate: r.orderDate.toISOString(),
      acknowledgedAt: iso(r.acknowledgedAt),
      ackDueAt: r.ackDueAt.toISOString(),
      ackOverdue: r.ackFlaggedAt !== null && r.acknowledgedAt === null && r.status === 'Created',
      push: {
        kind: (r.pushKind as IntegrationOrder['push']['kind']) ?? null,
        state: r.pushState as IntegrationOrder['push']['state'],
        attempts: r.pushAttempts,
        lastAttemptAt: iso(r.pushLastAt),
        nextAttemptAt: iso(r.pushNextAt),
        error: r.pushError ? translate(lang, r.pushError, r.pushErrorVars ?? {}) : null,
      },
      trackingNumber: r.trackingNumber,
      cancellationReason: (r.cancellationReason as WalmartCancelReason | null) ?? null,
      firstSeenAt: r.firstSeenAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
    };
  }

  async function listOrders(actor: Actor, q: IntegrationOrderListQuery, lang: Language): Promise<IntegrationOrderPage> {
    const kw = q.keyword?.trim();
    const from = q.dateFrom ? dateFilterBound(q.dateFrom, 'from') : null;
    const to = q.dateTo ? dateFilterBound(q.dateTo, 'to') : null;
    const base: (SQL | undefined)[] = [
      scope(actor, integrationOrders.accountId, q.customerId),
      q.storeId ? eq(integrationOrders.storeId, q.storeId) : undefined,
      q.stage !== 'all' ? eq(integrationOrders.stage, q.stage) : undefined,
      q.attention === 'push-failed' ? inArray(integrationOrders.pushState, ['failed', 'maintenance']) : undefined,
      q.attention === 'ack-overdue' ? and(isNotNull(integrationOrders.ackFlaggedAt), isNull(integrationOrders.acknowledgedAt), eq(integrationOrders.status, 'Created')) : undefined,
      kw ? or(eq(integrationOrders.purchaseOrderId, kw), eq(integrationOrders.customerOrderId, kw), eq(integrationOrders.exOrderId, kw.toUpperCase())) : undefined,
      from !== null ? gte(integrationOrders.orderDate, new Date(from)) : undefined,
      to !== null ? lt(integrationOrders.orderDate, new Date(to)) : undefined,
    ];
    const where = and(...base, q.status !== 'all' ? eq(integrationOrders.status, q.status) : undefined);
    const [rows, [totalRow], byStatus] = [
      await db.select().from(integrationOrders).where(where).orderBy(desc(integrationOrders.orderDate), desc(integrationOrders.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
      await db.select({ n: count() }).from(integrationOrders).where(where),
      await db.select({ status: integrationOrders.status, n: count() }).from(integrationOrders).where(and(...base)).groupBy(integrationOrders.status),
    ];
    const names = await storeNames(rows.map((r) => r.storeId));
    const counts = { all: 0, ...Object.fromEntries(INTEGRATION_ORDER_STATUSES.map((s) => [s, 0])) } as IntegrationOrderPage['counts'];
    for (const c of byStatus) {
      counts[c.status as IntegrationOrderStatus] = Number(c.n);
      counts.all += Number(c.n);
    }
    return { items: rows.map((r) => ioReply(r, names.get(r.storeId) ?? '', lang)), total: Number(totalRow?.n ?? 0), page: q.page, pageSize: q.pageSize, counts };
  }

  async function getOrder(actor: Actor, id: string, lang: Language): Promise<IntegrationOrderDetail> {
    const r = await ioFor(actor, id);
    const names = await storeNames([r.storeId]);
    const skus = [...new Set(r.lines.map((l) => l.sku.toLowerCase()))];
    const maps = new Map((await db.select().from(walmartSkuMappings).where(and(eq(walmartSkuMappings.accountId, r.accountId), sql`lower(${walmartSkuMappings.sku}) in (select jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))`))).map((m) => [m.sku.toLowerCase(), m]));
    const usable = await usableVariants(db, r.accountId, [...maps.values()].map((m) => ({ productId: m.productId, variantId: m.variantId })));
    const variantSku = new Map([...maps.values()].map((m, i) => [m.variantId, typeof usable[i] === 'object' ? (usable[i] as { variant: { sku: string } }).variant.sku : null]));
    const log = await db.select().from(walmartPushLog).where(eq(walmartPushLog.integrationOrderId, r.id)).orderBy(desc(walmartPushLog.at)).limit(100);
    return {
      ...ioReply(r, names.get(r.storeId) ?? '', lang),
      orderType: r.orderType,
      customerEmail: r.customerEmail,
      shipNodeType: r.shipNodeType,
      shippingAddress: r.shipTo,
      lines: r.lines.map((l) => {
        const m = maps.get(l.sku.toLowerCase());
        return {
          lineNumber: l.lineNumber,
          sku: l.sku,
          productName: l.productName,
          quantity: l.quantity,
          status: ((INTEGRATION_ORDER_STATUSES as readonly string[]).includes(l.status) ? l.status : 'Created') as IntegrationOrderStatus,
          amount: l.amountCents / 100,
          currency: l.currency,
          productId: m?.productId ?? null,
          variantId: m?.variantId ?? null,
          variantSku: m ? (variantSku.get(m.variantId) ?? null) : null,
        };
      }),
      pushLog: log.map((p) => ({ kind: p.kind as IntegrationOrderDetail['pushLog'][number]['kind'], at: p.at.toISOString(), ok: p.ok, httpStatus: p.httpStatus, error: p.error })),
    };
  }

  async function reply(id: string, lang: Language): Promise<IntegrationOrder> {
    const [r] = await db.select().from(integrationOrders).where(eq(integrationOrders.id, id));
    return ioReply(r!, (await storeNames([r!.storeId])).get(r!.storeId) ?? '', lang);
  }

  /** Acknowledge now (a store that acknowledges on review): sent in the request, so the seller sees the answer. */
  async function acknowledge(actor: Actor, id: string, lang: Language): Promise<IntegrationOrder> {
    const io = await ioFor(actor, id);
    if (io.status !== 'Created' || io.shipNodeType !== 'SellerFulfilled' || io.acknowledgedAt) throw new AppError('WALMART_ACK_NOT_ALLOWED', 409);
    const store = await storeFor(actor, io.storeId);
    if (store.state !== 'connected') throw new AppError('WALMART_STORE_NOT_ACTIVE', 409);
    await db.update(integrationOrders).set({ pushKind: 'acknowledge', pushState: 'pending', pushAttempts: 0 }).where(eq(integrationOrders.id, id));
    try {
      await pushes.push(id, RETRY.retryLimit);
    } catch {
      /* recorded on the order */
    }
    const after = await reply(id, lang);
    if (after.push.state === 'failed') {
      const [row] = await db.select().from(integrationOrders).where(eq(integrationOrders.id, id));
      throw new AppError(row?.pushError === 'error.WALMART_PUSH_MAINTENANCE' ? 'WALMART_PUSH_MAINTENANCE' : 'WALMART_UNAVAILABLE', 422);
    }
    return after;
  }

  async function cancel(actor: Actor, id: string, reason: WalmartCancelReason, lang: Language): Promise<IntegrationOrder> {
    const io = await ioFor(actor, id);
    if (TERMINAL.includes(io.status) || io.shipNodeType !== 'SellerFulfilled') throw new AppError('ACTION_NOT_ALLOWED_FOR_STATUS', 409, { details: { status: io.status, action: 'cancel' } });
    await db.transaction((tx) => queuePushes(tx, [io.id], 'cancellation', { cancellationReason: reason }));
    // The draft order is cancelled too; its own cancel pushes nothing more (the order is already queued).
    if (io.orderId) {
      try {
        await deps.orders.act({ ...actor, permissions: new Set([...actor.permissions, 'EX-ORDER-CANCEL']) }, io.orderId, 'cancel', reason);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    return reply(id, lang);
  }

  async function retryPush(actor: Actor, id: string, lang: Language): Promise<IntegrationOrder> {
    const io = await ioFor(actor, id);
    if (!io.pushKind || !['failed', 'maintenance'].includes(io.pushState)) throw new AppError('WALMART_NOTHING_TO_RETRY', 409);
    await db.transaction((tx) => queuePushes(tx, [io.id], io.pushKind as 'acknowledge'));
    return reply(id, lang);
  }

  // ── mappings ──────────────────────────────────────────────────────────────────────────────────

  async function listSkuMappings(actor: Actor, q: SkuMappingListQuery): Promise<{ items: SkuMapping[]; total: number; page: number; pageSize: number; unmapped: number }> {
    const accountId = accountScope(actor, q.customerId) ?? actor.accountId;
    const kw = q.keyword?.trim().toLowerCase() ?? '';
    // Unmapped SKUs: those on the lines of orders waiting for a mapping, with how many wait.
    const waiting = (await db.execute(sql`
      select l->>'sku' as sku, max(l->>'productName') as name, count(distinct io.id)::int as n
        from integration_orders io, jsonb_array_elements(io.lines) l
       where io.account_id = ${accountId} and io.stage = 'unmapped-sku'
       group by l->>'sku'`)) as unknown as { rows: { sku: string; name: string; n: number }[] };
    const mapped = await db.select().from(walmartSkuMappings).where(eq(walmartSkuMappings.accountId, accountId)).orderBy(asc(walmartSkuMappings.sku));
    const mappedBySku = new Map(mapped.map((m) => [m.sku.toLowerCase(), m]));
    const waitingBySku = new Map(waiting.rows.map((w) => [w.sku.toLowerCase(), w]));
    const usable = await usableVariants(db, accountId, mapped.map((m) => ({ productId: m.productId, variantId: m.variantId })));
    const names = new Map(mapped.map((m, i) => [m.id, typeof usable[i] === 'object' ? (usable[i] as { product: { name: string }; variant: { sku: string } }) : null]));
    const unmappedRows: SkuMapping[] = waiting.rows
      .filter((w) => !mappedBySku.has(w.sku.toLowerCase()))
      .map((w) => ({ id: null, accountId, sku: w.sku, walmartProductName: w.name ?? '', productId: null, variantId: null, productName: null, variantSku: null, ordersWaiting: Number(w.n), source: null, updatedAt: null }));
    const mappedRows: SkuMapping[] = mapped.map((m) => ({
      id: m.id,
      accountId,
      sku: m.sku,
      walmartProductName: waitingBySku.get(m.sku.toLowerCase())?.name ?? '',
      productId: m.productId,
      variantId: m.variantId,
      productName: names.get(m.id)?.product.name ?? null,
      variantSku: names.get(m.id)?.variant.sku ?? null,
      ordersWaiting: Number(waitingBySku.get(m.sku.toLowerCase())?.n ?? 0),
      source: m.source as 'auto' | 'seller',
      updatedAt: m.updatedAt.toISOString(),
    }));
    let all = [...unmappedRows.sort((a, b) => b.ordersWaiting - a.ordersWaiting || a.sku.localeCompare(b.sku)), ...mappedRows];
    if (q.state === 'unmapped') all = unmappedRows;
    if (q.state === 'mapped') all = mappedRows;
    if (kw) all = all.filter((r) => r.sku.toLowerCase().includes(kw) || r.walmartProductName.toLowerCase().includes(kw));
    return { items: all.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total: all.length, page: q.page, pageSize: q.pageSize, unmapped: unmappedRows.length };
  }

  /** Orders of the account waiting for a mapping get their drafts now, one store at a time. */
  async function retryWaiting(accountId: string): Promise<number> {
    const stores = await db.select().from(walmartStores).where(eq(walmartStores.accountId, accountId));
    let made = 0;
    for (const store of stores) {
      const ids = (await db.select({ id: integrationOrders.id }).from(integrationOrders).where(and(eq(integrationOrders.storeId, store.id), inArray(integrationOrders.stage, ['unmapped-sku', 'unmapped-method']), isNull(integrationOrders.orderId)))).map((r) => r.id);
      for (let at = 0; at < ids.length; at += 200) made += await db.transaction((tx) => syncs.makeDrafts(tx, store, ids.slice(at, at + 200)));
    }
    return made;
  }

  async function saveSkuMapping(actor: Actor, body: SkuMappingBody) {
    const accountId = accountScope(actor, body.customerId) ?? actor.accountId;
    const [usable] = await usableVariants(db, accountId, [{ productId: body.productId, variantId: body.variantId }]);
    if (typeof usable !== 'object') throw new AppError('PRODUCT_NOT_FOUND', 404, { errors: [{ field: usable === 'variant' ? 'variantId' : 'productId', message: usable === 'variant' ? 'validation.variant.unknown' : 'validation.product.unknown' }] });
    // The unique index is on lower(sku): the conflict target is written as that expression.
    await db.execute(sql`
      insert into walmart_sku_mappings (account_id, sku, product_id, variant_id, source, updated_at)
      values (${accountId}, ${body.sku}, ${body.productId}, ${body.variantId}, 'seller', ${now()})
      on conflict (account_id, lower(sku)) do update set product_id = excluded.product_id, variant_id = excluded.variant_id, source = 'seller', updated_at = excluded.updated_at`);
    const draftsCreated = await retryWaiting(accountId);
    const page = await listSkuMappings(actor, { page: 1, pageSize: 100, state: 'mapped', keyword: body.sku, customerId: body.customerId });
    const mapping = page.items.find((m) => m.sku.toLowerCase() === body.sku.toLowerCase())!;
    return { mapping, draftsCreated };
  }

  async function deleteSkuMapping(actor: Actor, id: string) {
    const deleted = await db.delete(walmartSkuMappings).where(and(eq(walmartSkuMappings.id, id), scope(actor, walmartSkuMappings.accountId))).returning({ id: walmartSkuMappings.id });
    if (deleted.length === 0) throw new AppError('SKU_MAPPING_NOT_FOUND', 404);
    return { deleted: true as const };
  }

  async function listMethodMappings(actor: Actor, customerId?: string, draftsCreated = 0): Promise<{ mappings: ShippingMethodMapping[]; draftsCreated: number }> {
    const accountId = accountScope(actor, customerId) ?? actor.accountId;
    const rows = new Map((await db.select().from(walmartMethodMappings).where(eq(walmartMethodMappings.accountId, accountId))).map((m) => [m.methodCode, m.serviceCode]));
    const waiting = new Map(
      (await db.select({ m: integrationOrders.shippingMethod, n: count() }).from(integrationOrders).where(and(eq(integrationOrders.accountId, accountId), eq(integrationOrders.stage, 'unmapped-method'))).groupBy(integrationOrders.shippingMethod)).map((w) => [w.m, Number(w.n)]),
    );
    const names = new Map<string, string>();
    for (const code of new Set(rows.values())) {
      const svc = await deps.serviceByCode(code);
      if (svc) names.set(code, svc.name);
    }
    return {
      mappings: WALMART_METHOD_CODES.map((methodCode) => ({ methodCode, serviceCode: rows.get(methodCode) ?? null, serviceName: names.get(rows.get(methodCode) ?? '') ?? null, ordersWaiting: waiting.get(methodCode) ?? 0 })),
      draftsCreated,
    };
  }

  async function saveMethodMappings(actor: Actor, body: ShippingMethodMappingsBody) {
    const accountId = accountScope(actor, body.customerId) ?? actor.accountId;
    for (const [i, m] of body.mappings.entries()) {
      if (m.serviceCode && !(await deps.serviceByCode(m.serviceCode.toUpperCase()))) throw fieldError(`mappings.${i}.serviceCode`, 'validation.walmart.serviceUnknown');
    }
    await db.transaction(async (tx) => {
      for (const m of body.mappings) {
        if (m.serviceCode === null) await tx.delete(walmartMethodMappings).where(and(eq(walmartMethodMappings.accountId, accountId), eq(walmartMethodMappings.methodCode, m.methodCode)));
        else await tx.insert(walmartMethodMappings).values({ accountId, methodCode: m.methodCode, serviceCode: m.serviceCode.toUpperCase(), updatedAt: now() }).onConflictDoUpdate({ target: [walmartMethodMappings.accountId, walmartMethodMappings.methodCode], set: { serviceCode: m.serviceCode.toUpperCase(), updatedAt: now() } });
      }
    });
    return listMethodMappings(actor, body.customerId, await retryWaiting(accountId));
  }

  return { listOrders, getOrder, acknowledge, cancel, retryPush, listSkuMappings, saveSkuMapping, deleteSkuMapping, listMethodMappings, saveMethodMappings };
}
export type WalmartOrderViews = ReturnType<typeof createOrderViews>;
