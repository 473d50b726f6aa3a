import { desc, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { translate, type Language, type QuoteBody, type QuoteRate, type QuoteRatesBody, type QuoteRatesReply, type QuoteReply } from '@exship/contracts';
import { bucketOf, catalogById, chargeableWeight, fromCents, offeredServices, quote, type CatalogSnapshot, type Fees, type Parcel, type Quote, type QuoteError, type QuoteResult } from '@exship/domain';
import { actsForAnyAccount } from '../../platform/access';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/http';
import type { SnapshotCache } from './catalog.snapshot';
import { quoteSamples } from './catalog.tables';

/** Share of quotes kept as samples for price-table previews (a sample of recent quotes). */
const SAMPLE_RATE = 0.1;
const SAMPLES_KEPT = 500;
/** Samples are written in batches, off the request path, at most BUFFER_MAX per flush (10 a second). */
const FLUSH_EVERY_MS = 2_000;
const BUFFER_MAX = 20;

export type QuoteInput = Omit<QuoteBody, 'customerId'> & { customerId: string };

export function runQuote(snapshot: CatalogSnapshot, input: QuoteInput, now: number): QuoteResult {
  // Built field by field: this runs on every quote, and a literal with a fixed shape is several times
  // cheaper than spreading the request.
  const parcel: Parcel = {
    serviceCode: input.serviceCode,
    weight: input.weight,
    length: input.length,
    width: input.width,
    height: input.height,
    country: input.country,
    state: input.state,
    zipcode: input.zipcode,
    signature: input.signature ?? false,
    discountCode: input.discountCode,
    sku: input.sku,
    customerId: input.customerId,
    bucket: bucketOf(`${input.customerId}|${input.country}|${input.zipcode}|${input.weight}`),
  };
  return quote(snapshot, parcel, now);
}

export function quoteError(e: QuoteError): AppError {
  switch (e.code) {
    case 'NO_SUITABLE_SERVICE':
      return new AppError('NO_SUITABLE_SERVICE', 422, { vars: { why: `quote.reason.${e.reason}` }, details: { reason: e.reason } });
    case 'MISSING_WEIGHT':
      return new AppError('MISSING_WEIGHT', 422, { errors: [{ field: 'weight', message: 'error.MISSING_WEIGHT' }] });
    case 'INVALID_DIMENSIONS':
      return new AppError('INVALID_DIMENSIONS', 422, { errors: [{ field: 'length', message: 'error.INVALID_DIMENSIONS' }] });
    default:
      return new AppError(e.code, 422, { errors: [{ field: 'discountCode', message: `error.${e.code}` }] });
  }
}

export function createQuoteService(db: Db, cache: SnapshotCache, log: FastifyBaseLogger) {
  let sinceSample = 0;
  let buffer: (typeof quoteSamples.$inferInsert)[] = [];
  let timer: NodeJS.Timeout | null = null;

  async function flush() {
    timer = null;
    const batch = buffer;
    buffer = [];
    if (batch.length === 0) return;
    try {
      await db.insert(quoteSamples).values(batch);
    } catch (err) {
      log.warn({ err }, 'could not keep quote samples');
    }
  }

  /** Writes buffered samples now (before a preview). */
  async function flushSamples() {
    if (timer) clearTimeout(timer);
    await flush();
  }

  function keepSample(accountId: string, input: QuoteInput, totalCents: number) {
    // The first quote of a process is always kept, then about one in ten.
    if (sinceSample++ > 0 && Math.random() >= SAMPLE_RATE) return;
    if (buffer.length >= BUFFER_MAX) return;
    buffer.push({ accountId, request: input, totalCents, createdAt: new Date() });
    timer ??= setTimeout(() => void flush(), FLUSH_EVERY_MS);
    timer.unref();
  }

  function feesOf(f: Fees): QuoteReply['fees'] {
    return {
      shippingFee: fromCents(f.shippingFee),
      seasonalFee: fromCents(f.seasonalFee),
      signatureFee: fromCents(f.signatureFee),
      overLengthFee: fromCents(f.overLengthFee),
      discount: fromCents(f.discount),
      taxFee: fromCents(f.taxFee),
      total: fromCents(f.total),
    };
  }

  /** Staff see where the parcel goes and what it costs us. */
  function routingOf(snapshot: CatalogSnapshot, q: Quote): NonNullable<QuoteReply['routing']> {
    const byId = catalogById(snapshot);
    return {
      carrier: byId.carriers.get(q.carrierId)!.code,
      warehouse: byId.warehouses.get(q.warehouseId)!.code,
      zone: byId.zones.get(q.zoneId)!.code,
    };
  }

  /** Staff (acting for any customer) may quote for a named customer; everyone else quotes for their own account. */
  const customerOf = (auth: AuthContext, body: { customerId?: string }, actsForCustomers: boolean) =>
    actsForCustomers && body.customerId ? body.customerId : auth.accountId;

  function price(snapshot: CatalogSnapshot, auth: AuthContext, body: QuoteBody): QuoteReply {
    // Staff (acting for any customer) may quote for a named customer and see routing, cost and margin.
    const actsForCustomers = actsForAnyAccount(auth);
    const input = body as QuoteInput;
    input.customerId = customerOf(auth, body, actsForCustomers);
    const result = runQuote(snapshot, input, Date.now());
    if (!result.ok) throw quoteError(result.error);
    const q = result.quote;
    keepSample(input.customerId, input, q.fees.total);
    const service = catalogById(snapshot).services.get(q.serviceId)!;
    const reply: QuoteReply = {
      service: { code: service.code, name: service.name },
      chargeableWeight: q.chargeableWeight,
      fees: feesOf(q.fees),
      discountCode: q.discountId ? (body.discountCode ?? '').toUpperCase() : null,
    };
    if (actsForCustomers) {
      reply.routing = routingOf(snapshot, q);
      reply.cost = fromCents(q.cost);
      reply.margin = fromCents(q.margin);
    }
    return reply;
  }

  /**
   * Rate shopping: the single quote run for every service the customer may use, on one snapshot
   * (no query per service). A discount code for other services leaves a service at full price;
   * any other refusal of the parcel or the code is the single quote's error.
   */
  function shop(snapshot: CatalogSnapshot, auth: AuthContext, body: QuoteRatesBody, lang: Language): QuoteRatesReply {
    const actsForCustomers = actsForAnyAccount(auth);
    const customerId = customerOf(auth, body, actsForCustomers);
    const now = Date.now();
    const rates: QuoteRate[] = [];
    const unavailable: QuoteRatesReply['unavailable'] = [];
    let codeForOtherServices = false;
    for (const service of offeredServices(snapshot, customerId)) {
      const input: QuoteInput = { ...body, serviceCode: service.code, customerId };
      let result = runQuote(snapshot, input, now);
      if (!result.ok && result.error.code === 'DISCOUNT_NOT_FOR_SERVICE') {
        codeForOtherServices = true;
        input.discountCode = undefined;
        result = runQuote(snapshot, input, now);
      }
      if (!result.ok) {
        if (result.error.code !== 'NO_SUITABLE_SERVICE') throw quoteError(result.error);
        const reasonCode = result.error.reason;
        unavailable.push({ serviceCode: service.code, serviceName: service.name, reasonCode, reason: translate(lang, `quote.unavailable.${reasonCode}`) });
        continue;
      }
      const q = result.quote;
      keepSample(customerId, input, q.fees.total);
      const rate: QuoteRate = {
        serviceCode: service.code,
        serviceName: service.name,
        carrierName: catalogById(snapshot).carriers.get(service.carrierId)?.name ?? '',
        transitDaysMin: service.transitDaysMin ?? null,
        transitDaysMax: service.transitDaysMax ?? null,
        fees: feesOf(q.fees),
        total: fromCents(q.fees.total),
        discountCode: q.discountId ? (body.discountCode ?? '').toUpperCase() : null,
      };
      if (actsForCustomers) {
        rate.routing = routingOf(snapshot, q);
        rate.cost = fromCents(q.cost);
        rate.margin = fromCents(q.margin);
      }
      rates.push(rate);
    }
    // A code that fits none of the priced services is refused as the single quote refuses it.
    if (codeForOtherServices && !rates.some((r) => r.discountCode)) throw quoteError({ code: 'DISCOUNT_NOT_FOR_SERVICE' });
    // Cheapest first (totals are whole cents, so they compare exactly); on a tie the faster service, then by code.
    const days = (d: number | null) => d ?? Number.MAX_SAFE_INTEGER;
    rates.sort((a, b) => a.total - b.total || days(a.transitDaysMax) - days(b.transitDaysMax) || (a.serviceCode < b.serviceCode ? -1 : 1));
    return { chargeableWeight: chargeableWeight(body), rates, unavailable };
  }

  return {
    /**
     * POST /quote: sellers see their price; staff also see routing, cost and margin. With the
     * catalog snapshot warm (nearly always) the answer comes back without a promise: this is the
     * busiest route and every microtask shows in its throughput.
     */
    quote(auth: AuthContext, body: QuoteBody): QuoteReply | Promise<QuoteReply> {
      const snapshot = cache.peek();
      return snapshot ? price(snapshot, auth, body) : cache.get().then((s) => price(s, auth, body));
    },

    /** POST /quote/rates: every service the caller may use, priced side by side, cheapest first. */
    rates(auth: AuthContext, body: QuoteRatesBody, lang: Language): QuoteRatesReply | Promise<QuoteRatesReply> {
      const snapshot = cache.peek();
      return snapshot ? shop(snapshot, auth, body, lang) : cache.get().then((s) => shop(s, auth, body, lang));
    },

    flushSamples,

    async recentSamples(limit = 200) {
      await flushSamples();
      return db.select().from(quoteSamples).orderBy(desc(quoteSamples.createdAt)).limit(limit);
    },

    /** Cron: keep the newest SAMPLES_KEPT samples. */
    async pruneSamples() {
      await db.delete(quoteSamples).where(
        lt(quoteSamples.createdAt, sql`(select coalesce(min(created_at), '-infinity') from (select ${quoteSamples.createdAt} as created_at from ${quoteSamples} order by ${quoteSamples.createdAt} desc limit ${SAMPLES_KEPT}) newest)`),
      );
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
