import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivateAccountEndpoint, LoginEndpoint, LogoutEndpoint, PayOrdersEndpoint, defineEndpoint } from '@exship/contracts';
import { z } from 'zod';
import { call, callEnvelope } from './call';

const reply = (body: unknown) =>
  vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));

describe('typed calls from endpoint descriptors', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the method, path and JSON body of the descriptor and returns the typed data', async () => {
    const fetchMock = reply({ success: true, message: 'Signed in.', data: { token: 't', expiresAt: 'x', profile: { id: 'u1' } } });
    vi.stubGlobal('fetch', fetchMock);
    const data = await call(LoginEndpoint, { body: { email: 'a@b.co', password: 'x' } });
    expect(data.token).toBe('t');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/login');
    expect(init!.method).toBe('POST');
    expect(init!.body).toBe('{"email":"a@b.co","password":"x"}');
    // @ts-expect-error the body is required by the descriptor
    void (() => call(LoginEndpoint));
  });

  it('fills path parameters URL-encoded, leaves out empty query values, and keeps the envelope when asked', async () => {
    const fetchMock = reply({ success: true, message: 'Verified', data: null });
    vi.stubGlobal('fetch', fetchMock);
    const res = await callEnvelope(ActivateAccountEndpoint, { params: { token: 'a/b c' } });
    expect(res.message).toBe('Verified');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/accounts/authorization/activate/a%2Fb%20c');

    const Search = defineEndpoint({
      method: 'GET',
      path: '/things/:id/children',
      access: 'open',
      summary: 'Children',
      operationId: 'children',
      tags: ['test'],
      params: z.object({ id: z.string() }),
      query: z.object({ keyword: z.string().optional(), status: z.enum(['all', 'on']).default('all'), page: z.coerce.number().optional() }),
      reply: z.array(z.string()),
    });
    await call(Search, { params: { id: '7' }, query: { keyword: '', status: 'all', page: 2 } });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/things/7/children?page=2');
    expect(fetchMock.mock.calls[1]![1]!.method).toBe('GET');
    expect(fetchMock.mock.calls[1]![1]!.body).toBeUndefined();
  });

  it('sends an Idempotency-Key header only when the caller gives one', async () => {
    const fetchMock = reply({ success: true, message: 'Paid.', data: { orders: [] } });
    vi.stubGlobal('fetch', fetchMock);
    await callEnvelope(PayOrdersEndpoint, { body: { orderIds: ['o1'] }, idempotencyKey: 'key-1' });
    await callEnvelope(PayOrdersEndpoint, { body: { orderIds: ['o1'] } });
    const sent = fetchMock.mock.calls.map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(sent).toEqual(['key-1', undefined]);
  });

  it('a call with nothing to send needs no options', async () => {
    const fetchMock = reply({ success: true, message: 'Signed out.', data: null });
    vi.stubGlobal('fetch', fetchMock);
    expect(await call(LogoutEndpoint)).toBeNull();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/logout');
  });
});
