import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { SELLER, startTestApp, type TestApp } from '../../test/harness';
import { createFakeWalmart, listenFakeWalmart, type FakeOrder, type FakeWalmart } from './fake/fake-walmart';
import { createWalmartService } from './walmart.service';

// The set-up the Walmart server tests share (sync, reconciliation, resolving, concurrency): a fake
// Walmart on a port of its own with one client, an app pointed at it, the demo seller signed in, and a
// Walmart service over the same database with the test's own clock and order statuses.

export interface WalmartFixture {
  t: TestApp;
  fake: FakeWalmart;
  /** The fake's base URL. */
  url: string;
  /** The demo seller's session token. */
  seller: string;
  clientId: string;
  clientSecret: string;
  rows: <T>(q: ReturnType<typeof sql>) => Promise<T[]>;
  /** Connects a store of the seller's with the fixture's client; its id. */
  connect: (name: string, ackMode?: 'on-sync' | 'on-review') => Promise<string>;
  /** Maps Walmart's Standard and Express to the demo catalog's STD. */
  mapMethods: () => Promise<void>;
  /** Maps the methods, puts `orders` on the fake, connects a store acknowledging on review and runs one sync; its id. */
  syncedStore: (name: string, orders: FakeOrder[]) => Promise<string>;
  /** A Walmart service whose clock is `now` and which reads the ExShip orders' statuses from the orders table (as a reconciliation run does). */
  reconciler: (now: () => Date) => ReturnType<typeof createWalmartService>;
  /** A Walmart service over the app's database; `now` and the order service as the test needs. */
  service: (over?: Partial<Parameters<typeof createWalmartService>[0]>) => ReturnType<typeof createWalmartService>;
  close: () => Promise<void>;
}

/** A purchase order id of `fakePurchaseOrder(n)`. */
export const PO = (n: number) => String(1_000_000_000_000 + n);

export async function startWalmartFixture(opts: { clientId: string; clientSecret: string; orders?: FakeOrder[] }): Promise<WalmartFixture> {
  const fake = createFakeWalmart();
  fake.addClient(opts.clientId, opts.clientSecret);
  if (opts.orders?.length) fake.addOrders(opts.clientId, opts.orders);
  const server = await listenFakeWalmart(fake);
  const t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true', WALMART_BASE_URL: server.url, OUTBOUND_ALLOW_HOSTS: server.hostPort } });
  const seller = await t.login(SELLER.email, SELLER.password);
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
  const connect = async (name: string, ackMode: 'on-sync' | 'on-review' = 'on-sync') => {
    const res = await t.call({ method: 'POST', url: '/api/v1/integrations/walmart/stores', token: seller, payload: { name, clientId: opts.clientId, clientSecret: opts.clientSecret, ackMode } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  const mapMethods = async () => {
    const res = await t.call({ method: 'PUT', url: '/api/v1/integrations/walmart/shipping-method-mappings', token: seller, payload: { mappings: [{ methodCode: 'Standard', serviceCode: 'STD' }, { methodCode: 'Express', serviceCode: 'STD' }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const service: WalmartFixture['service'] = (over = {}) =>
    createWalmartService({
      db: t.db,
      jobs: t.ctx.jobs,
      orders: {} as never,
      labelOf: async () => undefined,
      serviceByCode: async () => undefined,
      fetch: t.ctx.outbound.fetch,
      secrets: t.ctx.config.carrierSecrets,
      baseUrl: server.url,
      appUrl: 'http://localhost:3000',
      callbackAllow: [],
      log: t.ctx.log,
      ...over,
    });
  const orderStatuses = {
    statusesOf: async (ids: string[]) =>
      new Map((await rows<{ id: string; status: string; ex_order_id: string }>(sql`select id, status, ex_order_id from orders where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`)).map((r) => [r.id, { status: r.status, exOrderId: r.ex_order_id }])),
  };
  return {
    t,
    fake,
    url: server.url,
    seller,
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    rows,
    connect,
    mapMethods,
    async syncedStore(name, orders) {
      await mapMethods();
      fake.addOrders(opts.clientId, orders);
      const storeId = await connect(name, 'on-review');
      await t.runJobs('walmart.sync');
      return storeId;
    },
    service,
    reconciler: (now) => service({ orders: orderStatuses as never, now }),
    async close() {
      await t.close();
      await server.close();
    },
  };
}
