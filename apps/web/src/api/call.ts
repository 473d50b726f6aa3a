import {
  endpointPath,
  type BinaryReply,
  type EndpointBody,
  type EndpointDef,
  type EndpointParams,
  type EndpointQuery,
  type EndpointReply,
  type MultipartBody,
} from '@exship/contracts';
import { fetchFile, queryString, request, uploadFile, type Envelope } from './client';

// docs/engineering.md "One contract": the web calls the API through the endpoint descriptors of
// packages/contracts — their method and path at run time, their schemas only as types, so a
// feature chunk carries just the descriptors it calls and no reply schema.

/** `key?: T` when the caller may leave it out (no schema, or every field optional), `key: T` otherwise. */
type MayBeLeftOut<T> = undefined extends T ? true : T extends object ? (Partial<T> extends T ? true : false) : false;
type Slot<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : MayBeLeftOut<T> extends true ? { [P in K]?: T } : { [P in K]: T };

export type CallOptions<E extends EndpointDef> = Slot<'params', EndpointParams<E>> &
  Slot<'query', EndpointQuery<E>> &
  // A multipart endpoint's `body` schema describes its text fields, sent as form fields beside the file.
  (E['multipart'] extends MultipartBody ? { file: File | undefined; fields?: Record<string, string> } : Slot<'body', EndpointBody<E>>) & {
    signal?: AbortSignal;
    /** money-and-security.md: a money request carries one key per intended effect, so a retry replays it. */
    idempotencyKey?: string;
  };

/** Options may be left out when nothing in them is required. */
type OptionsArg<E extends EndpointDef> = Partial<CallOptions<E>> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

type JsonEndpoint = EndpointDef & { reply: { parse: unknown } };
type FileEndpoint = EndpointDef & { reply: BinaryReply };

function urlOf(endpoint: EndpointDef, options: { params?: unknown; query?: unknown }): string {
  return endpointPath(endpoint.path, options.params as Record<string, unknown> | undefined) + queryString(options.query as Parameters<typeof queryString>[0]);
}

/** One call, the whole envelope: for callers that show the server's message (`{ success, message, data }`). */
export async function callEnvelope<E extends JsonEndpoint>(endpoint: E, ...[options]: OptionsArg<E>): Promise<Envelope<EndpointReply<E>>> {
  const opts = (options ?? {}) as { params?: unknown; query?: unknown; body?: unknown; file?: File; fields?: Record<string, string>; signal?: AbortSignal; idempotencyKey?: string };
  const url = urlOf(endpoint, opts);
  const headers = opts.idempotencyKey ? { 'Idempotency-Key': opts.idempotencyKey } : undefined;
  if (endpoint.multipart) return uploadFile<EndpointReply<E>>(url, opts.file, endpoint.multipart.field, opts.fields, headers);
  // Writes always send a JSON body (the server's body schemas expect an object).
  const body = opts.body ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {});
  return request<EndpointReply<E>>(endpoint.method, url, { body, signal: opts.signal, headers });
}

/** One call → its typed `data`. */
export async function call<E extends JsonEndpoint>(endpoint: E, ...options: OptionsArg<E>): Promise<EndpointReply<E>> {
  return (await callEnvelope(endpoint, ...options)).data;
}

/** A file endpoint (xlsx/pdf): the bytes and the server's file name. */
export function download<E extends FileEndpoint>(endpoint: E, ...[options]: OptionsArg<E>): Promise<{ blob: Blob; fileName: string }> {
  const opts = (options ?? {}) as { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal };
  // SPEC §7 exports are POST calls with the list's filters in the body.
  return fetchFile(urlOf(endpoint, opts), opts.signal, endpoint.method === 'POST' ? { body: opts.body } : undefined);
}
