import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogApi, pricingApi, productsApi } from './endpoints';

// The network and product calls go out on the paths of their descriptors: path parameters,
// URL-kept filters, uploads with their query, and mockup images addressed by the path the server issued.

const fetchReplying = (body: BodyInit, contentType = 'application/json') =>
  vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(body, { status: 200, headers: { 'Content-Type': contentType } }));
const ok = (data: unknown) => JSON.stringify({ success: true, message: 'OK', data });

describe('network and product calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends URL-kept list filters, leaving out empty ones and "all"', async () => {
    const fetchMock = fetchReplying(ok({ items: [], total: 0, page: 2, pageSize: 10 }));
    vi.stubGlobal('fetch', fetchMock);
    await catalogApi.carriers({ page: '2', keyword: '', status: 'all', serviceId: 'a1' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/carriers?page=2&serviceId=a1');
    // @ts-expect-error a filter the endpoint does not take
    void (() => catalogApi.carriers({ colour: 'red' }));
  });

  it('uploads a price table to its kind, saying whether to only check it', async () => {
    const fetchMock = fetchReplying(ok({ rows: 1, version: null }));
    vi.stubGlobal('fetch', fetchMock);
    const file = new File(['x'], 'prices.xlsx');
    await pricingApi.importFile('carrier', file, true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/pricing/import/carrier?onlyValidate=true');
    expect(init!.method).toBe('POST');
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('imports products only-validating, then for real', async () => {
    const fetchMock = fetchReplying(ok({ onlyValidate: true, totalRows: 0, rows: [] }));
    vi.stubGlobal('fetch', fetchMock);
    const file = new File(['x'], 'variants.xlsx');
    await productsApi.importFile('variant', file, true);
    await productsApi.importFile('weightConfig', file, false);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/v1/products/import-variants?onlyValidate=true', '/api/v1/products/weight-configs/import']);
  });

  it('fetches a mockup image by the path the server issued', async () => {
    const fetchMock = fetchReplying('png-bytes', 'image/png');
    vi.stubGlobal('fetch', fetchMock);
    const accountId = '0b6c2f0e-8d7a-4c59-9a57-1d1f1c1e2a3b';
    const file = '5f0e1c2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f.png';
    const blob = await productsApi.mockupBlob(`/api/v1/products/mockups/${accountId}/${file}`);
    expect(await blob.text()).toBe('png-bytes');
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/v1/products/mockups/${accountId}/${file}`);
  });

  it('a link that is not a served mockup is refused before any request', async () => {
    const fetchMock = fetchReplying('');
    vi.stubGlobal('fetch', fetchMock);
    await expect(productsApi.mockupBlob('https://example.com/tee.png')).rejects.toThrow(/missing path parameter/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
