import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_CHECK_COLUMNS } from '@exship/contracts';
import { SELLER, startTestApp, type TestApp } from '../../test/harness';
import { multipartFile, xlsxOf } from '../../test/files';
import { createOutbound, type OutboundFetch } from '../../platform/outbound';
import { AddressProviderUnavailable, HttpAddressProvider } from './addresses.provider';

// The address provider adapter against a local fake of the documented API (docs/address-check.md):
// found → valid (with the provider's spelling suggested), not found → invalid "address not found",
// a timeout or a 5xx → the row stays pending with a note and no reason, never a 500.

type Mode = 'normal' | 'down';
let mode: Mode = 'normal';
const calls: { path: string; authorization?: string; body: Record<string, string> }[] = [];

const fake = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    const body = JSON.parse(raw || '{}') as Record<string, string>;
    calls.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    const send = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    if (mode === 'down' || body.address1 === '500 Broken Rd') return send(503, { error: 'maintenance' });
    if (body.address1 === '1 Slow Ln') return void setTimeout(() => send(200, { found: true, address: body }), 1500);
    if (body.address1 === '404 Nowhere Ave') return send(200, { found: false });
    if (body.address1 === 'garbage') return send(200, { hello: 'world' });
    // Found: the provider writes the street its own way.
    return send(200, { found: true, address: { ...body, address1: body.address1 === '350 5th ave' ? '350 5th Avenue' : body.address1, state: (body.state ?? '').toUpperCase() } });
  });
});

let url = '';
let hostPort = '';
/** The outbound client with the fake (and a port nothing listens on) allowed, as the app has it. */
let allowed: OutboundFetch;
let t: TestApp;
let seller: string;
const good = { country: 'US', state: 'NY', city: 'New York', zip: '10001', address1: '350 5th Ave', address2: '' };

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  hostPort = `127.0.0.1:${(fake.address() as AddressInfo).port}`;
  url = `http://${hostPort}`;
  allowed = createOutbound({ outboundAllowHosts: [hostPort, '127.0.0.1:9'] }).fetch;
  t = await startTestApp({ env: { ADDRESS_PROVIDER_URL: url, ADDRESS_PROVIDER_API_KEY: 'test-key-123', ADDRESS_PROVIDER_TIMEOUT_MS: '300', OUTBOUND_ALLOW_HOSTS: hostPort } });
  seller = await t.login(SELLER.email, SELLER.password);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake.close(resolve));
});

const check = (payload: Record<string, string>) => t.call({ method: 'POST', url: '/api/v1/address-checks/check', token: seller, payload });

describe('HttpAddressProvider', () => {
  it('posts the address to /v1/verify with the API key and reads found / not found', async () => {
    const provider = new HttpAddressProvider({ url, apiKey: 'k-12345678', timeoutMs: 300 }, allowed);
    expect(await provider.verify({ ...good, address1: '350 5th ave' })).toEqual({ found: true, address: { ...good, address1: '350 5th Avenue' } });
    expect(calls.at(-1)).toMatchObject({ path: '/v1/verify', authorization: 'Bearer k-12345678', body: { ...good, address1: '350 5th ave' } });
    expect(await provider.verify({ ...good, address1: '404 Nowhere Ave' })).toEqual({ found: false });
  });

  it('a timeout, a 5xx or an unreadable reply is unavailable', async () => {
    const provider = new HttpAddressProvider({ url, timeoutMs: 300 }, allowed);
    await expect(provider.verify({ ...good, address1: '1 Slow Ln' })).rejects.toBeInstanceOf(AddressProviderUnavailable);
    await expect(provider.verify({ ...good, address1: '500 Broken Rd' })).rejects.toBeInstanceOf(AddressProviderUnavailable);
    await expect(provider.verify({ ...good, address1: 'garbage' })).rejects.toBeInstanceOf(AddressProviderUnavailable);
    await expect(new HttpAddressProvider({ url: 'http://127.0.0.1:9', timeoutMs: 300 }, allowed).verify(good)).rejects.toBeInstanceOf(AddressProviderUnavailable);
  });

  it('goes through the outbound client: a loopback provider not in the allow-list is never called', async () => {
    const before = calls.length;
    const unlisted = new HttpAddressProvider({ url, timeoutMs: 300 }, createOutbound({ outboundAllowHosts: [] }).fetch);
    await expect(unlisted.verify(good)).rejects.toThrow('address provider unavailable: refused');
    expect(calls.length).toBe(before);
  });
});

