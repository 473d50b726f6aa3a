import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler as zodSerializerCompiler, validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WEBHOOK_EVENT_CATALOGUE,
  WEBHOOK_EVENT_VERSION,
  webhookEnvelopeSchema,
  ErrorEnvelopeSchema,
  errorStatusesOf,
  isBinaryReply,
  okEnvelope,
  type BinaryReply,
  type EndpointData,
  type EndpointDef,
  type ErrorStatus,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
} from '@exship/contracts';
import { authOf } from './auth';
import type { Db } from './db';
import { AppError } from './errors';
import { compiledSerializer, ok } from './http';
import { hit } from './rate-limit';

// docs/engineering.md "One contract": a route is registered from its descriptor in packages/contracts, so
// validation, access, the OpenAPI operation and the web client's types cannot drift apart.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The descriptor a route was registered from (OpenAPI transform, tests). */
    endpoint?: EndpointDef;
  }
  interface FastifyInstance {
    /** Where endpoint rate limits count (registerEndpointRateLimits), shared by every process. */
    endpointRateLimitDb?: Db;
  }
}

/** Endpoint rate limits count in the `rate_limits` table of this database; call before the modules' routes. */
export function registerEndpointRateLimits(app: FastifyInstance, db: Db): void {
  app.decorate('endpointRateLimitDb', db);
}

/**
 * The hook of an endpoint with a `rateLimit`: one fixed-window hit per call, before the input is
 * validated (so bad input counts too), after the auth hook (per account needs the caller).
 * Endpoints without a limit get no hook, so they pay nothing for this.
 */
function rateLimitHook(app: FastifyInstance, endpoint: EndpointDef) {
  const limit = endpoint.rateLimit!;
  const db = app.endpointRateLimitDb;
  if (!db) throw new Error(`${endpoint.operationId} declares a rate limit, but the app has no rate-limit database (registerEndpointRateLimits)`);
  if (limit.per === 'account' && endpoint.access === 'public') throw new Error(`${endpoint.operationId} is public: its rate limit must be per address`);
  const windowMs = limit.windowSeconds * 1000;
  const prefix = `endpoint:${endpoint.operationId}:`;
  return async (req: FastifyRequest) => {
    const who = limit.per === 'account' ? `account:${authOf(req).accountId}` : `address:${req.ip}`;
    const state = await hit(db, prefix + who, windowMs);
    if (state.count > limit.limit) throw new AppError('RATE_LIMITED', 429, { headers: { 'retry-after': String(state.retryAfter) } });
  };
}

/** The error envelope, one OpenAPI component (`#/components/schemas/ErrorEnvelope`) every error reply refers to. */
export const ErrorReplySchema = ErrorEnvelopeSchema.meta({
  id: 'ErrorEnvelope',
  description: '`code` is a stable string; `message` is in the caller\'s language; `errors` names each bad field and the rule it broke.',
});

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input (VALIDATION_FAILED names each field and rule) or a request the current state refuses',
  401: 'No session, or the session expired',
  403: 'The caller lacks the permission, or the account may not do this',
  404: 'Not found',
  409: 'Conflicts with the current state (duplicate, or not allowed for the status)',
  413: 'The upload is too large',
  415: 'Unsupported media type',
  422: 'The file or the data cannot be processed',
  429: 'Too many attempts; retry after the `retry-after` header',
};

const FileSchema = z.string().meta({ format: 'binary' });

type RouteRequest<E extends EndpointDef> = FastifyRequest<{ Params: ParsedParams<E>; Querystring: ParsedQuery<E>; Body: ParsedBody<E> }>;
/**
 * What a handler may hand over for a reply: database rows type their text columns as `string` and
 * their timestamps as `Date`, where the contract has an enum or an ISO string. Dates are written
 * as JSON writes them, and the reply is checked against its schema before it leaves ('validate').
 */
type FromRows<T> = T extends string ? string | Date : T extends readonly (infer I)[] ? FromRows<I>[] : T extends object ? { [K in keyof T]: FromRows<T[K]> } : T;
/**
 * A JSON endpoint returns its `data` (the helper wraps the envelope), or sends the envelope itself
 * when the message or status depends on the outcome (an import that only checked vs one that wrote);
 * a file endpoint sends the reply itself.
 */
type RouteResult<E extends EndpointDef> = E['reply'] extends BinaryReply ? FastifyReply : FromRows<EndpointData<E>> | FastifyReply;

/** Dates as JSON writes them (ISO 8601), so the reply schema is checked against what goes on the wire. */
function wireDates(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(wireDates);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = wireDates(item);
    return out;
  }
  return value;
}
export type EndpointHandler<E extends EndpointDef> = (req: RouteRequest<E>, reply: FastifyReply) => Promise<RouteResult<E>> | RouteResult<E>;

