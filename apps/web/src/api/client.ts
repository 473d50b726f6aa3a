import type { ErrorCode } from '@exship/contracts';
import { isEncryptedReply, openEncryptedReply } from './encrypted-replies';
import { session } from './session';

// SPEC §7 / docs/engineering.md "API": base /api/v1, envelope { success, message, data }, errors with a stable code.
export const API_BASE = '/api/v1';

export interface FieldError {
  field: string;
  message: string;
  /** Values for the message's {{placeholders}}. */
  vars?: Record<string, string>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR' | 'BAD_RESPONSE' | string,
    message: string,
    readonly errors: FieldError[] = [],
    readonly details: Record<string, unknown> | undefined = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface Envelope<T> {
  success: true;
  message: string;
  data: T;
}

type SessionEndHandler = () => void;
let onSessionEnd: SessionEndHandler = () => {
  if (typeof window !== 'undefined' && window.location.pathname !== '/app/login') window.location.assign('/app/login');
};
/** The router registers its navigate here so a 401 does not reload the page. */
export function setSessionEndHandler(handler: SessionEndHandler): void {
  onSessionEnd = handler;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. `Idempotency-Key` on a money request. */
  headers?: Record<string, string>;
}

function headers(json: boolean): Record<string, string> {
  const { token, language } = session.get();
  const h: Record<string, string> = { Accept: 'application/json', language, 'Accept-Language': language, 'Cache-Control': 'no-cache', Pragma: 'no-cache' };
  if (token) h.Authorization = `Bearer ${token}`;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

const parseJson = (text: string): Record<string, unknown> | null => {
  if (!text) return null;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
};

/**
 * The reply's JSON, opened first when the server encrypts its replies (SPEC §7: a body with `iv`
 * and `data`). One that does not open (no key in this build, a different key) reads as no body: BAD_RESPONSE.
 */
async function readBody(res: Response): Promise<Record<string, unknown> | null> {
  const body = parseJson(await res.text());
  if (!isEncryptedReply(body)) return body;
  try {
    return (await openEncryptedReply(body)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The error of a reply, and the end of the session on 401 / SESSION_EXPIRED. */
function failure(res: Response, body: Record<string, unknown> | null, sentToken: boolean): ApiError {
  const code = typeof body?.code === 'string' ? body.code : undefined;
  // 401 or SESSION_EXPIRED ends the session — but only a session we actually sent
  // (a wrong password on the login form is a 401 too).
  if ((res.status === 401 || code === 'SESSION_EXPIRED') && sentToken) {
    session.clear();
    onSessionEnd();
  }
  return new ApiError(
    res.status,
    code ?? (body ? 'UNKNOWN' : 'BAD_RESPONSE'),
    typeof body?.message === 'string' ? body.message : '',
    Array.isArray(body?.errors) ? (body.errors as FieldError[]) : [],
    body?.details && typeof body.details === 'object' ? (body.details as Record<string, unknown>) : undefined,
  );
}

/** One call to the API: headers, network errors, and error replies turned into ApiError. */
async function send(method: string, path: string, init: { body?: BodyInit; json?: boolean; signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<Response> {
  const sentToken = Boolean(session.get().token);
  let res: Response;
  try {
    res = await fetch(path.startsWith(API_BASE) ? path : `${API_BASE}${path}`, {
      method,
      headers: { ...headers(init.json ?? false), ...init.headers },
      body: init.body,
      signal: init.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', '');
  }
  if (!res.ok) throw failure(res, await readBody(res), sentToken);
  return res;
}

async function envelope<T>(res: Response): Promise<Envelope<T>> {
  const body = await readBody(res);
  if (!body || body.success !== true) throw failure(res, body, false);
  return body as unknown as Envelope<T>;
}

export async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const json = options.body !== undefined;
  return envelope<T>(await send(method, path, { body: json ? JSON.stringify(options.body) : undefined, json, signal: options.signal, headers: options.headers }));
}

/** A file from the API (templates, exports, images), with the server's file name when it gives one. */
export async function fetchFile(path: string, signal?: AbortSignal, post?: { body: unknown }): Promise<{ blob: Blob; fileName: string }> {
  const res = post ? await send('POST', path, { body: JSON.stringify(post.body ?? {}), json: true, signal }) : await send('GET', path, { signal });
  const fileName = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? path.split(/[/?]/).filter(Boolean).pop() ?? 'download';
  return { blob: await res.blob(), fileName };
}

/** Multipart upload of one file (field `file` unless the endpoint names another), reply in the usual envelope. */
export async function uploadFile<T>(path: string, file: File | undefined, field = 'file', fields: Record<string, string> = {}, extraHeaders?: Record<string, string>): Promise<Envelope<T>> {
  const form = new FormData();
  // Text fields first, so the server has them when it reaches the file.
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(field, file, file.name);
  return envelope<T>(await send('POST', path, { body: form, headers: extraHeaders }));
}

/** `?a=1&b=2` from the set values (empty, null and 'all' are left out). */
export function queryString(params: Record<string, string | number | boolean | undefined | null> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '' && v !== 'all') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, { signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body: body ?? {} }),
};
