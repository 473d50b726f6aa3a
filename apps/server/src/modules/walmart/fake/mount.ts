import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../platform/config';
import { createFakeWalmart, DEMO_CLIENT_ID, fakePurchaseOrder, type FakeWalmart } from './fake-walmart';

/** Where the fake is served on our own server (dev and demo only: WALMART_FAKE, docs/walmart.md). */
export const FAKE_WALMART_PREFIX = '/fake-walmart';

/** E2E only: a new purchase order of the demo client, so each journey run has one of its own. */
const E2E_ORDERS_PATH = '/e2e/orders';

/**
 * Serves the fake Walmart (seeded with the demo client and its purchase orders) under
 * /fake-walmart when the configuration says so; before any body parsing or session check, since it
 * speaks Walmart's protocol, not ours. Returns the fake, or undefined when it is not served.
 * With E2E=1, `POST /fake-walmart/e2e/orders` `{ sku, productName }` adds a released purchase
 * order to the demo client and answers its purchaseOrderId.
 */
export function mountFakeWalmart(app: FastifyInstance, config: Pick<Config, 'walmart' | 'e2e'>): FakeWalmart | undefined {
  if (!config.walmart.fake) return undefined;
  const fake = createFakeWalmart({ seedDemo: true });
  let added = 0;
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url !== FAKE_WALMART_PREFIX && !req.url.startsWith(`${FAKE_WALMART_PREFIX}/`)) return done();
    reply.hijack();
    const path = req.url.slice(FAKE_WALMART_PREFIX.length) || '/';
    if (config.e2e && req.method === 'POST' && path === E2E_ORDERS_PATH) return addE2eOrder(fake, req.raw, reply.raw, ++added);
    fake.handle(req.raw, reply.raw, path);
  });
  return fake;
}

function addE2eOrder(fake: FakeWalmart, req: IncomingMessage, res: ServerResponse, n: number) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    let body: { sku?: unknown; productName?: unknown } = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
    } catch {
      // answered below
    }
    if (typeof body.sku !== 'string' || !body.sku || typeof body.productName !== 'string') {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'sku and productName are required' }));
      return;
    }
    // Numbered past the seeded ones and apart from any earlier server run on the same data.
    const base = fakePurchaseOrder(0, Date.now());
    const number = (Date.now() % 1_000_000_000) * 100 + (n % 100);
    const order = fakePurchaseOrder(number, Date.now(), { methodCode: 'Standard', lines: [{ ...base.lines[0]!, sku: body.sku, productName: body.productName, quantity: 1 }] });
    fake.addOrders(DEMO_CLIENT_ID, [order]);
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ purchaseOrderId: order.purchaseOrderId }));
  });
}
