import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { OrderCreateBodySchema, translate, WALMART_LIMITS, type OrderCreateBody } from '@exship/contracts';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { variantMeasures, variantsByRef } from '../products';
import { WalmartError, type WalmartOrder } from './walmart.client';
import { integrationOrders, walmartMethodMappings, walmartSkuMappings, walmartStores, type IntegrationLine, type ShipTo } from './walmart.tables';
import { type WalmartCore, type StoreRow, type IoRow, HOUR, DAY, TERMINAL, orderStatusOf } from './walmart.core';

// The sync (docs/walmart.md): purchase orders page by page into integration orders (one per store and
// purchase order); their SKUs and shipping method mapped, each becomes a draft ExShip order.

/** The row an integration order is stored as, from Walmart's JSON. */
export function integrationRow(store: Pick<StoreRow, 'id' | 'accountId'>, o: WalmartOrder, now: Date): typeof integrationOrders.$inferInsert {
  const a = o.shippingInfo.postalAddress;
  const lines: IntegrationLine[] = o.orderLines.orderLine.map((l) => {
    const product = l.charges?.charge.find((c) => (c.chargeType ?? 'PRODUCT') === 'PRODUCT');
    return {
      lineNumber: l.lineNumber,
      sku: l.item.sku,
      productName: l.item.productName,
      quantity: l.orderLineQuantity.amount,
      status: l.orderLineStatuses.orderLineStatus[0]!.status,
      amountCents: Math.round((product?.chargeAmount?.amount ?? 0) * 100),
      currency: product?.chargeAmount?.currency ?? 'USD',
    };
  });
  const shipNodeType = o.shipNode?.type ?? 'SellerFulfilled';
  const status = orderStatusOf(lines);
  const orderDate = new Date(o.orderDate);
  return {
    accountId: store.accountId,
    storeId: store.id,
    purchaseOrderId: o.purchaseOrderId,
    customerOrderId: o.customerOrderId,
    customerEmail: o.customerEmailId ?? '',
    orderType: o.orderType,
    orderDate,
    shipNodeType,
    shippingMethod: o.shippingInfo.methodCode,
    estimatedDeliveryDate: o.shippingInfo.estimatedDeliveryDate ? new Date(o.shippingInfo.estimatedDeliveryDate) : null,
    estimatedShipDate: o.shippingInfo.estimatedShipDate ? new Date(o.shippingInfo.estimatedShipDate) : null,
    shipTo: { name: a.name, address1: a.address1, address2: a.address2 ?? '', city: a.city, state: a.state, postalCode: a.postalCode, country: a.country, phone: o.shippingInfo.phone ?? '' } satisfies ShipTo,
    lines,
    status,
    stage: shipNodeType === 'SellerFulfilled' ? 'unmapped-sku' : 'not-seller-fulfilled',
    reasonKey: shipNodeType === 'SellerFulfilled' ? null : 'walmart.reason.notSellerFulfilled',
    acknowledgedAt: status === 'Created' ? null : orderDate,
    ackDueAt: new Date(orderDate.getTime() + WALMART_LIMITS.ackDeadlineHours * HOUR),
    firstSeenAt: now,
    lastSeenAt: now,
  };
}

