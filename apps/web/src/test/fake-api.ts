import { vi } from 'vitest';
import { API_BASE } from '../api/client';

/** One request the screen sent to the fake API. */
export interface ApiCall {
  method: string;
  /** The URL exactly as the client passed it to fetch, e.g. `/api/v1/orders?page=1`. */
  url: string;
  /** The pathname without the `/api/v1` prefix, e.g. `/orders/pay`. */
  path: string;
  search: URLSearchParams;
  headers: Headers;
  /** The parsed JSON when the body is a JSON string, the raw body otherwise (FormData, undefined). */
  body: any;
}

/** Answers one call; undefined answers 404 NOT_FOUND, so an unexpected call shows. */
export type ApiHandler = (call: ApiCall) => Response | undefined | Promise<Response | undefined>;

/** A JSON response with any body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The server's success envelope `{ success: true, message, data }`. */
export function envelope(data: unknown, { status = 200, message = 'OK' }: { status?: number; message?: string } = {}): Response {
  return jsonResponse({ success: true, message, data }, status);
}

/** The server's error envelope `{ success: false, code, message, ...extra }` (extra: `errors`, `details`). */
export function failure(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return jsonResponse({ success: false, code, message, ...extra }, status);
}

/** A file download: the bytes with their content type, and a Content-Disposition when a file name is given. */
export function download(content: BodyInit, type: string, fileName?: string): Response {
  const headers: Record<string, string> = { 'Content-Type': type };
  if (fileName) headers['Content-Disposition'] = `attachment; filename="${fileName}"`;
  return new Response(content, { status: 200, headers });
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * Stubs the global fetch (undo with `vi.unstubAllGlobals()`): every request is recorded in the
 * returned array, in order, and answered by `handler`.
 */
export function fakeApi(handler: ApiHandler = () => undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const parsed = new URL(url, 'http://localhost');
      const path = parsed.pathname.startsWith(`${API_BASE}/`) ? parsed.pathname.slice(API_BASE.length) : parsed.pathname;
      const call: ApiCall = { method: init?.method ?? 'GET', url, path, search: parsed.searchParams, headers: new Headers(init?.headers), body: parseBody(init?.body) };
      calls.push(call);
      return (await handler(call)) ?? failure(404, 'NOT_FOUND', `No fake reply for ${call.method} ${url}`);
    }),
  );
  return calls;
}
