import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER, type TestApp } from '../../test/harness';
import { creditWallet } from '../wallet';
import { fakePurchaseOrder, type FakeWalmart } from './fake/fake-walmart';
import { PO, startWalmartFixture, type WalmartFixture } from './walmart.fixture';

// The sync through the front door and the jobs: a purchase order seen three times makes one
// integration order and one draft order; the label bought pushes the shipment; a cancelled order
// pushes its cancellation with the reason; the acknowledge watchdog at 3 hours (an injected clock).

let f: WalmartFixture;
let t: TestApp;
let fake: FakeWalmart;
let seller: string;
const rows = <T>(q: ReturnType<typeof sql>) => f.rows<T>(q);
const connect = (name: string, ackMode: 'on-sync' | 'on-review' = 'on-sync') => f.connect(name, ackMode);

beforeAll(async () => {
  f = await startWalmartFixture({ clientId: 'seller-client', clientSecret: 'seller-secret-123' });
  ({ t, fake, seller } = f);
  const [acc] = await rows<{ account_id: string }>(sql`select account_id from users where email = ${SELLER.email}`);
  await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: acc!.account_id, amountCents: 500_000, actorId: null, note: 'walmart test' }));
}, 120_000);
afterAll(async () => {
  await f?.close();
});

const syncNow = async (storeId: string) => {
  expect((await t.call({ method: 'POST', url: `/api/v1/integrations/walmart/stores/${storeId}/sync`, token: seller })).status).toBe(201);
  await t.runJobs('walmart.sync');
};

