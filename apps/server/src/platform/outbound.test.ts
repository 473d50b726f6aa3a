import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { assertPublicUrl, createOutbound, isPublicAddress, OutboundError, parseAllowEntry, type LookupAll } from './outbound';

// The outbound client against local servers on 127.0.0.1: refused unless allow-listed, no redirects,
// a time and a size limit, and the address check done on the address the socket connects to.

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
interface Local {
  port: number;
  seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  handle: Handler;
  server: Server;
}

async function startLocal(): Promise<Local> {
  const handle: Handler = (_req, res) => res.end('{"ok":true}');
  const local = { seen: [], handle } as unknown as Local;
  local.server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      local.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      local.handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => local.server.listen(0, '127.0.0.1', resolve));
  local.port = (local.server.address() as AddressInfo).port;
  return local;
}

let a: Local;
let b: Local;
beforeAll(async () => {
  [a, b] = await Promise.all([startLocal(), startLocal()]);
});
afterAll(async () => {
  for (const s of [a, b]) {
    s?.server.closeAllConnections();
    await new Promise((r) => s?.server.close(r));
  }
});

const failureOf = async (p: Promise<unknown>): Promise<OutboundError> => {
  try {
    await p;
  } catch (err) {
    return err as OutboundError;
  }
  throw new Error('expected the call to fail');
};
/** A resolver that answers from a table (names outside it do not exist). */
const table =
  (answers: Record<string, string[]>): LookupAll =>
  async (host) => {
    const found = answers[host];
    if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('which addresses are public', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254',
    '0.0.0.0', '0.1.2.3', '224.0.0.1', '239.255.255.250', '255.255.255.255', '192.0.2.10', '198.18.0.1', '240.0.0.1',
    '::1', '::', 'fc00::1', 'fd00:ec2::254', 'fe80::1', 'fe80::1%eth0', 'fec0::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', '::ffff:10.0.0.1',
    '::7f00:1', '::a9fe:a9fe', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe', '64:ff9b:1::a00:1', '2002:7f00:1::1', '2001::1', '2001:db8::1', '100::1', '4000::1',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:81b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('is false for what is not an address', () => {
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isPublicAddress('0x7f.0.0.1')).toBe(false);
  });
});

describe('a URL is checked after the WHATWG parser has normalised it', () => {
  const outbound = createOutbound({ outboundAllowHosts: [] }, { lookup: table({ 'carrier.example': ['93.184.216.34'], 'rebind.example': ['10.0.0.7'] }) });

  it.each([
    'http://127.0.0.1/',
    'http://localhost:5432/',
    'http://[::1]/',
    'http://0x7f.0.0.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://0xa9.254.169.254/latest/meta-data',
    'http://169.0xfe.169.254/',
    'http://2852039166/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::169.254.169.254]/',
    'http://100.64.0.1/',
    'http://0.0.0.0:8080/',
    'https://192.168.0.1/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://metadata.google.internal/computeMetadata/v1',
    'http://rebind.example/',
  ])('%s is refused', async (url) => {
    // localhost resolves through the system resolver; the table has no entry, so it must never be asked.
    const withLocalhost = createOutbound({ outboundAllowHosts: [] });
    const client = url.includes('localhost') ? withLocalhost : outbound;
    const err = await failureOf(client.check(url));
    expect(err, url).toBeInstanceOf(OutboundError);
    expect(err.kind, `${url}: ${err.message}`).toBe('refused');
  });

  it.each(['ftp://carrier.example/', 'file:///etc/passwd', 'javascript:alert(1)', 'http://user:secret@carrier.example/', 'http://:pw@carrier.example/', 'not a url'])('%s is refused (scheme, userinfo, syntax)', async (url) => {
    expect((await failureOf(outbound.check(url))).kind).toBe('refused');
  });

  it('a public name, a public literal and their IPv4-mapped or NAT64 forms pass', async () => {
    for (const url of ['https://carrier.example/api', 'http://8.8.8.8/', 'http://[2606:4700:4700::1111]:8443/', 'http://[::ffff:8.8.8.8]/', 'http://[64:ff9b::8.8.8.8]/']) {
      await expect(outbound.check(url), url).resolves.toBeUndefined();
    }
  });

  it('a name that does not resolve is not reached', async () => {
    expect((await failureOf(outbound.check('http://nowhere.example/'))).kind).toBe('network');
  });

  it('a name with one non-public answer among public ones is refused', async () => {
    const mixed = createOutbound({ outboundAllowHosts: [] }, { lookup: table({ 'mixed.example': ['93.184.216.34', '127.0.0.1'] }) });
    expect((await failureOf(mixed.check('http://mixed.example/'))).kind).toBe('refused');
  });

  it('assertPublicUrl answers 400 on the field with our message', async () => {
    const err = await failureOf(assertPublicUrl('http://0x7f.0.0.1:5432/', { outboundAllowHosts: [] }, 'baseUrl'));
    expect(err).toBeInstanceOf(AppError);
    expect((err as unknown as AppError).status).toBe(400);
    expect((err as unknown as AppError).opts.errors).toEqual([{ field: 'baseUrl', message: 'validation.url.notPublic' }]);
    await expect(assertPublicUrl('https://carrier.example/', outbound, 'baseUrl')).resolves.toBeUndefined();
    await expect(assertPublicUrl(`http://127.0.0.1:${a.port}/`, { outboundAllowHosts: [`127.0.0.1:${a.port}`] }, 'baseUrl')).resolves.toBeUndefined();
    // A name that does not resolve now is kept: the call checks the address it connects to.
    await expect(assertPublicUrl('https://no-such-carrier.invalid/', { outboundAllowHosts: [] }, 'baseUrl')).resolves.toBeUndefined();
  });
});

