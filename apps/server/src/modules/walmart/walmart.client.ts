import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { WALMART_LIMITS } from '@exship/contracts';
import type { OutboundFetch } from '../../platform/outbound';

// The Walmart Marketplace orders client (docs/walmart.md). Every call goes through the outbound
// client. A token is got with the client id and secret and kept until a minute before it expires;
// a 401 on a call gets a new one once. 429 waits as Walmart's headers say (Retry-After or
// x-next-replenish-time) and retries; 5xx and network failures retry with a doubling back-off; a
// reply we cannot read is refused (WalmartError 'malformed') and the caller keeps its cursor.

export type WalmartErrorKind = 'credentials' | 'rate-limited' | 'unavailable' | 'malformed' | 'maintenance' | 'rejected';

export class WalmartError extends Error {
  constructor(
    readonly kind: WalmartErrorKind,
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'WalmartError';
  }
}

const money = z.object({ currency: z.string().default('USD'), amount: z.coerce.number() });
const OrderLineSchema = z.object({
  lineNumber: z.coerce.string(),
  item: z.object({ productName: z.string().default(''), sku: z.string().min(1) }),
  charges: z.object({ charge: z.array(z.object({ chargeType: z.string().optional(), chargeAmount: money.optional() })).default([]) }).optional(),
  orderLineQuantity: z.object({ amount: z.coerce.number().int().min(0) }),
  orderLineStatuses: z.object({ orderLineStatus: z.array(z.object({ status: z.string(), cancellationReason: z.string().optional() })).min(1) }),
});
export const WalmartOrderSchema = z.object({
  purchaseOrderId: z.coerce.string().min(1),
  customerOrderId: z.coerce.string().default(''),
  customerEmailId: z.string().nullish(),
  orderType: z.string().default('REGULAR'),
  orderDate: z.coerce.number(),
  shipNode: z.object({ type: z.string() }).partial().nullish(),
  shippingInfo: z.object({
    phone: z.coerce.string().nullish(),
    estimatedDeliveryDate: z.coerce.number().nullish(),
    estimatedShipDate: z.coerce.number().nullish(),
    methodCode: z.string().default('Standard'),
    postalAddress: z.object({
      name: z.string().default(''),
      address1: z.string().default(''),
      address2: z.string().nullish(),
      city: z.string().default(''),
      state: z.string().default(''),
      postalCode: z.coerce.string().default(''),
      country: z.string().default('USA'),
    }),
  }),
  orderLines: z.object({ orderLine: z.array(OrderLineSchema).min(1) }),
});
export type WalmartOrder = z.infer<typeof WalmartOrderSchema>;

const ListReplySchema = z.object({
  list: z.object({
    meta: z.object({ totalCount: z.coerce.number().int().nullish(), limit: z.coerce.number().int().nullish(), nextCursor: z.string().nullish() }),
    elements: z.object({ order: z.array(WalmartOrderSchema).default([]) }).nullish(),
  }),
});
const TokenReplySchema = z.object({ access_token: z.string().min(1), token_type: z.string().optional(), expires_in: z.coerce.number().positive() });

export interface WalmartPage {
  orders: WalmartOrder[];
  /** Appended to the list path for the next page; null on the last page. */
  nextCursor: string | null;
  totalCount: number | null;
}

export interface WalmartClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: OutboundFetch;
  /** Waits between attempts (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Attempts of one call on 429, 5xx and network failures (default 5). */
  maxAttempts?: number;
  /** First back-off after a 5xx (doubling; default 500 ms). */
  backoffMs?: number;
  /** The longest wait a 429 may ask for before the call gives up as rate-limited (default 60 s). */
  maxWaitMs?: number;
}

export interface ShipmentLine {
  lineNumber: string;
  quantity: number;
}
export interface Shipment {
  lines: ShipmentLine[];
  shipDateTime: number;
  /** Walmart's carrier name, or undefined with `otherCarrier`. */
  carrier?: string;
  otherCarrier?: string;
  methodCode: string;
  trackingNumber: string;
  trackingUrl: string;
}

/** Carriers Walmart knows by name (carrierName.carrier); any other goes in carrierName.otherCarrier. */
export const WALMART_CARRIERS = ['UPS', 'USPS', 'FedEx', 'Airborne', 'OnTrac', 'DHL', 'LS', 'UDS', 'UPSMI', 'FDX', 'PILOT', 'ESTES', 'SAIA'] as const;

