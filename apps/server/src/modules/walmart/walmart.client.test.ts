import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound } from '../../platform/outbound';
import { createFakeWalmart, fakePurchaseOrder, listenFakeWalmart, type FakeWalmart } from './fake/fake-walmart';
import { createWalmartClient, WalmartError } from './walmart.client';

// The client against the local fake Walmart: token, expiry mid-sync, cursor paging, 429 back-off
// honoring the headers, 5xx retried, a malformed reply refused, the 180-day window.

let fake: FakeWalmart;
let server: Awaited<ReturnType<typeof listenFakeWalmart>>;
const waits: number[] = [];
const DAY = 86_400_000;

const client = (secret = 's3cret-value') =>
  createWalmartClient({
    baseUrl: server.url,
    clientId: 'client-a',
    clientSecret: secret,
    fetch: createOutbound({ outboundAllowHosts: [server.hostPort] }).fetch,
    sleep: async (ms) => void waits.push(ms),
    backoffMs: 10,
  });

beforeAll(async () => {
  fake = createFakeWalmart();
  fake.addClient('client-a', 's3cret-value');
  const now = Date.now();
  fake.addOrders('client-a', Array.from({ length: 450 }, (_, i) => fakePurchaseOrder(i, now - 3 * DAY + i * 1000)));
  fake.addOrders('client-a', [fakePurchaseOrder(9000, now - 100 * DAY), fakePurchaseOrder(9001, now - 170 * DAY)]);
  server = await listenFakeWalmart(fake);
});
afterAll(async () => server.close());

async function all(c: ReturnType<typeof client>, from: Date) {
  const seen: string[] = [];
  let p = await c.listOrders({ released: true, from });
  seen.push(...p.orders.map((o) => o.purchaseOrderId));
  let pages = 1;
  while (p.nextCursor) {
    p = await c.nextPage(true, p.nextCursor);
    seen.push(...p.orders.map((o) => o.purchaseOrderId));
    pages++;
  }
  return { seen, pages };
}

describe('walmart client', () => {
  it('gets a token with the client id and secret, and is refused with a wrong secret', async () => {
    expect(await client().getToken()).toMatch(/^fake-/);
    await expect(client('wrong').getToken()).rejects.toMatchObject({ kind: 'credentials' });
  });

  it('pages with the cursor, 200 at most per page', async () => {
    const { seen, pages } = await all(client(), new Date(Date.now() - 7 * DAY));
    expect(seen).toHaveLength(450);
    expect(new Set(seen).size).toBe(450);
    expect(pages).toBe(3);
    const listCalls = fake.calls.filter((c) => c.path.startsWith('/v3/orders/released'));
    expect(listCalls.every((c) => Number(new URL(c.path, 'http://x').searchParams.get('limit')) <= 200)).toBe(true);
  });

  it('gets a new token when it expires mid-sync', async () => {
    const c = client();
    const first = await c.listOrders({ released: true, from: new Date(Date.now() - 7 * DAY) });
    const before = fake.tokenRequests();
    fake.expireTokens();
    const second = await c.nextPage(true, first.nextCursor!);
    expect(second.orders).toHaveLength(200);
    expect(fake.tokenRequests()).toBe(before + 1);
  });

  it('backs off on 429 as the rate-limit headers say, then retries', async () => {
    waits.length = 0;
    fake.knobs.rateLimitNext = 2;
    fake.knobs.rateLimitWaitMs = 1500;
    const p = await client().listOrders({ released: true, from: new Date(Date.now() - 7 * DAY) });
    expect(p.orders).toHaveLength(200);
    expect(waits).toHaveLength(2);
    // x-next-replenish-time is now + 1.5 s: the waits follow it (not a fixed guess).
    for (const w of waits) expect(w).toBeGreaterThan(1000);
  });

  it('retries a 5xx with a doubling back-off', async () => {
    waits.length = 0;
    fake.knobs.fail5xxNext = 2;
    const p = await client().listOrders({ released: true, from: new Date(Date.now() - 7 * DAY) });
    expect(p.orders).toHaveLength(200);
    expect(waits).toEqual([10, 20]);
  });

  it('gives up after the last attempt of a lasting 5xx', async () => {
    fake.knobs.fail5xxNext = 10;
    await expect(client().listOrders({ released: true, from: new Date(Date.now() - 7 * DAY) })).rejects.toMatchObject({ kind: 'unavailable' });
    fake.knobs.fail5xxNext = 0;
  });

  it('refuses a malformed reply, and the same cursor works afterwards', async () => {
    const c = client();
    const first = await c.listOrders({ released: true, from: new Date(Date.now() - 7 * DAY) });
    fake.knobs.malformedNext = 1;
    const err = await c.nextPage(true, first.nextCursor!).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WalmartError);
    expect((err as WalmartError).kind).toBe('malformed');
    const again = await c.nextPage(true, first.nextCursor!);
    expect(again.orders[0]!.purchaseOrderId).toBe(String(1_000_000_000_000 + 200));
  });

  it('back-fills 180 days and no further', async () => {
    const { seen } = await all(client(), new Date(Date.now() - 180 * DAY + 60_000));
    expect(seen).toContain(String(1_000_000_000_000 + 9001));
    expect(seen).toHaveLength(452);
    await expect(client().listOrders({ released: true, from: new Date(Date.now() - 200 * DAY) })).rejects.toMatchObject({ kind: 'rejected', httpStatus: 400 });
  });

  it('tells a maintenance error apart', async () => {
    fake.knobs.maintenance = true;
    await expect(client().acknowledge(String(1_000_000_000_000 + 1))).rejects.toMatchObject({ kind: 'maintenance' });
    fake.knobs.maintenance = false;
    await client().acknowledge(String(1_000_000_000_000 + 1));
    expect(fake.ordersOf('client-a').find((o) => o.purchaseOrderId === String(1_000_000_000_000 + 1))!.lines[0]!.status).toBe('Acknowledged');
  });
});