describe('calls to a local server', () => {
  it('are refused without the allow-list, and nothing reaches the server', async () => {
    const before = a.seen.length;
    for (const host of ['127.0.0.1', '0x7f.0.0.1', '2130706433', '0177.0.0.1', 'localhost']) {
      const err = await failureOf(createOutbound({ outboundAllowHosts: [] }).fetch(`http://${host}:${a.port}/v1/x`));
      expect(err.kind, `${host}: ${err.message}`).toBe('refused');
    }
    expect(a.seen.length).toBe(before);
  });

  it('reach it when its host:port or a range holding it is allow-listed, and only that port for host:port', async () => {
    const byPort = createOutbound({ outboundAllowHosts: [`127.0.0.1:${a.port}`] });
    const res = await byPort.fetch(`http://127.0.0.1:${a.port}/v1/ping?x=1`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer k' }, body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(a.seen.at(-1)).toMatchObject({ method: 'POST', url: '/v1/ping?x=1', body: '{"a":1}' });
    expect((await failureOf(byPort.fetch(`http://127.0.0.1:${b.port}/`))).kind).toBe('refused');
    // The allow-list entry is compared in the parser's spelling.
    expect((await byPort.fetch(`http://0x7f.0.0.1:${a.port}/`)).status).toBe(200);

    const byRange = createOutbound({ outboundAllowHosts: ['127.0.0.0/8'] });
    expect((await byRange.fetch(`http://127.0.0.1:${b.port}/`)).status).toBe(200);
  });

  it('send only the headers the caller gives', async () => {
    const client = createOutbound({ outboundAllowHosts: [`127.0.0.1:${a.port}`] });
    await client.fetch(`http://127.0.0.1:${a.port}/h`, { headers: { 'x-one': '1' } });
    expect(Object.keys(a.seen.at(-1)!.headers).sort()).toEqual(['connection', 'host', 'x-one']);
  });

  it('connect to the address their own resolution checked: a name rebinding to loopback after the save-time check is refused', async () => {
    let asked = 0;
    // First answer public (the save-time check), then loopback (what an attacker's DNS would send at connect).
    const rebinding: LookupAll = async () => [{ address: asked++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    const client = createOutbound({ outboundAllowHosts: [] }, { lookup: rebinding });
    await expect(client.check(`http://rebind.example:${a.port}/`)).resolves.toBeUndefined();
    const before = a.seen.length;
    const err = await failureOf(client.fetch(`http://rebind.example:${a.port}/`));
    expect(err.kind, err.message).toBe('refused');
    expect(asked).toBe(2);
    expect(a.seen.length).toBe(before);
  });

  it('use the checked resolution to connect: a made-up name allowed by range reaches the local server', async () => {
    const client = createOutbound({ outboundAllowHosts: ['127.0.0.1/32'] }, { lookup: table({ 'sandbox.internal': ['127.0.0.1'] }) });
    const res = await client.fetch(`http://sandbox.internal:${a.port}/named`);
    expect(res.status).toBe(200);
    expect(a.seen.at(-1)!.headers.host).toBe(`sandbox.internal:${a.port}`);
  });

  it('refuse a redirect (to another loopback port) without following it', async () => {
    a.handle = (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${b.port}/internal` }).end();
    const before = b.seen.length;
    try {
      const client = createOutbound({ outboundAllowHosts: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`] });
      for (const redirect of [undefined, 'manual', 'follow'] as const) {
        const err = await failureOf(client.fetch(`http://127.0.0.1:${a.port}/go`, { redirect }));
        expect(err.kind).toBe('redirect');
      }
      expect(b.seen.length).toBe(before);
    } finally {
      a.handle = (_req, res) => res.end('{"ok":true}');
    }
  });

  it('stop at the time limit, and at the caller’s own signal with its reason', async () => {
    a.handle = (_req, res) => void setTimeout(() => res.end('late'), 2000);
    try {
      const client = createOutbound({ outboundAllowHosts: [`127.0.0.1:${a.port}`] }, { timeoutMs: 5000 });
      const started = Date.now();
      const err = await failureOf(client.fetch(`http://127.0.0.1:${a.port}/slow`, { timeoutMs: 200 }));
      expect(err.kind).toBe('timeout');
      expect(err.name).toBe('TimeoutError');
      expect(Date.now() - started).toBeLessThan(1500);
      const caller = await failureOf(client.fetch(`http://127.0.0.1:${a.port}/slow`, { signal: AbortSignal.timeout(150) }));
      expect((caller as Error).name).toBe('TimeoutError');
      // The default applies when the caller gives none.
      const short = createOutbound({ outboundAllowHosts: [`127.0.0.1:${a.port}`] }, { timeoutMs: 150 });
      expect((await failureOf(short.fetch(`http://127.0.0.1:${a.port}/slow`))).kind).toBe('timeout');
    } finally {
      a.handle = (_req, res) => res.end('{"ok":true}');
    }
  });

  it('stop reading past the size limit, declared or streamed', async () => {
    const big = 'x'.repeat(64 * 1024);
    a.handle = (req, res) => {
      if (req.url === '/declared') return res.writeHead(200, { 'content-length': String(big.length * 4) }).end(big.repeat(4));
      res.writeHead(200); // chunked: no length announced
      for (let i = 0; i < 4; i++) res.write(big);
      res.end();
    };
    try {
      const client = createOutbound({ outboundAllowHosts: [`127.0.0.1:${a.port}`] });
      for (const path of ['/declared', '/streamed']) {
        const err = await failureOf(client.fetch(`http://127.0.0.1:${a.port}${path}`, { maxBytes: 100_000 }));
        expect(err.kind, path).toBe('too-large');
      }
      expect((await (await client.fetch(`http://127.0.0.1:${a.port}/streamed`, { maxBytes: 300_000 })).text()).length).toBe(big.length * 4);
    } finally {
      a.handle = (_req, res) => res.end('{"ok":true}');
    }
  });

  it('hand back error statuses as replies (the caller decides), with their headers', async () => {
    a.handle = (_req, res) => res.writeHead(429, { 'retry-after': '2', 'content-type': 'application/json' }).end('{"message":"slow down"}');
    try {
      const res = await createOutbound({ outboundAllowHosts: [`127.0.0.1:${a.port}`] }).fetch(`http://127.0.0.1:${a.port}/`);
      expect([res.status, res.ok, res.headers.get('retry-after'), await res.text()]).toEqual([429, false, '2', '{"message":"slow down"}']);
    } finally {
      a.handle = (_req, res) => res.end('{"ok":true}');
    }
  });

  it('say "network" when nothing listens', async () => {
    const closed = await startLocal();
    const port = closed.port;
    await new Promise((r) => closed.server.close(r));
    const err = await failureOf(createOutbound({ outboundAllowHosts: [`127.0.0.1:${port}`] }).fetch(`http://127.0.0.1:${port}/`));
    expect(err.kind).toBe('network');
  });
});

describe('OUTBOUND_ALLOW_HOSTS entries', () => {
  it('are host:port or CIDR ranges', () => {
    expect(parseAllowEntry('127.0.0.1:8080')).toEqual({ kind: 'host', host: '127.0.0.1', port: 8080 });
    expect(parseAllowEntry('[::1]:443')).toEqual({ kind: 'host', host: '::1', port: 443 });
    expect(parseAllowEntry('Sandbox.Carrier.Local:9000')).toEqual({ kind: 'host', host: 'sandbox.carrier.local', port: 9000 });
    expect(parseAllowEntry('10.20.0.0/16')).toMatchObject({ kind: 'cidr' });
    expect(parseAllowEntry('fd00::/8')).toMatchObject({ kind: 'cidr' });
    for (const bad of ['127.0.0.1', 'localhost', 'host:0', 'host:70000', 'http://host:80', 'user@host:80', 'host:80/path', '10.0.0.0/33', '0x7f.1/8', '10.0.0.0/8/1', 'a b:80', '']) {
      expect(parseAllowEntry(bad), bad).toBeUndefined();
    }
  });
});
