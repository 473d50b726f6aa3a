import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

// A local fake of Walmart Marketplace's orders API (docs/walmart.md "The fake Walmart"), speaking
// the shapes of /work reference (token, GET /v3/orders and /v3/orders/released with cursor paging
// and limit ≤ 200, acknowledge, shipping, cancel). Tests, the demo and the bench run against it.
// Knobs make it misbehave the ways Walmart can: tokens that expire, 429 with rate-limit headers,
// 5xx, a malformed reply, a maintenance error.

export interface FakeLine {
  lineNumber: string;
  sku: string;
  productName: string;
  quantity: number;
  amount: number;
  status: 'Created' | 'Acknowledged' | 'Shipped' | 'Delivered' | 'Cancelled' | 'Refund';
  trackingInfo?: unknown;
  cancellationReason?: string;
}

export interface FakeOrder {
  purchaseOrderId: string;
  customerOrderId: string;
  customerEmailId: string;
  orderType: 'REGULAR' | 'REPLACEMENT';
  orderDate: number;
  shipNodeType: 'SellerFulfilled' | 'WFSFulfilled' | '3PLFulfilled';
  methodCode: string;
  name: string;
  address1: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
  lines: FakeLine[];
}

export interface FakeKnobs {
  /** Seconds a token lives (Walmart: 900). */
  tokenTtlSeconds: number;
  /** The next n order-list calls answer 429 with Retry-After and x-next-replenish-time. */
  rateLimitNext: number;
  /** Milliseconds the 429 asks to wait. */
  rateLimitWaitMs: number;
  /** The next n calls (any but the token) answer 500. */
  fail5xxNext: number;
  /** The next n order-list calls answer 200 with a body that is not Walmart's shape. */
  malformedNext: number;
  /** While true, acknowledge, shipping and cancel answer 503 with a maintenance error. */
  maintenance: boolean;
}

export interface FakeWalmart {
  /** Handles one request; `path` is the request path without the mount prefix. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, path: string): void;
  knobs: FakeKnobs;
  /** The purchase orders of a client id (seller). */
  ordersOf(clientId: string): FakeOrder[];
  addClient(clientId: string, clientSecret: string): void;
  addOrders(clientId: string, orders: FakeOrder[]): void;
  /** Every token handed out so far stops working (as if 15 minutes had passed). */
  expireTokens(): void;
  /** Calls received, for tests: method and path with query. */
  calls: { method: string; path: string; at: number }[];
  tokenRequests(): number;
}

export const DEMO_CLIENT_ID = 'demo-walmart-client';
export const DEMO_CLIENT_SECRET = 'demo-walmart-secret-not-real';

const SKUS = [
  ['MUG-WHT-11OZ', 'White ceramic mug 11 oz'],
  ['TEE-BLK-M', 'Black cotton tee, M'],
  ['WM-POSTER-A3', 'Art poster A3'],
] as const;

/** A seller-fulfilled purchase order, numbered `n`, created at `orderDate` (ms). */
export function fakePurchaseOrder(n: number, orderDate: number, over: Partial<FakeOrder> = {}): FakeOrder {
  const [sku, productName] = SKUS[n % SKUS.length]!;
  return {
    purchaseOrderId: String(1_000_000_000_000 + n),
    customerOrderId: String(5_000_000_000_000 + n),
    customerEmailId: `buyer${n}@relay.walmart.example`,
    orderType: 'REGULAR',
    orderDate,
    shipNodeType: 'SellerFulfilled',
    methodCode: n % 4 === 3 ? 'Express' : 'Standard',
    name: `Jane Buyer${n % 100}`,
    address1: `${100 + (n % 800)} Main St`,
    city: 'Los Angeles',
    state: 'CA',
    postalCode: '90001',
    phone: '3105550199',
    lines: [{ lineNumber: '1', sku, productName, quantity: 1 + (n % 2), amount: 12.5, status: 'Created' }],
    ...over,
  };
}