describe('address check with the provider configured', () => {
  it('found → valid, with the provider’s spelling suggested', async () => {
    const res = await check({ ...good, address1: '350 5th ave' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'valid', reasons: [], suggestion: { address1: '350 5th Avenue' }, note: null });
  });

  it('not found → invalid, address not found', async () => {
    const res = await check({ ...good, address1: '404 Nowhere Ave' });
    expect(res.body.data).toMatchObject({ status: 'invalid', reasons: ['address_not_found'], reasonText: 'Address not found or not matching state and country.' });
  });

  it('an address invalid offline never reaches the provider', async () => {
    const before = calls.length;
    expect((await check({ ...good, city: 'Boston' })).body.data.reasons).toEqual(['invalid_city']);
    expect(calls.length).toBe(before);
  });

  it('a timeout or a 5xx leaves the row pending with a note and no reason; the job verifies it once the provider is back', async () => {
    const slow = await check({ ...good, address1: '1 Slow Ln' });
    expect(slow.status).toBe(201);
    expect(slow.body.data).toMatchObject({ status: 'pending', reasons: [], reasonText: '', note: 'provider_unavailable', checkedAt: null });

    mode = 'down';
    const down = await check(good);
    expect(down.status).toBe(201);
    expect(down.body.data).toMatchObject({ status: 'pending', note: 'provider_unavailable' });
    // Still down: the job leaves the row pending and fails, so the queue retries it.
    expect((await t.runJobs('addresses.verify-pending')).failed).toBeGreaterThan(0);
    mode = 'normal';
    await t.runJobs('addresses.verify-pending', { includeDelayed: true });
    const rows = await t.call({ method: 'GET', url: `/api/v1/address-checks/${down.body.data.batchId}/rows`, token: seller });
    expect(rows.body.data.items[0]).toMatchObject({ status: 'valid', note: null });
    expect(rows.body.data.batch).toMatchObject({ status: 'done', valid: 1, pending: 0 });
  });

  it('a file: offline-valid rows wait for the provider, then the job decides them', async () => {
    const headers = ADDRESS_CHECK_COLUMNS.map((c) => c.header);
    const data = await xlsxOf(headers, [
      ['US', 'NY', 'New York', '10001', '350 5th Ave', null],
      ['US', 'NY', 'New York', '10001', '404 Nowhere Ave', null],
      ['US', 'NY', 'Boston', '10001', '1 Main St', null],
    ]);
    const res = await t.call({ method: 'POST', url: '/api/v1/address-checks/import', token: seller, ...multipartFile('provider.xlsx', data) });
    expect(res.status).toBe(201);
    expect(res.body.data.batch).toMatchObject({ status: 'pending', total: 3, invalid: 1, pending: 2 });
    await t.runJobs('addresses.verify-pending');
    const rows = await t.call({ method: 'GET', url: `/api/v1/address-checks/${res.body.data.batch.id}/rows`, token: seller });
    expect(rows.body.data.items.map((r: { status: string; reasons: string[] }) => [r.status, r.reasons])).toEqual([
      ['valid', []],
      ['invalid', ['address_not_found']],
      ['invalid', ['invalid_city']],
    ]);
    expect(rows.body.data.batch).toMatchObject({ status: 'done', valid: 1, invalid: 2, pending: 0 });
  });
});