/** SPEC §3 recipient from Walmart's address; Walmart's country USA is US. */
export function draftBody(io: IoRow, serviceCode: string, lines: { productId: string; variantId: string; quantity: number }[], m: { lengthCm: number; widthCm: number; heightCm: number; weightGr: number }): OrderCreateBody | { error: string } {
  const [first, ...rest] = io.shipTo.name.trim().split(/\s+/);
  const country = io.shipTo.country.toUpperCase() === 'USA' ? 'US' : io.shipTo.country.slice(0, 2).toUpperCase();
  const parsed = OrderCreateBodySchema.safeParse({
    orderName: `WM${io.purchaseOrderId}`,
    note: `Walmart purchase order ${io.purchaseOrderId} (customer order ${io.customerOrderId})`.slice(0, 255),
    serviceCode,
    lengthCm: m.lengthCm,
    widthCm: m.widthCm,
    heightCm: m.heightCm,
    weightGr: m.weightGr,
    recipient: {
      firstName: first ?? '',
      lastName: rest.join(' ').toLowerCase() === (first ?? '').toLowerCase() ? '' : rest.join(' '),
      phone: io.shipTo.phone.replace(/[^\d+]/g, ''),
      address1: io.shipTo.address1,
      address2: io.shipTo.address2,
      city: io.shipTo.city,
      state: io.shipTo.state,
      country,
      zipcode: io.shipTo.postalCode.split('-')[0]!.replace(/\D/g, ''),
    },
    lines,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { error: `${issue.path.join('.')}: ${translate('en', issue.message)}` };
  }
  return parsed.data;
}

export function createSync(c: WalmartCore) {
  const { deps, db, now, clientFor, queuePushes, storeActor, failStore } = c;

  // ── sync ──────────────────────────────────────────────────────────────────────────────────────

  /**
   * Stores one page of purchase orders: one upsert (a purchase order seen again updates its row, never
   * a second), then draft orders for those not made yet, acknowledgements queued for on-sync stores,
   * and the cursor of the next page — all in one transaction.
   */
  async function ingest(store: StoreRow, page: WalmartOrder[], saveCursor: (tx: Db) => Promise<void>): Promise<{ inserted: number; drafts: number }> {
    const at = now();
    const byPo = new Map(page.map((o) => [o.purchaseOrderId, integrationRow(store, o, at)]));
    const values = [...byPo.values()];
    return db.transaction(async (tx) => {
      let inserted = 0;
      let drafts = 0;
      if (values.length > 0) {
        const rows = await tx
          .insert(integrationOrders)
          .values(values)
          .onConflictDoUpdate({
            target: [integrationOrders.storeId, integrationOrders.purchaseOrderId],
            set: {
              lastSeenAt: sql`excluded.last_seen_at`,
              status: sql`excluded.status`,
              lines: sql`excluded.lines`,
              acknowledgedAt: sql`coalesce(${integrationOrders.acknowledgedAt}, excluded.acknowledged_at)`,
            },
          })
          .returning({ id: integrationOrders.id, inserted: sql<boolean>`(xmax = 0)`, orderId: integrationOrders.orderId, stage: integrationOrders.stage, status: integrationOrders.status });
        inserted = rows.filter((r) => r.inserted).length;
        const waiting = rows.filter((r) => r.orderId === null && r.stage !== 'not-seller-fulfilled' && !TERMINAL.includes(r.status)).map((r) => r.id);
        drafts = await makeDrafts(tx, store, waiting);
        if (store.ackMode === 'on-sync') {
          const toAck = rows.filter((r) => r.inserted && r.status === 'Created' && r.stage !== 'not-seller-fulfilled').map((r) => r.id);
          await queuePushes(tx, toAck, 'acknowledge');
        }
      }
      await saveCursor(tx);
      return { inserted, drafts };
    });
  }

  /**
   * Draft orders for the integration orders among `ids` that have none, locked so a concurrent run
   * waits and then finds them made. Unmapped SKUs are first looked for among the seller's variant
   * SKUs (a same-SKU match is remembered as an automatic mapping). Returns how many were made.
   */
  async function makeDrafts(tx: Db, store: Pick<StoreRow, 'accountId' | 'createdBy' | 'autoPay'>, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await tx
      .select()
      .from(integrationOrders)
      .where(and(inArray(integrationOrders.id, ids), isNull(integrationOrders.orderId)))
      .orderBy(asc(integrationOrders.id))
      .for('update');
    const live = rows.filter((r) => r.shipNodeType === 'SellerFulfilled' && !TERMINAL.includes(r.status));
    if (live.length === 0) return 0;
    const accountId = store.accountId;
    const skus = [...new Set(live.flatMap((r) => r.lines.map((l) => l.sku.toLowerCase())))];
    const mapped = new Map((await tx.select().from(walmartSkuMappings).where(and(eq(walmartSkuMappings.accountId, accountId), sql`lower(${walmartSkuMappings.sku}) in (select jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))`))).map((m) => [m.sku.toLowerCase(), m]));
    const missing = skus.filter((s) => !mapped.has(s));
    if (missing.length > 0) {
      const { bySku } = await variantsByRef(tx, accountId, missing);
      const auto = missing.flatMap((s) => (bySku.has(s) ? [{ accountId, sku: bySku.get(s)!.sku, productId: bySku.get(s)!.productId, variantId: bySku.get(s)!.id, source: 'auto' }] : []));
      if (auto.length > 0) {
        await tx.insert(walmartSkuMappings).values(auto).onConflictDoNothing();
        for (const a of auto) mapped.set(a.sku.toLowerCase(), { id: '', updatedAt: now(), ...a });
      }
    }
    const methods = new Map((await tx.select().from(walmartMethodMappings).where(eq(walmartMethodMappings.accountId, accountId))).map((m) => [m.methodCode.toLowerCase(), m.serviceCode]));
    const measures = await variantMeasures(tx, accountId, [...mapped.values()].map((m) => m.variantId));
    const updates: { id: string; stage: string; reasonKey: string | null; reasonVars: Record<string, string> | null; orderId?: string; exOrderId?: string }[] = [];
    const bodies: OrderCreateBody[] = [];
    const bodyOf: IoRow[] = [];
    for (const r of live) {
      const unmapped = [...new Set(r.lines.filter((l) => !mapped.has(l.sku.toLowerCase())).map((l) => l.sku))];
      if (unmapped.length > 0) {
        updates.push({ id: r.id, stage: 'unmapped-sku', reasonKey: 'walmart.reason.unmappedSku', reasonVars: { skus: unmapped.join(', ') } });
        continue;
      }
      const serviceCode = methods.get(r.shippingMethod.toLowerCase());
      if (!serviceCode) {
        updates.push({ id: r.id, stage: 'unmapped-method', reasonKey: 'walmart.reason.unmappedMethod', reasonVars: { method: r.shippingMethod } });
        continue;
      }
      const lines = r.lines.filter((l) => l.status !== 'Cancelled').map((l) => ({ ...mapped.get(l.sku.toLowerCase())!, quantity: l.quantity }));
      const size = { lengthCm: 1, widthCm: 1, heightCm: 1, weightGr: 0 };
      for (const l of lines) {
        const m = measures.get(l.variantId);
        if (!m) continue;
        size.lengthCm = Math.max(size.lengthCm, m.lengthCm);
        size.widthCm = Math.max(size.widthCm, m.widthCm);
        size.heightCm = Math.max(size.heightCm, m.heightCm);
        size.weightGr += m.weightGr * l.quantity;
      }
      const body = draftBody(r, serviceCode, lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity })), size);
      if ('error' in body) {
        updates.push({ id: r.id, stage: 'unmapped-sku', reasonKey: 'walmart.reason.draftFailed', reasonVars: { detail: body.error } });
        continue;
      }
      bodies.push(body);
      bodyOf.push(r);
    }
    let made = 0;
    const madeIds: string[] = [];
    if (bodies.length > 0) {
      const outcomes = await deps.orders.createDraftsIn(tx, storeActor(store), accountId, bodies, 'Walmart purchase order');
      for (const [i, out] of outcomes.entries()) {
        const r = bodyOf[i]!;
        if (out.ok) {
          made++;
          madeIds.push(out.id);
          updates.push({ id: r.id, stage: 'draft-created', reasonKey: null, reasonVars: null, orderId: out.id, exOrderId: out.exOrderId });
        } else if (out.nameTaken) {
          // Made earlier (a run that committed its order before ours): link it.
          const existing = (await deps.orders.idsByCode(tx, bodies[i]!.orderName)).find(Boolean);
          const row = existing ? await deps.orders.orderRow(tx, existing) : undefined;
          if (row && row.accountId === accountId) updates.push({ id: r.id, stage: 'draft-created', reasonKey: null, reasonVars: null, orderId: row.id, exOrderId: row.exOrderId });
          else updates.push({ id: r.id, stage: 'unmapped-sku', reasonKey: 'walmart.reason.draftFailed', reasonVars: { detail: translate('en', 'error.ORDER_NAME_TAKEN') } });
        } else {
          const e = out.errors[0]!;
          updates.push({ id: r.id, stage: r.stage === 'unmapped-method' ? 'unmapped-method' : 'unmapped-sku', reasonKey: 'walmart.reason.draftFailed', reasonVars: { detail: `${e.field ? `${e.field}: ` : ''}${translate('en', e.message, e.vars)}` } });
        }
      }
    }
    if (updates.length > 0) {
      await tx.execute(sql`
        update integration_orders io set
          stage = u.stage, reason_key = u.reason_key, reason_vars = u.reason_vars,
          order_id = coalesce(u.order_id::uuid, io.order_id), ex_order_id = coalesce(u.ex_order_id, io.ex_order_id)
        from jsonb_to_recordset(${JSON.stringify(updates.map((u) => ({ id: u.id, stage: u.stage, reason_key: u.reasonKey, reason_vars: u.reasonVars, order_id: u.orderId ?? null, ex_order_id: u.exOrderId ?? null })))}::jsonb)
          as u(id uuid, stage text, reason_key text, reason_vars jsonb, order_id text, ex_order_id text)
        where io.id = u.id`);
    }
    if (store.autoPay && madeIds.length > 0) {
      try {
        await tx.transaction((sp) => deps.orders.payIn(sp, storeActor(store), madeIds, 'Walmart auto-pay'));
      } catch (err) {
        // Not enough in the wallet: the drafts wait for the seller to pay, like any unpaid order.
        if (!(err instanceof AppError)) throw err;
      }
    }
    return made;
  }

  /**
   * One sync run of a store: every page from the kept cursor (or the window's start), each page in
   * its own transaction with the next cursor. A failure keeps the cursor (the next run resumes from
   * the page that failed) and is rethrown for the job's retry; refused credentials mark the store
   * token-failing and stop.
   */
  async function sync(storeId: string, mode: 'released' | 'backfill'): Promise<{ seen: number; inserted: number; drafts: number }> {
    const [store] = await db.select().from(walmartStores).where(eq(walmartStores.id, storeId));
    if (!store || store.state !== 'connected') return { seen: 0, inserted: 0, drafts: 0 };
    if (mode === 'backfill' && (!store.backfill || store.backfill.state === 'done')) return { seen: 0, inserted: 0, drafts: 0 };
    const client = clientFor(store);
    const released = mode === 'released';
    const total = { seen: 0, inserted: 0, drafts: 0 };
    const startedAt = now();
    let cursor = released ? store.syncCursor : store.backfill!.cursor;
    try {
      if (!released) await db.update(walmartStores).set({ backfill: { ...store.backfill!, state: 'running' } }).where(eq(walmartStores.id, storeId));
      for (;;) {
        const page = cursor
          ? await client.nextPage(released, cursor)
          : released
            ? await client.listOrders({ released: true, from: store.syncWindowStart ?? new Date(startedAt.getTime() - 7 * DAY) })
            : await client.listOrders({ released: false, from: new Date(store.backfill!.from), to: new Date(store.backfill!.to) });
        const next = page.nextCursor;
        const r = await ingest(store, page.orders, async (tx) => {
          if (released) await tx.update(walmartStores).set({ syncCursor: next }).where(eq(walmartStores.id, storeId));
          else await tx.update(walmartStores).set({ backfill: sql`jsonb_set(${walmartStores.backfill}, '{cursor}', ${JSON.stringify(next)}::jsonb)` }).where(eq(walmartStores.id, storeId));
        });
        total.seen += page.orders.length;
        total.inserted += r.inserted;
        total.drafts += r.drafts;
        cursor = next;
        if (!next) break;
      }
    } catch (err) {
      await failStore(storeId, err);
      if (!released) await db.update(walmartStores).set({ backfill: sql`jsonb_set(${walmartStores.backfill}, '{state}', '"failed"'::jsonb)` }).where(eq(walmartStores.id, storeId));
      if (err instanceof WalmartError && err.kind === 'credentials') return total;
      throw err;
    }
    await db
      .update(walmartStores)
      .set({
        lastSyncAt: startedAt,
        lastSyncCount: total.seen,
        lastError: null,
        tokenFailingSince: null,
        updatedAt: now(),
        // The next released sync starts a day before this one: a purchase order released late is still seen.
        ...(released ? { syncWindowStart: new Date(startedAt.getTime() - DAY) } : { backfill: { ...store.backfill!, state: 'done' as const, cursor: null } }),
      })
      .where(eq(walmartStores.id, storeId));
    return total;
  }

  return { ingest, makeDrafts, sync };
}
export type WalmartSync = ReturnType<typeof createSync>;