/** Walmart's JSON of one purchase order. */
export function walmartOrderJson(o: FakeOrder) {
  return {
    purchaseOrderId: o.purchaseOrderId,
    customerOrderId: o.customerOrderId,
    customerEmailId: o.customerEmailId,
    orderType: o.orderType,
    orderDate: o.orderDate,
    shipNode: { type: o.shipNodeType },
    shippingInfo: {
      phone: o.phone,
      estimatedDeliveryDate: o.orderDate + 6 * 86_400_000,
      estimatedShipDate: o.orderDate + 2 * 86_400_000,
      methodCode: o.methodCode,
      postalAddress: { name: o.name, address1: o.address1, address2: null, city: o.city, state: o.state, postalCode: o.postalCode, country: 'USA', addressType: 'RESIDENTIAL' },
    },
    orderLines: {
      orderLine: o.lines.map((l) => ({
        lineNumber: l.lineNumber,
        item: { productName: l.productName, sku: l.sku },
        charges: { charge: [{ chargeType: 'PRODUCT', chargeName: 'ItemPrice', chargeAmount: { currency: 'USD', amount: l.amount }, tax: { taxName: 'Tax1', taxAmount: { currency: 'USD', amount: 0 } } }] },
        orderLineQuantity: { unitOfMeasurement: 'EACH', amount: String(l.quantity) },
        statusDate: o.orderDate,
        orderLineStatuses: { orderLineStatus: [{ status: l.status, statusQuantity: { unitOfMeasurement: 'EACH', amount: String(l.quantity) }, ...(l.trackingInfo ? { trackingInfo: l.trackingInfo } : {}), ...(l.cancellationReason ? { cancellationReason: l.cancellationReason } : {}) }] },
        fulfillment: { fulfillmentOption: 'S2H', shipMethod: o.methodCode.toUpperCase(), pickUpDateTime: o.orderDate + 86_400_000 },
      })),
    },
  };
}

const gatewayError = (code: string, description: string, category = 'DATA') => ({ errors: { error: [{ code, field: 'data', description, info: description, severity: 'ERROR', category }] } });

