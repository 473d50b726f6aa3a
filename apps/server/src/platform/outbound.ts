import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { fieldError } from './errors';

// Every server-side HTTP call (carriers, the address and payment providers, Google's keys, webhooks)
// goes through this client, so a URL a person typed cannot reach our own network (SSRF): only
// http(s) without userinfo, only public addresses — checked on the address the socket connects to
// (a DNS answer that changes between check and connect cannot slip through) —, no redirects, a time
// limit and a size limit. OUTBOUND_ALLOW_HOSTS names deliberate internal targets (tests, a sandbox).

export const OUTBOUND_DEFAULT_TIMEOUT_MS = 10_000;
export const OUTBOUND_DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** Why a call did not happen or was cut: refused (not public / not http(s)), a redirect, too slow, too big, the network. */
export type OutboundFailure = 'refused' | 'redirect' | 'timeout' | 'too-large' | 'network';

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundFailure,
    message: string,
  ) {
    super(message);
    // Callers written for fetch tell a timeout by its name (AbortSignal.timeout's DOMException is a TimeoutError).
    this.name = kind === 'timeout' ? 'TimeoutError' : 'OutboundError';
  }
}

/** An OUTBOUND_ALLOW_HOSTS entry: one host and port, or a range of addresses (any port). */
export type AllowEntry = { kind: 'host'; host: string; port: number } | { kind: 'cidr'; range: [ipaddr.IPv4 | ipaddr.IPv6, number] };

const HOST_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?):(\d{1,5})$/i;

