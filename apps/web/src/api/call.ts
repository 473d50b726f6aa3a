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

// CONVENTIONS "One contract": the web calls the API through the endpoint descriptors of
// packages/contracts — their method and path at run time, their schemas only as types, so a
// feature chunk carries just the descriptors it calls and no reply schema.

/** `key?: T` when the caller may leave it out (no schema, or every field optional), `key: T` otherwise. */
type MayBeLeftOut<T> = undefined extends T ? true : T extends object ? (Partial<T> extends T ? true : false) : false;
type Slot<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : MayBeLeftOut<T> extends true ? { [P in K]?: T } : { [P in K]: T };

export type CallOptions<E extends EndpointDef> = Slot<'params', EndpointParams<E>> &
  Slot<'query', EndpointQuery<E>> &
  Slot<'body', EndpointBody<E>> &
  (E['multipart'] extends MultipartBody ? { file: File } : unknown) & { signal?: AbortSignal };

/** Options may be left out when nothing in them is required. */
type OptionsArg<E extends EndpointDef> = Partial<CallOptions<E>> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

type JsonEndpoint = EndpointDef & { reply: { parse: unknown } };
type FileEndpoint = EndpointDef & { reply: BinaryReply };

function urlOf(endpoint: EndpointDef, options: { params?: unknown; query?: unknown }): string {
  return endpointPath(endpoint.path, options.params as Record<string, unknown> | undefined) + queryString(options.query as Parameters<typeof queryString>[0]);
}

/** One call, the whole envelope: for callers that show the server's message (`{ success, message, data }`). */
export async function callEnvelope<E extends JsonEndpoint>(endpoint: E, ...[options]: OptionsArg<E>): Promise<Envelope<EndpointReply<E>>> {
  const opts = (options ?? {}) as { params?: unknown; query?: unknown; body?: unknown; file?: File; signal?: AbortSignal };
  const url = urlOf(endpoint, opts);
  if (endpoint.multipart) return uploadFile<EndpointReply<E>>(url, opts.file as File, endpoint.multipart.field);
  // Writes always send a JSON body (the server's body schemas expect an object).
  const body = opts.body ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {});
  return request<EndpointReply<E>>(endpoint.method, url, { body, signal: opts.signal });
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
