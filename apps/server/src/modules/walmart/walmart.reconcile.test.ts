import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import { fakePurchaseOrder, type FakeWalmart } from './fake/fake-walmart';
import { PO, startWalmartFixture, type WalmartFixture } from './walmart.fixture';

// The reconciliation job with an injected clock: Walmart cancelling an order whose ExShip order is
// live, a status we missed (taken as ours), a purchase order Walmart no longer answers for; each
// difference listed once with the run's time, and resolved by the first later run that no longer finds it;
// Walmart's cancellation settled by cancelling the ExShip order.

let f: WalmartFixture;
let t: TestApp;
let fake: FakeWalmart;
let seller: string;
const rows = <T>(q: ReturnType<typeof sql>) => f.rows<T>(q);

beforeAll(async () => {
  f = await startWalmartFixture({ clientId: 'recon-client', clientSecret: 'recon-secret-123' });
  ({ t, fake, seller } = f);
}, 120_000);
afterAll(async () => {
  await f?.close();
});

describe('walmart reconciliation job', () => {
  it('lists each difference once at the run time, takes Walmart’s status as ours, and resolves what a later run no longer finds', { timeout: 180_000 }, async () => {
    const placed = Date.now() - 3_600_000;
    const storeId = await f.syncedStore('Recon store', [fakePurchaseOrder(3, placed), fakePurchaseOrder(6, placed + 60_000), fakePurchaseOrder(7, placed + 120_000)]);
    const ios = await rows<{ purchase_order_id: string; order_id: string | null; status: string }>(sql`select purchase_order_id, order_id, status from integration_orders where store_id = ${storeId} order by purchase_order_id`);
    expect(ios.map((r) => [r.purchase_order_id, r.status])).toEqual([[PO(3), 'Created'], [PO(6), 'Created'], [PO(7), 'Created']]);
    expect(ios.find((r) => r.purchase_order_id === PO(3))!.order_id).toBeTruthy();

    let clock = new Date(placed + 2 * 3_600_000);
    // The ExShip orders' statuses are read from the orders table.
    const s = f.reconciler(() => clock);

    // Nothing differs yet.
    expect(await s.reconcile(storeId)).toBe(0);

    // On Walmart: 3 cancelled (its draft order is live here), 6 acknowledged by another tool, 7 gone.
    const onWalmart = fake.ordersOf('recon-client');
    onWalmart.find((o) => o.purchaseOrderId === PO(3))!.lines.forEach((l) => (l.status = 'Cancelled'));
    onWalmart.find((o) => o.purchaseOrderId === PO(6))!.lines.forEach((l) => (l.status = 'Acknowledged'));
    onWalmart.splice(onWalmart.findIndex((o) => o.purchaseOrderId === PO(7)), 1);
    clock = new Date(placed + 3 * 3_600_000);
    const firstRun = clock;
    expect(await s.reconcile(storeId)).toBe(4);
    type Row = { po: string; kind: string; walmart_status: string | null; our_status: string; detected_at: Date; resolved_at: Date | null };
    const found = async () =>
      rows<Row>(sql`select io.purchase_order_id as po, r.kind, r.walmart_status, r.our_status, r.detected_at, r.resolved_at from walmart_reconciliation r join integration_orders io on io.id = r.integration_order_id where r.store_id = ${storeId} order by io.purchase_order_id, r.kind`);
    const first = await found();
    expect(first.map((r) => [r.po, r.kind, r.walmart_status, r.our_status])).toEqual([
      [PO(3), 'cancelled-on-walmart', 'Cancelled', 'Created'],
      [PO(3), 'status-differs', 'Cancelled', 'Created'],
      [PO(6), 'status-differs', 'Acknowledged', 'Created'],
      [PO(7), 'missing-on-walmart', null, 'Created'],
    ]);
    expect(first.every((r) => new Date(r.detected_at).getTime() === firstRun.getTime() && r.resolved_at === null)).toBe(true);
    // Walmart's status is taken as ours.
    const statuses = await rows<{ purchase_order_id: string; status: string }>(sql`select purchase_order_id, status from integration_orders where store_id = ${storeId} order by purchase_order_id`);
    expect(statuses.map((r) => r.status)).toEqual(['Cancelled', 'Acknowledged', 'Created']);
    const [store] = await rows<{ reconciled_at: Date }>(sql`select reconciled_at from walmart_stores where id = ${storeId}`);
    expect(new Date(store!.reconciled_at).getTime()).toBe(firstRun.getTime());

    // The seller sees them, open, with the last run.
    const listed = await t.call({ method: 'GET', url: `/api/v1/integrations/walmart/reconciliation?storeId=${storeId}`, token: seller });
    expect(listed.body.data.total).toBe(4);
    expect(listed.body.data.lastRunAt).toBe(firstRun.toISOString());

    // A later run: the missed statuses now agree (resolved at that run's time); the live order cancelled on
    // Walmart and the missing purchase order are still there, and are not listed twice.
    clock = new Date(placed + 4 * 3_600_000);
    const secondRun = clock;
    // PO 3 carries Walmart's Cancelled now, but its open difference keeps it in the run.
    expect(await s.reconcile(storeId)).toBe(2);
    const state = async (at: Date) => (await found()).map((r) => [r.po, r.kind, r.resolved_at === null ? 'open' : new Date(r.resolved_at).getTime() === at.getTime() ? 'resolved now' : 'resolved before']);
    expect(await state(secondRun)).toEqual([
      [PO(3), 'cancelled-on-walmart', 'open'],
      [PO(3), 'status-differs', 'resolved now'],
      [PO(6), 'status-differs', 'resolved now'],
      [PO(7), 'missing-on-walmart', 'open'],
    ]);
    const open = await t.call({ method: 'GET', url: `/api/v1/integrations/walmart/reconciliation?storeId=${storeId}&state=open`, token: seller });
    expect(open.body.data.items.map((i: { purchaseOrderId: string; kind: string }) => `${i.purchaseOrderId} ${i.kind}`).sort()).toEqual([`${PO(3)} cancelled-on-walmart`, `${PO(7)} missing-on-walmart`]);

    // The seller cancels the ExShip order of PO 3, as the difference asks: it is settled at once
    // (no cancellation goes to Walmart, which cancelled first), and no later run raises it again.
    clock = new Date(placed + 5 * 3_600_000);
    const cancelledAt = clock;
    const draftOf3 = ios.find((r) => r.purchase_order_id === PO(3))!.order_id!;
    await t.db.execute(sql`update orders set status = 'canceled' where id = ${draftOf3}`);
    await t.db.transaction((tx) => s.orderCanceled(tx as never, draftOf3));
    expect(await state(cancelledAt)).toEqual([
      [PO(3), 'cancelled-on-walmart', 'resolved now'],
      [PO(3), 'status-differs', 'resolved before'],
      [PO(6), 'status-differs', 'resolved before'],
      [PO(7), 'missing-on-walmart', 'open'],
    ]);
    const [io3] = await rows<{ push_state: string }>(sql`select push_state from integration_orders where purchase_order_id = ${PO(3)} and store_id = ${storeId}`);
    expect(io3!.push_state).toBe('none');
    clock = new Date(placed + 6 * 3_600_000);
    expect(await s.reconcile(storeId)).toBe(1);
    expect((await found()).filter((r) => r.resolved_at === null).map((r) => `${r.po} ${r.kind}`)).toEqual([`${PO(7)} missing-on-walmart`]);
  });
});
