import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingDayCalendar } from '@exship/domain/working-days';
import type { TestApp } from '../../test/harness';
import { SnapshotCache } from '../catalog';
import { createOrderService } from '../orders';
import { fakePurchaseOrder } from './fake/fake-walmart';
import { startWalmartFixture, type WalmartFixture } from './walmart.fixture';

// Concurrent sync runs of one store (two processes' workers at once): every purchase order is one
// integration order (the unique index) and one draft order. Meaningful on PostgreSQL
// (TEST_DATABASE_URL), where the two runs really overlap; on PGlite they take turns.

let f: WalmartFixture;
let t: TestApp;
const rows = <T>(q: ReturnType<typeof sql>) => f.rows<T>(q);

beforeAll(async () => {
  const start = Date.now() - 3 * 86_400_000;
  f = await startWalmartFixture({ clientId: 'client-c', clientSecret: 'secret-c-123', orders: Array.from({ length: 600 }, (_, i) => fakePurchaseOrder(i * 3, start + i * 1000)) });
  t = f.t;
}, 120_000);
afterAll(async () => {
  await f?.close();
});

describe('concurrent walmart syncs', () => {
  it('two runs of one store at once make no duplicates', { timeout: 300_000 }, async () => {
    await f.mapMethods();
    const storeId = await f.connect('Busy', 'on-review');
    // Two services over the same database, as two server processes would have.
    const service = () => f.service({ orders: createOrderService({ db: t.db, snapshot: new SnapshotCache(t.db), calendar: workingDayCalendar('US') }) });
    const results = await Promise.allSettled([service().sync(storeId, 'released'), service().sync(storeId, 'released'), service().sync(storeId, 'released')]);
    // A run may lose a race on an order name to another's commit and be retried by its job: run once more as the retry would.
    if (results.some((r) => r.status === 'rejected')) await service().sync(storeId, 'released');
    const [io] = await rows<{ n: number; distinct_po: number; drafts: number }>(sql`select count(*)::int as n, count(distinct purchase_order_id)::int as distinct_po, count(order_id)::int as drafts from integration_orders where store_id = ${storeId}`);
    expect(io).toEqual({ n: 600, distinct_po: 600, drafts: 600 });
    const [orders] = await rows<{ n: number; names: number }>(sql`select count(*)::int as n, count(distinct order_name)::int as names from orders where order_name like 'WM%'`);
    expect(orders).toEqual({ n: 600, names: 600 });
  });
});
