import { z } from 'zod';
import { QuoteEndpoint } from './catalog.endpoints';
import { isBinaryReply, type EndpointDef } from './endpoint';
import { ErrorEnvelopeSchema } from './envelope';
import { errorMessageKey } from './messages';
import { translate } from './messages.catalogue';
import { CreateOrderEndpoint, GetOrderEndpoint, PayOrdersEndpoint, PriceOrderEndpoint } from './orders.endpoints';
import { GetOrderLabelEndpoint, GetOrderShippingEndpoint, TrackLookupEndpoint } from './shipping.endpoints';
import { WalletInfoEndpoint } from './wallet.endpoints';
import {
  CreateWebhookEndpointEndpoint,
  ListWebhookDeliveriesEndpoint,
  ListWebhookEventTypesEndpoint,
  ReplayWebhookDeliveryEndpoint,
  SendWebhookTestEndpoint,
} from './webhooks.endpoints';

// The seller's API guide (the integrations screen's "API document" tab): the routes a seller's key
// calls, grouped by task, with request and reply examples generated from the same descriptors the
// OpenAPI document is built from. `scripts/api-guide.ts` writes them to the web app's
// api-guide.json (the browser build keeps no schemas); a test checks that file is current and that
// every example parses with its schema.

export const API_GUIDE_TASKS = ['quote', 'createOrder', 'pay', 'label', 'track', 'webhooks'] as const;
export type ApiGuideTask = (typeof API_GUIDE_TASKS)[number];

type Example = Record<string, unknown>;
/** Values the generator cannot guess from a schema (a realistic order), merged over what it generates. */
interface GuideOverrides {
  params?: Example;
  query?: Example;
  body?: Example;
  reply?: Example;
}
interface GuideEntry {
  endpoint: EndpointDef;
  overrides?: GuideOverrides;
}

const ORDER_ID = '5b1f8c2e-7d4a-4c3b-9e2f-1a6d0c8b7e45';
const orderParams = { params: { orderId: ORDER_ID } };
const WEBHOOK_ENDPOINT_ID = '0f6b2a9d-3c1e-4e8a-b7d5-92c4e1f0a3b6';
const WEBHOOK_DELIVERY_ID = 'c4d9e2f1-8a7b-4c6d-9e0f-1b2a3c4d5e6f';
/** A parcel from a US warehouse to a US buyer, the shape every order example shares. */
const ORDER_BODY = {
  recipient: { lastName: 'Doe', phone: '+12025550143', state: 'CA' },
};

export const SELLER_API_GUIDE: Record<ApiGuideTask, GuideEntry[]> = {
  quote: [{ endpoint: QuoteEndpoint }],
  createOrder: [
    { endpoint: PriceOrderEndpoint, overrides: { body: ORDER_BODY } },
    { endpoint: CreateOrderEndpoint, overrides: { body: ORDER_BODY } },
    { endpoint: GetOrderEndpoint, overrides: orderParams },
  ],
  pay: [{ endpoint: WalletInfoEndpoint }, { endpoint: PayOrdersEndpoint, overrides: { body: { orderIds: [ORDER_ID] } } }],
  label: [
    { endpoint: GetOrderShippingEndpoint, overrides: orderParams },
    { endpoint: GetOrderLabelEndpoint, overrides: { ...orderParams, query: { format: 'pdf' } } },
  ],
  track: [{ endpoint: TrackLookupEndpoint, overrides: { body: { refs: ['9400111899223344556677'] } } }],
  // The deliveries themselves (headers, signature, verification recipe) are described by the screen;
  // these are the calls that register an endpoint, try it and read or replay its log.
  webhooks: [
    { endpoint: ListWebhookEventTypesEndpoint },
    {
      endpoint: CreateWebhookEndpointEndpoint,
      overrides: { body: { url: 'https://shop.example.com/hooks/exship', events: ['order.paid', 'label.purchased', 'tracking.updated'] } },
    },
    { endpoint: SendWebhookTestEndpoint, overrides: { params: { id: WEBHOOK_ENDPOINT_ID } } },
    { endpoint: ListWebhookDeliveriesEndpoint, overrides: { params: { id: WEBHOOK_ENDPOINT_ID } } },
    { endpoint: ReplayWebhookDeliveryEndpoint, overrides: { params: { id: WEBHOOK_DELIVERY_ID } } },
  ],
};