/** Parses `host:port` (`[v6]:port` for IPv6) or a CIDR range; undefined when it is neither. */
export function parseAllowEntry(text: string): AllowEntry | undefined {
  const v = text.trim();
  if (v.includes('/')) {
    try {
      const [addr, bits] = ipaddr.parseCIDR(v);
      // Refuse ipaddr's lenient spellings (0x7f.1/8): a range is written as an address node accepts.
      return net.isIP(v.slice(0, v.indexOf('/'))) ? { kind: 'cidr', range: [addr, bits] } : undefined;
    } catch {
      return undefined;
    }
  }
  const m = HOST_PORT.exec(v);
  const port = Number(m?.[2]);
  if (!m || port < 1 || port > 65535) return undefined;
  try {
    // The WHATWG parser's spelling, the one a request URL is compared in (case, odd IPv4 forms).
    return { kind: 'host', host: bareHost(new URL(`http://${m[1]}`).hostname), port };
  } catch {
    return undefined;
  }
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

function isPublicV4(ip: ipaddr.IPv4): boolean {
  // ipaddr.js names every special range (loopback, private, link-local with metadata, CGNAT,
  // 0.0.0.0/8, multicast, broadcast, documentation, benchmarking, 240/4); only plain unicast is public.
  return ip.range() === 'unicast';
}

/**
 * True for an address on the public internet. IPv4-mapped and NAT64 (64:ff9b::/96) IPv6 addresses
 * are judged by the IPv4 address they carry; any other IPv6 address must be global unicast
 * (2000::/3, not 6to4, Teredo, documentation or another special block) — IPv4-compatible (::/96),
 * unique-local, link-local, site-local and multicast addresses are not.
 */
export function isPublicAddress(address: string): boolean {
  const text = bareHost(address);
  if (!net.isIP(text.split('%')[0]!)) return false;
  const ip = ipaddr.parse(text);
  if (ip.kind() === 'ipv4') return isPublicV4(ip as ipaddr.IPv4);
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return isPublicV4(v6.toIPv4Address());
  if (v6.match(NAT64_WELL_KNOWN)) return isPublicV4(new ipaddr.IPv4(v6.toByteArray().slice(12)));
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === 'unicast';
}

/** Names that mean "cloud metadata" even before they resolve (a hosts file or split DNS could point them anywhere). */
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface OutboundConfig {
  /** OUTBOUND_ALLOW_HOSTS: `host:port` and CIDR entries reachable even though not public. */
  outboundAllowHosts: readonly string[];
}

export interface OutboundInit {
  method?: string;
  /** Only these headers are sent: nothing of ours is added, and with no redirects none goes elsewhere. */
  headers?: ConstructorParameters<typeof Headers>[0];
  body?: string | Uint8Array | null;
  /** The caller's own cancel (its reason is what the call rejects with). */
  signal?: AbortSignal | null;
  /** Ignored: a redirect is always refused (fetch callers such as jose pass 'manual'). */
  redirect?: 'follow' | 'manual' | 'error';
  /** Connect, send and read the whole reply within this time (default 10 s). */
  timeoutMs?: number;
  /** The reply body's limit in bytes (default 5 MB): a longer one is cut and the call fails. */
  maxBytes?: number;
  /**
   * Keep only the first bytes of the reply body: a longer one is cut there and the call still
   * answers (a webhook's status is what counts, its body only an excerpt). Overrides `maxBytes`.
   */
  keepBytes?: number;
}

/** A fetch for our own calls: the reply is read whole (within the limits) into a standard Response. */
export type OutboundFetch = (url: string | URL, init?: OutboundInit) => Promise<Response>;

export interface Outbound {
  fetch: OutboundFetch;
  /** Throws OutboundError('refused') unless `url` is http(s) to public addresses (resolving the name) or allow-listed. */
  check(url: string): Promise<void>;
}

interface Target {
  url: URL;
  host: string;
  port: number;
}

function targetOf(raw: string | URL): Target {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new OutboundError('refused', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('refused', `scheme ${url.protocol} is not http(s)`);
  if (url.username || url.password) throw new OutboundError('refused', 'a URL with a user name or password is not used');
  const host = bareHost(url.hostname);
  if (!host) throw new OutboundError('refused', 'the URL has no host');
  return { url, host, port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80 };
}

export function createOutbound(config: OutboundConfig, opts: { lookup?: LookupAll; timeoutMs?: number; maxBytes?: number } = {}): Outbound {
  const allow = config.outboundAllowHosts.map((text) => {
    const entry = parseAllowEntry(text);
    if (!entry) throw new Error(`OUTBOUND_ALLOW_HOSTS: "${text}" is neither host:port nor a CIDR range`);
    return entry;
  });
  const lookupAll = opts.lookup ?? systemLookup;

  const hostAllowed = (t: Target) => allow.some((e) => e.kind === 'host' && e.host === t.host && e.port === t.port);
  const addressAllowed = (address: string) => {
    if (isPublicAddress(address)) return true;
    const ip = ipaddr.process(bareHost(address).split('%')[0]!);
    return allow.some((e) => e.kind === 'cidr' && ip.kind() === e.range[0].kind() && ip.match(e.range));
  };
  const refuseAddress = (t: Target, address: string) => new OutboundError('refused', `${t.host} is not a public address (${address})`);

  /** The addresses of a target, each checked; an IP literal is its own address. */
  async function checkedAddresses(t: Target): Promise<{ address: string; family: number }[]> {
    if (net.isIP(t.host)) {
      if (!hostAllowed(t) && !addressAllowed(t.host)) throw refuseAddress(t, t.host);
      return [{ address: t.host, family: net.isIP(t.host) }];
    }
    if (!hostAllowed(t) && METADATA_NAMES.has(t.host)) throw new OutboundError('refused', `${t.host} is a cloud metadata name`);
    let found: { address: string; family: number }[];
    try {
      found = await lookupAll(t.host);
    } catch (err) {
      throw new OutboundError('network', `${t.host} did not resolve (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    if (found.length === 0) throw new OutboundError('network', `${t.host} did not resolve`);
    if (!hostAllowed(t)) {
      // One non-public answer refuses the name: the connection could pick any of them.
      const bad = found.find((a) => !addressAllowed(a.address));
      if (bad) throw refuseAddress(t, bad.address);
    }
    return found;
  }

  /** net's `lookup` hook: the socket connects only to addresses this resolution checked (no DNS rebinding). */
  const connectLookup =
    (t: Target): net.LookupFunction =>
    (hostname, options, callback) => {
      const cb = callback as (err: Error | null, address: string | dns.LookupAddress[], family?: number) => void;
      checkedAddresses({ ...t, host: bareHost(hostname) }).then(
        (found) => {
          const family = options.family === 4 || options.family === 6 ? options.family : 0;
          const usable = family ? found.filter((a) => a.family === family) : found;
          if (usable.length === 0) return cb(new OutboundError('network', `${hostname} has no IPv${family} address`), '');
          if (options.all) cb(null, usable);
          else cb(null, usable[0]!.address, usable[0]!.family);
        },
        (err: Error) => cb(err, ''),
      );
    };

  const fetch: OutboundFetch = async (raw, init = {}) => {
    const t = targetOf(raw);
    // An IP literal never reaches the lookup hook: it is checked here.
    if (net.isIP(t.host)) await checkedAddresses(t);
    else if (!hostAllowed(t) && METADATA_NAMES.has(t.host)) throw new OutboundError('refused', `${t.host} is a cloud metadata name`);
    const timeoutMs = init.timeoutMs ?? opts.timeoutMs ?? OUTBOUND_DEFAULT_TIMEOUT_MS;
    const maxBytes = init.keepBytes ?? init.maxBytes ?? opts.maxBytes ?? OUTBOUND_DEFAULT_MAX_BYTES;
    const keep = init.keepBytes !== undefined;
    if (init.signal?.aborted) throw init.signal.reason;

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new OutboundError('timeout', `no complete answer within ${timeoutMs} ms`)), timeoutMs);
    const onCallerAbort = () => controller.abort(init.signal!.reason);
    init.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const headers: Record<string, string> = {};
    new Headers(init.headers ?? undefined).forEach((value, name) => (headers[name] = value));
    const body = init.body == null ? undefined : typeof init.body === 'string' ? Buffer.from(init.body) : Buffer.from(init.body);
    if (body && headers['content-length'] === undefined) headers['content-length'] = String(body.length);

    try {
      return await new Promise<Response>((resolve, reject) => {
        const fail = (err: unknown) => reject(controller.signal.aborted ? controller.signal.reason : err instanceof OutboundError ? err : new OutboundError('network', (err as Error).message));
        controller.signal.addEventListener('abort', () => fail(controller.signal.reason), { once: true });
        const request = (t.url.protocol === 'https:' ? https : http).request(
          {
            protocol: t.url.protocol,
            hostname: t.host,
            port: t.port,
            path: `${t.url.pathname}${t.url.search}`,
            method: init.method ?? 'GET',
            headers,
            // A socket per call: a pooled one would skip the check of the next call's lookup.
            agent: false,
            lookup: connectLookup(t),
            signal: controller.signal,
          },
          (res) => {
            const status = res.statusCode ?? 0;
            if (status >= 300 && status < 400) {
              fail(new OutboundError('redirect', `redirect (HTTP ${status}) refused`));
              return void res.destroy();
            }
            const declared = Number(res.headers['content-length']);
            if (!keep && Number.isFinite(declared) && declared > maxBytes) {
              fail(new OutboundError('too-large', `the reply is larger than ${maxBytes} bytes`));
              return void res.destroy();
            }
            const chunks: Buffer[] = [];
            let size = 0;
            const finish = () => {
              const replyHeaders = new Headers();
              for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
                try {
                  replyHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
                } catch {
                  /* a header a Response cannot hold is dropped */
                }
              }
              try {
                const empty = status === 204 || status === 205 || status === 304;
                resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? '', headers: replyHeaders }));
              } catch {
                fail(new OutboundError('network', `unusable HTTP status ${status}`));
              }
            };
            res.on('data', (chunk: Buffer) => {
              if (keep) {
                // Settled with the first bytes; the rest of the reply is not read.
                if (size >= maxBytes) return;
                chunks.push(chunk.subarray(0, maxBytes - size));
                size += chunk.length;
                if (size >= maxBytes) {
                  finish();
                  res.destroy();
                }
                return;
              }
              size += chunk.length;
              if (size > maxBytes) {
                // Settled first: destroying the reply emits its own close events.
                fail(new OutboundError('too-large', `the reply is larger than ${maxBytes} bytes`));
                res.destroy();
              } else chunks.push(chunk);
            });
            res.on('error', fail);
            res.on('aborted', () => fail(new OutboundError('network', 'the connection closed before the reply was complete')));
            res.on('end', () => {
              if (size > maxBytes || (keep && size >= maxBytes)) return;
              finish();
            });
          },
        );
        request.on('error', fail);
        request.end(body);
      });
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onCallerAbort);
    }
  };

  return {
    fetch,
    async check(url) {
      await checkedAddresses(targetOf(url));
    },
  };
}

/**
 * The save-time check of a URL setting (a carrier's base URL, a webhook URL): 400 on `field` unless
 * it is http(s) to public addresses or allow-listed. Calls are checked again at every connect.
 */
export async function assertPublicUrl(url: string, outbound: Outbound | OutboundConfig, field = 'url'): Promise<void> {
  const client = 'check' in outbound ? outbound : createOutbound(outbound);
  try {
    await client.check(url);
  } catch (err) {
    // A name that does not resolve now (no DNS here, a record not yet published) is not refused at
    // save: every call checks the address it connects to. A non-public answer or literal is refused.
    if (err instanceof OutboundError && err.kind === 'network') return;
    if (err instanceof OutboundError) throw fieldError(field, 'validation.url.notPublic');
    throw err;
  }
}