describe('walmart sync', () => {
  let storeId: string;
  it('a purchase order seen three times is one integration order and one draft order', { timeout: 120_000 }, async () => {
    // The demo mug is accepted: Walmart's MUG-WHT-11OZ maps to it by SKU; Standard maps to STD.
    await f.mapMethods();
    fake.addOrders('seller-client', [fakePurchaseOrder(3, Date.now() - 3_600_000), fakePurchaseOrder(6, Date.now() - 3_000_000), fakePurchaseOrder(4, Date.now() - 2_000_000)]);
    storeId = await connect('Main store');
    await t.runJobs('walmart.sync');
    await syncNow(storeId);
    await syncNow(storeId);
    const ios = await rows<{ purchase_order_id: string; order_id: string | null; stage: string }>(sql`select purchase_order_id, order_id, stage from integration_orders where store_id = ${storeId} order by purchase_order_id`);
    expect(ios.map((r) => r.purchase_order_id)).toEqual([PO(3), PO(4), PO(6)]);
    const mug = ios.filter((r) => r.purchase_order_id !== PO(4));
    expect(mug.every((r) => r.stage === 'draft-created' && r.order_id)).toBe(true);
    const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from orders where order_name in (${'WM' + PO(3)}, ${'WM' + PO(6)})`)) as [{ n: number }];
    expect(n).toBe(2);
    // TEE-BLK-M is not one of the seller's SKUs: listed for the seller to map once.
    expect(ios.find((r) => r.purchase_order_id === PO(4))!.stage).toBe('unmapped-sku');
    const unmapped = await t.call({ method: 'GET', url: '/api/v1/integrations/walmart/sku-mappings?state=unmapped', token: seller });
    expect(unmapped.body.data.items.map((m: { sku: string; ordersWaiting: number }) => [m.sku, m.ordersWaiting])).toEqual([['TEE-BLK-M', 1]]);
  });

  it('mapping a SKU once makes the waiting order a draft, and is remembered', { timeout: 120_000 }, async () => {
    const [v] = await rows<{ product_id: string; id: string }>(sql`select v.product_id, v.id from product_variants v where v.sku = 'MUG-BLK-15OZ'`);
    const saved = await t.call({ method: 'PUT', url: '/api/v1/integrations/walmart/sku-mappings', token: seller, payload: { sku: 'TEE-BLK-M', productId: v!.product_id, variantId: v!.id } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.draftsCreated).toBe(1);
    fake.addOrders('seller-client', [fakePurchaseOrder(7, Date.now() - 1_000_000)]);
    await syncNow(storeId);
    const [io] = await rows<{ stage: string }>(sql`select stage from integration_orders where purchase_order_id = ${PO(7)}`);
    expect(io!.stage).toBe('draft-created');
  });

  it('acknowledges on sync', { timeout: 120_000 }, async () => {
    await t.runJobs('walmart.push');
    expect(fake.ordersOf('seller-client').find((o) => o.purchaseOrderId === PO(3))!.lines[0]!.status).toBe('Acknowledged');
    const list = await t.call({ method: 'GET', url: `/api/v1/integrations/walmart/orders?storeId=${storeId}`, token: seller });
    expect(list.body.data.counts.Acknowledged).toBe(4);
  });

  it('pushes the shipment once the label is bought', { timeout: 180_000 }, async () => {
    const [io] = await rows<{ order_id: string }>(sql`select order_id from integration_orders where purchase_order_id = ${PO(3)}`);
    const paid = await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: seller, payload: { orderIds: [io!.order_id] } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    for (let round = 0; round < 6 && (await t.runJobs()).ran > 0; round++);
    const line = fake.ordersOf('seller-client').find((o) => o.purchaseOrderId === PO(3))!.lines[0]!;
    expect(line.status).toBe('Shipped');
    const info = line.trackingInfo as { trackingNumber: string; trackingURL: string; methodCode: string; carrierName: Record<string, string> };
    expect(info.trackingURL).toMatch(/^http:\/\/localhost:3000\/track\//);
    // PO 3 was bought with Express (the fake gives every fourth order Express).
    expect(info.methodCode).toBe('Express');
    const [row] = await rows<{ status: string; tracking_number: string; push_state: string }>(sql`select status, tracking_number, push_state from integration_orders where purchase_order_id = ${PO(3)}`);
    expect(row).toMatchObject({ status: 'Shipped', push_state: 'pushed', tracking_number: info.trackingNumber });
  });

  it('pushes a cancellation with its reason', { timeout: 120_000 }, async () => {
    const [io] = await rows<{ order_id: string }>(sql`select order_id from integration_orders where purchase_order_id = ${PO(6)}`);
    const res = await t.call({ method: 'POST', url: `/api/v1/orders/${io!.order_id}/cancel`, token: seller, payload: { reason: 'SELLER_CANCEL_OUT_OF_STOCK: sold out' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.runJobs('walmart.follow-order');
    await t.runJobs('walmart.push');
    const line = fake.ordersOf('seller-client').find((o) => o.purchaseOrderId === PO(6))!.lines[0]!;
    expect(line).toMatchObject({ status: 'Cancelled', cancellationReason: 'SELLER_CANCEL_OUT_OF_STOCK' });
  });

  it('shows a push under maintenance with the catalogue message, and retries it', { timeout: 120_000 }, async () => {
    fake.knobs.maintenance = true;
    const [io] = await rows<{ id: string }>(sql`select id from integration_orders where purchase_order_id = ${PO(7)}`);
    const res = await t.call({ method: 'POST', url: `/api/v1/integrations/walmart/orders/${io!.id}/cancel`, token: seller, payload: { reason: 'SELLER_CANCEL_PRICING_ERROR' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.runJobs('walmart.push');
    const shown = await t.call({ method: 'GET', url: `/api/v1/integrations/walmart/orders/${io!.id}`, token: seller });
    expect(shown.body.data.push).toMatchObject({ kind: 'cancellation', state: 'maintenance', error: 'Marketplace order push is under maintenance. It is retried automatically.' });
    fake.knobs.maintenance = false;
    await t.runJobs('walmart.push', { includeDelayed: true });
    expect(fake.ordersOf('seller-client').find((o) => o.purchaseOrderId === PO(7))!.lines[0]).toMatchObject({ status: 'Cancelled', cancellationReason: 'SELLER_CANCEL_PRICING_ERROR' });
  });

  it('flags an order unacknowledged at 3 hours and tells the seller (injected clock)', { timeout: 120_000 }, async () => {
    const review = await connect('Review store', 'on-review');
    fake.addClient('seller-client', 'seller-secret-123');
    const placed = Date.now() - 60_000;
    fake.addOrders('seller-client', [fakePurchaseOrder(20, placed)]);
    await t.runJobs('walmart.sync');
    let clock = new Date(placed + 2.9 * 3_600_000);
    const s = f.service({ now: () => clock });
    expect(await s.ackWatchdog()).toBe(0);
    clock = new Date(placed + 3 * 3_600_000 + 1000);
    expect(await s.ackWatchdog()).toBe(1);
    expect(await s.ackWatchdog()).toBe(0);
    await t.runJobs('notifications.tell-seller-of-walmart-ack');
    const [note] = await rows<{ title_en: string; content_en: string }>(sql`select n.title_en, n.content_en from notifications n join users u on u.id = n.user_id where u.email = ${SELLER.email} and n.kind = 'walmart.ack-overdue'`);
    expect(note?.content_en).toContain(PO(20));
    const list = await t.call({ method: 'GET', url: `/api/v1/integrations/walmart/orders?storeId=${review}&attention=ack-overdue`, token: seller });
    expect(list.body.data.items.map((i: { purchaseOrderId: string }) => i.purchaseOrderId)).toEqual([PO(20)]);
  });
});
