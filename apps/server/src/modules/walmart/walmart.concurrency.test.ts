import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingDayCalendar } from '@exship/domain/working-days';
import { SELLER, startTestApp, type TestApp } from '../../test/harness';
import { SnapshotCache } from '../catalog';
import { createOrderService } from '../orders';
import { createFakeWalmart, fakePurchaseOrder, listenFakeWalmart } from './fake/fake-walmart';
import { createWalmartService } from './walmart.service';

// Concurrent sync runs of one store (two processes' workers at once): every purchase order is one
// integration order (the unique index) and one draft order. Meaningful on PostgreSQL
// (TEST_DATABASE_URL), where the two runs really overlap; on PGlite they take turns.

let t: TestApp;
let server: Awaited<ReturnType<typeof listenFakeWalmart>>;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  const fake = createFakeWalmart();
  fake.addClient('client-c', 'secret-c-123');
  const start = Date.now() - 3 * 86_400_000;
  fake.addOrders('client-c', Array.from({ length: 600 }, (_, i) => fakePurchaseOrder(i * 3, start + i * 1000)));
  server = await listenFakeWalmart(fake);
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true', WALMART_BASE_URL: server.url, OUTBOUND_ALLOW_HOSTS: server.hostPort } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await server?.close();
});

describe('concurrent walmart syncs', () => {
  it('two runs of one store at once make no duplicates', { timeout: 300_000 }, async () => {
    const seller = await t.login(SELLER.email, SELLER.password);
    await t.call({ method: 'PUT', url: '/api/v1/integrations/walmart/shipping-method-mappings', token: seller, payload: { mappings: [{ methodCode: 'Standard', serviceCode: 'STD' }, { methodCode: 'Express', serviceCode: 'STD' }] } });
    const res = await t.call({ method: 'POST', url: '/api/v1/integrations/walmart/stores', token: seller, payload: { name: 'Busy', clientId: 'client-c', clientSecret: 'secret-c-123', ackMode: 'on-review' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const storeId = res.body.data.id as string;
    // Two services over the same database, as two server processes would have.
    const service = () =>
      createWalmartService({
        db: t.db,
        jobs: t.ctx.jobs,
        orders: createOrderService({ db: t.db, snapshot: new SnapshotCache(t.db), calendar: workingDayCalendar('US') }),
        labelOf: async () => undefined,
        serviceByCode: async () => undefined,
        fetch: t.ctx.outbound.fetch,
        secrets: t.ctx.config.carrierSecrets,
        baseUrl: server.url,
        appUrl: 'http://localhost:3000',
        callbackAllow: [],
        log: t.ctx.log,
      });
    const results = await Promise.allSettled([service().sync(storeId, 'released'), service().sync(storeId, 'released'), service().sync(storeId, 'released')]);
    // A run may lose a race on an order name to another's commit and be retried by its job: run once more as the retry would.
    if (results.some((r) => r.status === 'rejected')) await service().sync(storeId, 'released');
    const [io] = await rows<{ n: number; distinct_po: number; drafts: number }>(sql`select count(*)::int as n, count(distinct purchase_order_id)::int as distinct_po, count(order_id)::int as drafts from integration_orders where store_id = ${storeId}`);
    expect(io).toEqual({ n: 600, distinct_po: 600, drafts: 600 });
    const [orders] = await rows<{ n: number; names: number }>(sql`select count(*)::int as n, count(distinct order_name)::int as names from orders where order_name like 'WM%'`);
    expect(orders).toEqual({ n: 600, names: 600 });
  });
});
