import type { z } from 'zod';
import type { MessageKey } from './messages';
import type { PermissionCode, ScreenKey } from './permissions';

// docs/engineering.md "One contract": an endpoint is written once, here. The server registers its route
// from it (validation, OpenAPI), the web calls it through one typed client. Schemas are zod; the
// web uses them only for types, so a reply schema costs the web bundle nothing it does not import.

/** Who may call an endpoint: anyone ('public'), any signed-in user ('open'), or holders of a permission. */
export type EndpointAccess = 'public' | 'open' | PermissionCode | ScreenKey;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The error statuses an endpoint can answer, each with the error envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

/**
 * A limit on how often one caller may call an endpoint: per signed-in account (team members share
 * it) or per client address (public routes); a fixed window shared by every process. Past it the
 * server answers 429 RATE_LIMITED with `Retry-After`. The values live in RATE_LIMITS (limits.ts).
 */
export interface EndpointRateLimit {
  per: 'account' | 'address';
  limit: number;
  windowSeconds: number;
}

/** An upload: a multipart body with one file field (the server reads it as a stream, not as JSON). */
export interface MultipartBody {
  field: string;
  description: string;
  /** Media types the server accepts, e.g. xlsx or image/png. */
  accept: readonly string[];
}

/** A file reply (xlsx/pdf/image) instead of the JSON envelope. */
export interface BinaryReply {
  binary: string;
  description: string;
}

export interface EndpointDef {
  method: HttpMethod;
  /** Fastify style under /api/v1: `/products/:id`. */
  path: string;
  access: EndpointAccess;
  summary: string;
  operationId: string;
  tags: readonly string[];
  description?: string;
  /** Left out of the OpenAPI document (test-only helpers). */
  hidden?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  multipart?: MultipartBody;
  /** The `data` of the `{ success, message, data }` envelope, or a file. */
  reply: z.ZodType | BinaryReply;
  /** Success status, 200 unless stated. */
  status?: 200 | 201;
  /** The message of the success envelope, a key translated in the caller's language. */
  message?: MessageKey;
  /**
   * Error statuses beyond those the declaration implies (400 when there is input, 401 when not
   * public, 403 when a permission is needed, 404 when there are path parameters): 404, 409, 413,
   * 422, 429 as they occur.
   */
  errors?: readonly ErrorStatus[];
  /** Calls allowed per caller and window (429 beyond it). */
  rateLimit?: EndpointRateLimit;
  /**
   * A POST that changes nothing (a quote, a price check, a list or export whose filter is a body).
   * Every method but GET is taken as a change unless declared read-only; only changes are written
   * to the activity trail.
   */
  readOnly?: true;
  /**
   * The signed-in person's own session, password, profile or API keys: a browser session only. An
   * API key is refused with 403 API_KEY_NOT_ALLOWED (docs/api-keys.md).
   */
  sessionOnly?: true;
}

/** Keeps the literal types of a declaration (method, path, schemas) for the server and the web client. */
/*@__NO_SIDE_EFFECTS__*/
export function defineEndpoint<const E extends EndpointDef>(endpoint: E): E {
  return endpoint;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends (before defaults and transforms). */
export type EndpointParams<E extends EndpointDef> = InputOf<E['params']>;
export type EndpointQuery<E extends EndpointDef> = InputOf<E['query']>;
export type EndpointBody<E extends EndpointDef> = InputOf<E['body']>;
/** What the server has after validation. */
export type ParsedParams<E extends EndpointDef> = OutputOf<E['params']>;
export type ParsedQuery<E extends EndpointDef> = OutputOf<E['query']>;
export type ParsedBody<E extends EndpointDef> = OutputOf<E['body']>;
/** The `data` a caller gets back (a file reply is handled by the client). */
export type EndpointReply<E extends EndpointDef> = E['reply'] extends z.ZodType ? z.output<E['reply']> : never;
/** What a handler returns: the reply before the envelope (input side, so defaults may be left out). */
export type EndpointData<E extends EndpointDef> = E['reply'] extends z.ZodType ? z.input<E['reply']> : never;

/** Whether a call changes something: any method but GET, unless the endpoint is declared read-only. */
export const changesState = (e: Pick<EndpointDef, 'method' | 'readOnly'>): boolean => e.method !== 'GET' && e.readOnly !== true;

export const isBinaryReply = (reply: EndpointDef['reply']): reply is BinaryReply => typeof (reply as BinaryReply).binary === 'string';

/** The error statuses an endpoint answers: the implied ones plus the declared ones, sorted. */
export function errorStatusesOf(e: EndpointDef): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(e.errors ?? []);
  // A path parameter that fails its schema names nothing that exists: 404, not 400 (platform/http.ts).
  if (e.params) statuses.add(404);
  if (e.params || e.query || e.body || e.multipart) statuses.add(400);
  if (e.access !== 'public') statuses.add(401);
  if (e.access !== 'public' && e.access !== 'open') statuses.add(403);
  if (e.multipart) statuses.add(413);
  if (e.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** `/products/:id` with `{ id }` → `/products/abc`, each value URL-encoded. */
export function endpointPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** MIME type of the xlsx files the API reads and writes. */
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