export interface RouteOptions<E extends EndpointDef = EndpointDef> {
  /**
   * 'validate' (default) checks the reply against its schema before writing it, so a reply that
   * drifts from the contract fails loudly. 'compiled' is for hot routes: a compiled writer, no
   * re-validation (the handler's reply is already typed).
   */
  serializer?: 'validate' | 'compiled';
  /**
   * For hot routes: a hand-written check of the body's usual, already-valid shape, giving exactly
   * what the body schema would give, or undefined for any other body, which the schema then parses
   * (so refusals keep the schema's fields and messages). Hold it to the schema with a property test.
   */
  settledBody?: (body: unknown) => ParsedBody<E> | undefined;
}

/** The zod validator, with the body first offered to `settled` (RouteOptions.settledBody). */
function settledBodyCompiler(settled: (body: unknown) => unknown): FastifySchemaCompiler<FastifySchema> {
  return (route) => {
    // Route schemas hold zod types (the schema built in route()).
    const bySchema = zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]);
    if (route.httpPart !== 'body') return bySchema;
    return (data: unknown) => {
      const value = settled(data);
      return value === undefined ? bySchema(data) : { value };
    };
  };
}

const permissionText = (access: EndpointDef['access']) =>
  access === 'public' ? 'Access: public (no sign-in).' : access === 'open' ? 'Access: any signed-in user.' : `Access: permission \`${access}\`.`;

const rateLimitText = (limit: EndpointDef['rateLimit']) =>
  limit ? ` Rate limit: ${limit.limit} calls per ${limit.windowSeconds} s per ${limit.per === 'account' ? 'account' : 'client address'} (429 RATE_LIMITED with \`Retry-After\` beyond it).` : '';

const SESSION_ONLY_TEXT = ' Session only: an API key is refused (403 API_KEY_NOT_ALLOWED).';

/** Registers one route from its descriptor: access, validation, reply schemas and the OpenAPI operation. */
export function route<E extends EndpointDef>(
  // Any type provider: the descriptor carries the types.
  app: FastifyInstance<any, any, any, any, any>,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions<E> = {},
): void {
  const successStatus = endpoint.status ?? 200;
  const binary = isBinaryReply(endpoint.reply);
  const successSchema = binary
    ? { description: (endpoint.reply as BinaryReply).description, content: { [(endpoint.reply as BinaryReply).binary]: { schema: FileSchema } } }
    : okEnvelope(endpoint.reply as z.ZodType);
  const response: Record<number, unknown> = { [successStatus]: successSchema };
  for (const status of errorStatusesOf(endpoint)) {
    response[status] = { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: ErrorReplySchema } } };
  }

  const schema: FastifySchema & Record<string, unknown> = {
    summary: endpoint.summary,
    operationId: endpoint.operationId,
    tags: [...endpoint.tags],
    description: `${endpoint.description ? `${endpoint.description}\n\n` : ''}${permissionText(endpoint.access)}${rateLimitText(endpoint.rateLimit)}${endpoint.sessionOnly ? SESSION_ONLY_TEXT : ''}`,
    'x-permission': endpoint.access,
    ...(endpoint.sessionOnly ? { 'x-session-only': true } : {}),
    ...(endpoint.hidden ? { hide: true } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    // A multipart body is read as a stream by the handler; it is documented by the OpenAPI transform.
    ...(endpoint.body && !endpoint.multipart ? { body: endpoint.body } : {}),
    response,
  };

  const compiled = options.serializer === 'compiled' && !binary ? compiledSerializer(successSchema as z.ZodType)() : null;

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access, endpoint },
    schema,
    ...(endpoint.rateLimit ? { preValidation: rateLimitHook(app, endpoint) } : {}),
    ...(options.settledBody && endpoint.body && !endpoint.multipart ? { validatorCompiler: settledBodyCompiler(options.settledBody) } : {}),
    // Success replies are checked against the contract (or written by a compiled writer on hot
    // routes); error replies are built by the error handler from the same envelope, and files are bytes.
    serializerCompiler: (route: { schema: unknown; method: string; url: string; httpStatus?: string }) => {
      if (String(route.httpStatus) !== String(successStatus) || binary) return (data: unknown) => JSON.stringify(data);
      if (compiled) return compiled;
      const validated = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
      return (data: unknown) => validated(wireDates(data));
    },
    // A synchronous handler (the quote) stays synchronous: no promise on the hot path.
    handler: (req: FastifyRequest, reply: FastifyReply) => {
      const envelope = (data: unknown) => {
        reply.code(successStatus);
        return ok(req, data, endpoint.message);
      };
      const result = handler(req as RouteRequest<E>, reply);
      if (isThenable(result)) return result.then((data) => (binary || reply.sent ? reply : envelope(data)));
      // A file handler has sent its reply; Fastify ignores undefined from a synchronous handler.
      return binary || reply.sent ? undefined : envelope(result);
    },
  });
}

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