export function createFakeWalmart(opts: { now?: () => number; seedDemo?: boolean } = {}): FakeWalmart {
  const now = opts.now ?? (() => Date.now());
  const clients = new Map<string, string>();
  const orders = new Map<string, FakeOrder[]>();
  const tokens = new Map<string, { clientId: string; expiresAt: number }>();
  const calls: FakeWalmart['calls'] = [];
  let tokenCount = 0;
  const knobs: FakeKnobs = { tokenTtlSeconds: 900, rateLimitNext: 0, rateLimitWaitMs: 50, fail5xxNext: 0, malformedNext: 0, maintenance: false };

  const fake: FakeWalmart = {
    knobs,
    calls,
    tokenRequests: () => tokenCount,
    ordersOf: (clientId) => orders.get(clientId) ?? [],
    addClient(clientId, secret) {
      clients.set(clientId, secret);
      if (!orders.has(clientId)) orders.set(clientId, []);
    },
    addOrders(clientId, list) {
      const mine = orders.get(clientId) ?? [];
      mine.push(...list);
      mine.sort((a, b) => a.orderDate - b.orderDate || a.purchaseOrderId.localeCompare(b.purchaseOrderId));
      orders.set(clientId, mine);
    },
    expireTokens() {
      for (const t of tokens.values()) t.expiresAt = 0;
    },
    handle(req, res, path) {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          route(req.method ?? 'GET', path, req.headers, Buffer.concat(chunks).toString('utf8'), res);
        } catch (err) {
          send(res, 500, gatewayError('INTERNAL', (err as Error).message, 'SYSTEM'));
        }
      });
    },
  };

  if (opts.seedDemo) {
    fake.addClient(DEMO_CLIENT_ID, DEMO_CLIENT_SECRET);
    const start = now() - 2 * 3_600_000;
    fake.addOrders(DEMO_CLIENT_ID, Array.from({ length: 6 }, (_, i) => fakePurchaseOrder(i + 1, start + i * 600_000)));
  }

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(text);
  }

  function route(method: string, rawPath: string, headers: http.IncomingHttpHeaders, body: string, res: http.ServerResponse) {
    const url = new URL(rawPath, 'http://fake.walmart');
    calls.push({ method, path: `${url.pathname}${url.search}`, at: now() });
    if (method === 'POST' && url.pathname === '/v3/token') return token(headers, body, res);

    const access = headers['wm_sec.access_token'];
    const t = typeof access === 'string' ? tokens.get(access) : undefined;
    if (!t || t.expiresAt <= now()) return send(res, 401, gatewayError('UNAUTHORIZED.GMP_GATEWAY_API', 'Unauthorized token or token expired', 'REQUEST'));
    if (knobs.fail5xxNext > 0) {
      knobs.fail5xxNext--;
      return send(res, 500, gatewayError('INTERNAL_SERVER_ERROR.GMP_ORDER_API', 'Internal error', 'SYSTEM'));
    }
    const mine = orders.get(t.clientId) ?? [];
    if (method === 'GET' && (url.pathname === '/v3/orders' || url.pathname === '/v3/orders/released')) return list(url, mine, url.pathname.endsWith('released'), res);
    const one = /^\/v3\/orders\/([^/]+)(?:\/(acknowledge|shipping|cancel))?$/.exec(url.pathname);
    if (!one) return send(res, 404, gatewayError('NOT_FOUND', 'No such resource', 'REQUEST'));
    const po = mine.find((o) => o.purchaseOrderId === decodeURIComponent(one[1]!));
    if (!po) return send(res, 404, gatewayError('CONTENT_NOT_FOUND.GMP_ORDER_API', 'Purchase order not found', 'DATA'));
    if (method === 'GET' && !one[2]) return send(res, 200, { order: walmartOrderJson(po) });
    if (method !== 'POST' || !one[2]) return send(res, 405, gatewayError('METHOD_NOT_ALLOWED', 'Method not allowed', 'REQUEST'));
    if (knobs.maintenance) return send(res, 503, gatewayError('SERVICE_UNAVAILABLE.GMP_ORDER_API', 'Order API under maintenance: marketplace order push is under maintenance', 'SYSTEM'));
    if (po.shipNodeType === 'WFSFulfilled') return send(res, 400, gatewayError('INVALID_REQUEST.GMP_ORDER_API', 'Walmart-fulfilled orders cannot be changed', 'DATA'));
    if (one[2] === 'acknowledge') {
      for (const l of po.lines) if (l.status === 'Created') l.status = 'Acknowledged';
    } else if (one[2] === 'shipping') {
      const parsed = safeJson(body) as { orderShipment?: { orderLines?: { orderLine?: { lineNumber: string; orderLineStatuses: { orderLineStatus: { status: string; trackingInfo?: { trackingNumber?: string } }[] } }[] } } } | undefined;
      const lines = parsed?.orderShipment?.orderLines?.orderLine;
      if (!Array.isArray(lines) || lines.length === 0) return send(res, 400, gatewayError('INVALID_REQUEST.GMP_ORDER_API', 'orderShipment.orderLines is required', 'DATA'));
      for (const sent of lines) {
        const line = po.lines.find((l) => l.lineNumber === sent.lineNumber);
        const st = sent.orderLineStatuses?.orderLineStatus?.[0];
        if (!line || !st?.trackingInfo?.trackingNumber) return send(res, 400, gatewayError('INVALID_REQUEST.GMP_ORDER_API', `line ${sent.lineNumber}: trackingInfo is required`, 'DATA'));
        if (line.status === 'Cancelled') return send(res, 400, gatewayError('INVALID_REQUEST.GMP_ORDER_API', `line ${sent.lineNumber} is cancelled`, 'DATA'));
        line.status = 'Shipped';
        line.trackingInfo = st.trackingInfo;
      }
    } else {
      const parsed = safeJson(body) as { orderCancellation?: { orderLines?: { orderLine?: { lineNumber: string; orderLineStatuses: { orderLineStatus: { cancellationReason?: string }[] } }[] } } } | undefined;
      const lines = parsed?.orderCancellation?.orderLines?.orderLine;
      if (!Array.isArray(lines) || lines.length === 0) return send(res, 400, gatewayError('INVALID_REQUEST.GMP_ORDER_API', 'orderCancellation.orderLines is required', 'DATA'));
      for (const sent of lines) {
        const line = po.lines.find((l) => l.lineNumber === sent.lineNumber);
        const reason = sent.orderLineStatuses?.orderLineStatus?.[0]?.cancellationReason;
        if (!line || !reason) return send(res, 400, gatewayError('INVALID_REQUEST.GMP_ORDER_API', `line ${sent.lineNumber}: cancellationReason is required`, 'DATA'));
        if (line.status === 'Shipped' || line.status === 'Delivered') return send(res, 400, gatewayError('INVALID_REQUEST.GMP_ORDER_API', `line ${sent.lineNumber} is shipped`, 'DATA'));
        line.status = 'Cancelled';
        line.cancellationReason = reason;
      }
    }
    return send(res, 200, { order: walmartOrderJson(po) });
  }

  function token(headers: http.IncomingHttpHeaders, body: string, res: http.ServerResponse) {
    tokenCount++;
    const basic = /^Basic (.+)$/.exec(String(headers.authorization ?? ''))?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    if (!new URLSearchParams(body).get('grant_type')?.includes('client_credentials')) return send(res, 400, { error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' });
    if (!id || clients.get(id) !== secret) return send(res, 401, { error: 'invalid_client', error_description: 'Invalid client credentials' });
    const access = `fake-${randomUUID()}`;
    tokens.set(access, { clientId: id, expiresAt: now() + knobs.tokenTtlSeconds * 1000 });
    return send(res, 200, { access_token: access, token_type: 'Bearer', expires_in: knobs.tokenTtlSeconds });
  }

  function list(url: URL, mine: FakeOrder[], released: boolean, res: http.ServerResponse) {
    if (knobs.rateLimitNext > 0) {
      knobs.rateLimitNext--;
      return send(res, 429, gatewayError('REQUEST_THRESHOLD_VIOLATED.GMP_ORDER_API', 'Too many requests', 'REQUEST'), {
        'retry-after': String(Math.ceil(knobs.rateLimitWaitMs / 1000)),
        'x-current-token-count': '0',
        'x-next-replenish-time': String(now() + knobs.rateLimitWaitMs),
      });
    }
    const q = url.searchParams;
    const limit = Math.min(200, Math.max(1, Number(q.get('limit') ?? 100) || 100));
    const start = q.get('createdStartDate') ? Date.parse(q.get('createdStartDate')!) : now() - 7 * 86_400_000;
    const end = q.get('createdEndDate') ? Date.parse(q.get('createdEndDate')!) : now();
    if (Number.isNaN(start) || Number.isNaN(end)) return send(res, 400, gatewayError('INVALID_REQUEST_PARAM.GMP_ORDER_API', 'createdStartDate/createdEndDate must be ISO dates', 'REQUEST'));
    if (start < now() - 180 * 86_400_000 - 60_000) return send(res, 400, gatewayError('INVALID_REQUEST_PARAM.GMP_ORDER_API', 'Orders are available for the last 180 days only', 'REQUEST'));
    const poIndex = Number(q.get('poIndex') ?? 0) || 0;
    const matching = mine.filter(
      (o) =>
        o.orderDate >= start &&
        o.orderDate <= end &&
        (!released || o.lines.some((l) => l.status === 'Created')) &&
        (!q.get('status') || o.lines.some((l) => l.status === q.get('status'))) &&
        (!q.get('purchaseOrderId') || o.purchaseOrderId === q.get('purchaseOrderId')),
    );
    const page = matching.slice(poIndex, poIndex + limit);
    const more = poIndex + limit < matching.length;
    if (knobs.malformedNext > 0) {
      knobs.malformedNext--;
      return send(res, 200, '{"list":{"meta":{"totalCount":"many"},"elements":{"order":[{"purchaseOrderId":');
    }
    const next = new URLSearchParams({ limit: String(limit), hasMoreElements: 'true', soIndex: String(poIndex + limit), poIndex: String(poIndex + limit), createdStartDate: new Date(start).toISOString(), createdEndDate: new Date(end).toISOString() });
    return send(res, 200, { list: { meta: { totalCount: matching.length, limit, nextCursor: more ? `?${next.toString()}` : null }, elements: { order: page.map(walmartOrderJson) } } });
  }

  return fake;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The fake on its own port (tests, the bench): its base URL and a close. */
export async function listenFakeWalmart(fake: FakeWalmart): Promise<{ url: string; hostPort: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => fake.handle(req, res, req.url ?? '/'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