/** One documented call, as the web screen shows it. */
export interface ApiGuideCall {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  access: string;
  request: { params?: Example; query?: Example; body?: unknown };
  reply: { status: number; example: unknown } | { status: number; file: string; description: string };
}
export interface ApiGuide {
  tasks: { task: ApiGuideTask; calls: ApiGuideCall[] }[];
  /** An error reply (every call answers its errors in this envelope). */
  errorExample: unknown;
}

// ---------- the example generator: a value for a JSON Schema (zod's own conversion) ----------

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
};

/**
 * Realistic values by field name (or `parent.field` where a name means different things); each still
 * has to pass its schema, since the test parses every example.
 */
const BY_NAME: Record<string, unknown> = {
  email: 'buyer@example.com',
  phone: '+12025550143',
  country: 'US',
  state: 'CA',
  city: 'Los Angeles',
  zipcode: '90001',
  address1: '1600 Harbor Blvd',
  address2: 'Suite 200',
  firstName: 'Jane',
  lastName: 'Doe',
  fullName: 'Jane Doe',
  'shipTo.name': 'Jane Doe',
  'customer.fullName': 'Lotus Trading LLC',
  'customer.email': 'seller@example.com',
  'service.code': 'US_EXPRESS',
  'service.name': 'US Express',
  serviceCode: 'US_EXPRESS',
  serviceName: 'US Express',
  carrierCode: 'USPS',
  carrierName: 'USPS',
  warehouseCode: 'LAX1',
  sku: 'TSHIRT-BLK-M',
  note: 'Leave at the front desk',
  description: 'Accepted at the origin facility',
  code: 'ACCEPTED',
  ref: 'SHOP-10025',
  'parcel.status': 'paid',
  'noLabel.status': 'unpaid',
  notFound: 'SHOP-10026',
  discountCode: 'SPRING10',
  publicPath: '/tracking/9400111899223344556677',
  trackingNumber: '9400111899223344556677',
  exOrderId: 'EX2601150001',
  orderName: 'SHOP-10025',
  weight: 450,
  weightGr: 450,
  length: 25,
  lengthCm: 25,
  width: 20,
  widthCm: 20,
  height: 8,
  heightCm: 8,
  chargeableWeight: 450,
  quantity: 1,
  tries: 1,
  paid: 1,
  shippingFee: 12.4,
  seasonalFee: 0.3,
  signatureFee: 0,
  overLengthFee: 0,
  discount: 0,
  taxFee: 1.05,
  surcharge: 0,
  unpaidSurcharge: 0,
  total: 13.75,
  totalPrice: 13.75,
  amount: 13.75,
  balance: 236.25,
  balanceAfter: 236.25,
  unpaid: 0,
  limit: 500,
  remaining: 500,
};
const UUID = ORDER_ID;
const DATE_TIME = '2026-01-15T08:30:00.000Z';

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace(/^#\/(\$defs|definitions)\//, '');
  return resolve(root.$defs?.[name] ?? {}, root);
}

/** The value BY_NAME has for a field, `parent.field` first. */
const named = (name: string | undefined, parent: string | undefined): unknown => (name === undefined ? undefined : (BY_NAME[`${parent}.${name}`] ?? BY_NAME[name]));

function sampleString(s: JsonSchema, name: string | undefined, parent: string | undefined): string {
  const byName = named(name, parent);
  if (typeof byName === 'string') return byName;
  // Ids and timestamps by their names, where the schema says only "string".
  if (name && /(^id|_id|Id)$/.test(name)) return UUID;
  if (name && /(At|^at)$/.test(name)) return DATE_TIME;
  if (s.format === 'uuid') return UUID;
  if (s.format === 'email') return BY_NAME.email as string;
  if (s.format === 'date-time') return DATE_TIME;
  if (s.format === 'date') return DATE_TIME.slice(0, 10);
  if (s.format === 'uri' || s.format === 'url') return 'https://shop.example.com';
  if (s.pattern && /\[0-9a-fA-F\]\{8\}-/.test(s.pattern)) return UUID;
  const text = name ?? 'text';
  return s.maxLength !== undefined && text.length > s.maxLength ? text.slice(0, s.maxLength) : text;
}