const MULTIPART_DEFAULT_DESCRIPTION = 'The file to upload';

/** The text fields a multipart endpoint reads beside its file (its `body` schema), for the document. */
function multipartFields(body: z.ZodType | undefined): { properties: Record<string, unknown>; required: string[] } {
  if (!body) return { properties: {}, required: [] };
  const json = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  const properties = Object.fromEntries(Object.entries(json.properties ?? {}).map(([k, v]) => [k, { ...v, type: v.type ?? 'string' }]));
  return { properties, required: json.required ?? [] };
}

/**
 * The OpenAPI transform: the zod → JSON Schema conversion of fastify-type-provider-zod, plus the
 * multipart body of upload endpoints (their handlers read the file as a stream, so the route has
 * no body schema to validate).
 */
export const endpointSchemaTransform: typeof jsonSchemaTransform = (document) => {
  const result = jsonSchemaTransform(document);
  const config = document.route.config as { endpoint?: EndpointDef; access?: string } | undefined;
  const endpoint = config?.endpoint;
  // The bearer requirement follows the access the auth hook enforces: a route without one, or a
  // public one, takes no token; every other route inherits the document's bearer requirement.
  const operation = result.schema as Record<string, unknown> | undefined;
  if (operation && (!config?.access || config.access === 'public')) operation.security = [];
  else if (operation) delete operation.security;
  if (endpoint?.multipart) {
    const { field, description, accept } = endpoint.multipart;
    const formFields = multipartFields(endpoint.body);
    (result.schema as Record<string, unknown>).body = {
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [field, ...formFields.required],
            properties: {
              ...formFields.properties,
              [field]: { type: 'string', format: 'binary', description: `${description || MULTIPART_DEFAULT_DESCRIPTION} (${accept.join(', ')})` },
            },
          },
        },
      },
    };
  }
  return result;
};

/**
 * Schemas with an id (the error envelope) become components that operations refer to. The zod
 * transform writes an input and an output variant of each; the ones no operation uses are left out.
 */
export const endpointSchemaTransformObject: typeof jsonSchemaTransformObject = (document) => {
  const result = jsonSchemaTransformObject(document) as { components?: { schemas?: Record<string, unknown> }; 'x-webhooks'?: unknown };
  // OpenAPI 3.0 has no `webhooks` object (3.1 does): the 3.0 spelling readers know is `x-webhooks`,
  // same shape, so moving the document to 3.1 is a rename.
  result['x-webhooks'] = webhookOperations();
  const schemas = result.components?.schemas;
  if (schemas) {
    const used = JSON.stringify({ ...result, components: { ...result.components, schemas: undefined } });
    for (const name of Object.keys(schemas)) if (!used.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return result as ReturnType<typeof jsonSchemaTransformObject>;
};

/**
 * The webhook events a seller's endpoint receives, one operation each (OpenAPI 3.1 `webhooks`, `x-webhooks` in 3.0): the body's
 * schema from packages/contracts/src/webhooks.ts and the Standard Webhooks headers (docs/webhooks.md).
 */
function webhookOperations(): Record<string, unknown> {
  const header = (name: string, description: string) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } });
  const parameters = [
    header('webhook-id', 'The message id (msg_…), the same on every attempt and replay: de-duplicate on it.'),
    header('webhook-timestamp', 'Unix seconds when this attempt was signed: refuse one more than 5 minutes away from your clock.'),
    header('webhook-signature', 'Space-separated `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">` keyed with the base64-decoded part of the endpoint secret (whsec_…); two during a secret rotation.'),
  ];
  return Object.fromEntries(
    WEBHOOK_EVENT_CATALOGUE.map((e) => [
      e.type,
      {
        post: {
          operationId: `webhook_${e.type.replace(/\./g, '_')}`,
          summary: e.type,
          description: `${e.description} Payload version ${WEBHOOK_EVENT_VERSION}. Sent with POST to each endpoint subscribed to it, with the endpoint's own header key when set. Answer 2xx within 15 s; anything else (3xx included) is retried; 410 disables the endpoint.`,
          tags: ['webhooks'],
          security: [],
          parameters,
          requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(webhookEnvelopeSchema(e.type), { target: 'openapi-3.0', io: 'output' }) } } },
          responses: { '200': { description: 'Received (any 2xx).' }, '410': { description: 'Gone: the endpoint is disabled and receives nothing more until turned back on.' } },
        },
      },
    ]),
  );
}