export function createWalmartClient(o: WalmartClientOptions) {
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = o.now ?? (() => Date.now());
  const maxAttempts = o.maxAttempts ?? 5;
  const backoffMs = o.backoffMs ?? 500;
  const maxWaitMs = o.maxWaitMs ?? 60_000;
  const base = o.baseUrl.replace(/\/$/, '');
  let token: { value: string; expiresAt: number } | undefined;

  async function getToken(force = false): Promise<string> {
    if (!force && token && token.expiresAt - 60_000 > now()) return token.value;
    let res: Response;
    try {
      res = await o.fetch(`${base}/v3/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${o.clientId}:${o.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'wm_svc.name': 'Walmart Marketplace',
          'wm_qos.correlation_id': randomUUID(),
        },
        body: 'grant_type=client_credentials',
      });
    } catch (err) {
      throw new WalmartError('unavailable', `token: ${(err as Error).message}`);
    }
    if (res.status === 400 || res.status === 401 || res.status === 403) throw new WalmartError('credentials', 'Walmart refused the client id and secret', res.status);
    if (res.status >= 500 || res.status === 429) throw new WalmartError('unavailable', `token: HTTP ${res.status}`, res.status);
    const parsed = TokenReplySchema.safeParse(await res.json().catch(() => undefined));
    if (!res.ok || !parsed.success) throw new WalmartError('malformed', `token: unreadable reply (HTTP ${res.status})`, res.status);
    token = { value: parsed.data.access_token, expiresAt: now() + parsed.data.expires_in * 1000 };
    return token.value;
  }

  /** One call with the token, retried as the header comment says; resolves to the parsed JSON body. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    let refreshed = false;
    let wait = backoffMs;
    let lastError: WalmartError | undefined;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const access = await getToken();
      let res: Response;
      try {
        res = await o.fetch(`${base}${path}`, {
          method,
          headers: {
            'wm_sec.access_token': access,
            'wm_svc.name': 'Walmart Marketplace',
            'wm_qos.correlation_id': randomUUID(),
            accept: 'application/json',
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          timeoutMs: 30_000,
        });
      } catch (err) {
        lastError = new WalmartError('unavailable', `${method} ${path}: ${(err as Error).message}`);
        await sleep(wait);
        wait *= 2;
        continue;
      }
      const text = await res.text();
      if (res.status === 401 && !refreshed) {
        // The token expired mid-run (or was revoked): get a new one once, then the same call again.
        refreshed = true;
        token = undefined;
        attempt--;
        continue;
      }
      if (res.status === 401 || res.status === 403) throw new WalmartError('credentials', `${method} ${path}: HTTP ${res.status}`, res.status);
      if (res.status === 429) {
        const ask = rateLimitWait(res.headers, now());
        lastError = new WalmartError('rate-limited', `${method} ${path}: HTTP 429`, 429);
        if (ask > maxWaitMs) throw lastError;
        await sleep(Math.max(ask, 50));
        continue;
      }
      if (res.status >= 500) {
        if (isMaintenance(text)) throw new WalmartError('maintenance', `${method} ${path}: under maintenance`, res.status);
        lastError = new WalmartError('unavailable', `${method} ${path}: HTTP ${res.status}`, res.status);
        await sleep(wait);
        wait *= 2;
        continue;
      }
      let json: unknown;
      try {
        json = text === '' ? {} : JSON.parse(text);
      } catch {
        throw new WalmartError('malformed', `${method} ${path}: the reply is not JSON`, res.status);
      }
      if (res.status >= 400) throw new WalmartError('rejected', `${method} ${path}: ${errorText(json) ?? `HTTP ${res.status}`}`, res.status);
      return { status: res.status, json };
    }
    throw lastError ?? new WalmartError('unavailable', `${method} ${path}: no answer`);
  }

  function page(json: unknown, what: string): WalmartPage {
    const parsed = ListReplySchema.safeParse(json);
    if (!parsed.success) throw new WalmartError('malformed', `${what}: the reply is not an order list (${parsed.error.issues[0]?.path.join('.')})`);
    return { orders: parsed.data.list.elements?.order ?? [], nextCursor: parsed.data.list.meta.nextCursor || null, totalCount: parsed.data.list.meta.totalCount ?? null };
  }

  return {
    getToken,
    /** The first page of orders created in [from, to] (released: lines still Created only). */
    async listOrders(q: { released: boolean; from: Date; to?: Date; limit?: number }): Promise<WalmartPage> {
      const params = new URLSearchParams({ limit: String(Math.min(q.limit ?? WALMART_LIMITS.pageLimit, WALMART_LIMITS.pageLimit)), createdStartDate: q.from.toISOString() });
      if (q.to) params.set('createdEndDate', q.to.toISOString());
      const path = `/v3/orders${q.released ? '/released' : ''}?${params.toString()}`;
      return page((await call('GET', path)).json, path);
    },
    /** The page a `nextCursor` names, on the same list path. */
    async nextPage(released: boolean, cursor: string): Promise<WalmartPage> {
      const path = `/v3/orders${released ? '/released' : ''}${cursor.startsWith('?') ? cursor : `?${cursor}`}`;
      return page((await call('GET', path)).json, path);
    },
    async getOrder(purchaseOrderId: string): Promise<WalmartOrder | null> {
      try {
        const { json } = await call('GET', `/v3/orders/${encodeURIComponent(purchaseOrderId)}`);
        const parsed = z.object({ order: WalmartOrderSchema }).safeParse(json);
        if (!parsed.success) throw new WalmartError('malformed', 'order: unreadable reply');
        return parsed.data.order;
      } catch (err) {
        if (err instanceof WalmartError && err.kind === 'rejected' && err.httpStatus === 404) return null;
        throw err;
      }
    },
    async acknowledge(purchaseOrderId: string): Promise<void> {
      await call('POST', `/v3/orders/${encodeURIComponent(purchaseOrderId)}/acknowledge`);
    },
    async ship(purchaseOrderId: string, s: Shipment): Promise<void> {
      await call('POST', `/v3/orders/${encodeURIComponent(purchaseOrderId)}/shipping`, {
        orderShipment: {
          orderLines: {
            orderLine: s.lines.map((l) => ({
              lineNumber: l.lineNumber,
              orderLineStatuses: {
                orderLineStatus: [
                  {
                    status: 'Shipped',
                    statusQuantity: { unitOfMeasurement: 'EACH', amount: String(l.quantity) },
                    trackingInfo: {
                      shipDateTime: s.shipDateTime,
                      carrierName: s.carrier ? { carrier: s.carrier } : { otherCarrier: s.otherCarrier ?? 'Other' },
                      methodCode: s.methodCode,
                      trackingNumber: s.trackingNumber,
                      trackingURL: s.trackingUrl,
                    },
                  },
                ],
              },
            })),
          },
        },
      });
    },
    async cancel(purchaseOrderId: string, lines: ShipmentLine[], reason: string): Promise<void> {
      await call('POST', `/v3/orders/${encodeURIComponent(purchaseOrderId)}/cancel`, {
        orderCancellation: {
          orderLines: {
            orderLine: lines.map((l) => ({
              lineNumber: l.lineNumber,
              orderLineStatuses: { orderLineStatus: [{ status: 'Cancelled', cancellationReason: reason, statusQuantity: { unitOfMeasurement: 'EACH', amount: String(l.quantity) } }] },
            })),
          },
        },
      });
    },
  };
}
export type WalmartClient = ReturnType<typeof createWalmartClient>;

/** How long a 429 asks to wait: Retry-After (seconds), else x-next-replenish-time (epoch ms), else 1 s. */
export function rateLimitWait(headers: Headers, nowMs: number): number {
  const replenish = Number(headers.get('x-next-replenish-time'));
  if (Number.isFinite(replenish) && replenish > 0) return Math.max(0, replenish - nowMs);
  const retryAfter = Number(headers.get('retry-after'));
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return retryAfter * 1000;
  return 1000;
}

function isMaintenance(text: string): boolean {
  return /maintenance/i.test(text);
}

function errorText(json: unknown): string | undefined {
  const errors = (json as { errors?: { error?: { code?: string; description?: string }[] } })?.errors?.error;
  const first = Array.isArray(errors) ? errors[0] : undefined;
  return first ? `${first.code ?? ''} ${first.description ?? ''}`.trim().slice(0, 300) : undefined;
}