function sampleNumber(s: JsonSchema, name: string | undefined, parent: string | undefined, integer: boolean): number {
  const byName = named(name, parent);
  let n = typeof byName === 'number' ? byName : 1;
  if (s.minimum !== undefined && n < s.minimum) n = s.minimum;
  if (s.exclusiveMinimum !== undefined && n <= s.exclusiveMinimum) n = s.exclusiveMinimum + 1;
  if (s.maximum !== undefined && n > s.maximum) n = s.maximum;
  return integer ? Math.round(n) : n;
}

/** An example value for a schema: its example or default, else one built from its type, required fields only. */
export function sampleOf(schema: JsonSchema, root: JsonSchema = schema, name?: string, parent?: string): unknown {
  const s = resolve(schema, root);
  if (s.examples?.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  const variants = s.anyOf ?? s.oneOf;
  if (variants) {
    // A choice shows its first option; a nullable value is null unless it is a structure or has a known example.
    const present = variants.map((v) => resolve(v, root)).find((v) => v.type !== 'null') ?? variants[0]!;
    const nullable = variants.some((v) => resolve(v, root).type === 'null');
    if (nullable && present.type !== 'object' && present.type !== 'array' && named(name, parent) === undefined) return null;
    return sampleOf(present, root, name, parent);
  }
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => sampleOf(part, root, name, parent)));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type ?? (s.properties ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sampleOf(s.properties?.[key] ?? {}, root, key, name);
      return out;
    }
    case 'array': {
      if (s.prefixItems) return s.prefixItems.map((item) => sampleOf(item, root));
      // `orderIds` holds order ids: the item is named like one.
      const item = sampleOf(s.items ?? {}, root, name && name.endsWith('s') && !BY_NAME[name] ? name.slice(0, -1) : name, parent);
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => item);
    }
    case 'string':
      return sampleString(s, name, parent);
    case 'integer':
      return sampleNumber(s, name, parent, true);
    case 'number':
      return sampleNumber(s, name, parent, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return named(name, parent) ?? null;
  }
}

/** `a` with `b`'s fields laid over it, objects merged field by field; arrays and values replaced. */
function overlay(a: unknown, b: unknown): unknown {
  if (b === undefined) return a;
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(a) || !isObject(b)) return b;
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = overlay(a[k], v);
  return out;
}

/** The example of one part of a call: generated from its schema, with the entry's overrides laid over it. */
export function exampleFor(schema: z.ZodType, io: 'input' | 'output', override?: Example): unknown {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return overlay(sampleOf(json), override);
}

const ERROR_EXAMPLE = {
  success: false,
  code: 'VALIDATION_FAILED',
  message: translate('en', errorMessageKey('VALIDATION_FAILED')),
  errors: [{ field: 'zipcode', message: translate('en', 'validation.zip.digits') }],
};

/** The whole guide with its examples, as the web screen reads it (api-guide.json). */
export function buildApiGuide(): ApiGuide {
  const tasks = API_GUIDE_TASKS.map((task) => ({
    task,
    calls: SELLER_API_GUIDE[task].map(({ endpoint: e, overrides = {} }): ApiGuideCall => {
      const request: ApiGuideCall['request'] = {};
      if (e.params) request.params = exampleFor(e.params, 'input', overrides.params) as Example;
      if (e.query) request.query = exampleFor(e.query, 'input', overrides.query) as Example;
      if (e.body) request.body = exampleFor(e.body, 'input', overrides.body);
      const status = e.status ?? 200;
      const reply = isBinaryReply(e.reply)
        ? { status, file: e.reply.binary, description: e.reply.description }
        : { status, example: { success: true, message: translate('en', e.message ?? 'ok'), data: exampleFor(e.reply, 'output', overrides.reply) } };
      return { operationId: e.operationId, method: e.method, path: `/api/v1${e.path}`, summary: e.summary, ...(e.description ? { description: e.description } : {}), access: e.access, request, reply };
    }),
  }));
  return { tasks, errorExample: ErrorEnvelopeSchema.parse(ERROR_EXAMPLE) };
}
