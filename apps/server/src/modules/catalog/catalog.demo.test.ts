import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, startTestApp, type TestApp } from '../../test/harness';

// A fresh install seeds a demo catalog: a network a seller can quote against at once, and the demo
// seller's products at each approval step (README "Demo accounts").
let t: TestApp;
let admin: string;
let seller: string;

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  admin = await t.login(ADMIN.email, ADMIN.password);
  seller = await t.login(SELLER.email, SELLER.password);
});
afterAll(() => t?.close());

const quote = (token: string, payload: object) => t.call({ method: 'POST', url: '/api/v1/quote', token, payload });

describe('demo network', () => {
  it('lists both demo services with their sell prices to the seller', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/pricing/sell-prices', token: seller });
    expect(res.status).toBe(200);
    const byCode = Object.fromEntries((res.body.data as { service: { code: string }; brackets: unknown[] }[]).map((p) => [p.service.code, p.brackets.length]));
    expect(byCode).toEqual({ STD: 5, EXP: 5 });
  });

  it('quotes a seller parcel to the West with the demo discount and the 6% sales tax', async () => {
    const res = await quote(seller, { serviceCode: 'STD', weight: 800, length: 20, width: 15, height: 10, country: 'US', zipcode: '90001', discountCode: 'welcome10' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 800 g in 500–1000 g: $8.90 − 10% ($0.89) + $0.30 seasonal = $8.31; 6% tax $0.50; total $8.81.
    expect(res.body.data.fees).toEqual({ shippingFee: 8.9, seasonalFee: 0.3, signatureFee: 0, overLengthFee: 0, discount: 0.89, taxFee: 0.5, total: 8.81 });
    expect(res.body.data.discountCode).toBe('WELCOME10');
    expect(res.body.data).not.toHaveProperty('cost');
  });

  it('routes staff quotes through the split expedited lanes with a cost below the price', async () => {
    const res = await quote(admin, { serviceCode: 'EXP', weight: 1500, length: 30, width: 20, height: 10, country: 'US', zipcode: '10001' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.routing.carrier).toBe('SWF');
    expect(['EWR1', 'LAX1']).toContain(res.body.data.routing.warehouse);
    expect(res.body.data.routing.zone).toBe('US_EAST');
    expect(res.body.data.margin).toBeGreaterThan(0);
    const remote = await quote(admin, { serviceCode: 'STD', weight: 400, length: 10, width: 10, height: 10, country: 'US', zipcode: '96813' });
    expect(remote.body.data.routing.zone).toBe('US_REMOTE');
  });

  it('compares both demo services for the seller, cheapest first, with their transit days', async () => {
    const res = await t.call({ method: 'POST', url: '/api/v1/quote/rates', token: seller, payload: { weight: 800, length: 20, width: 15, height: 10, country: 'US', zipcode: '90001' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rates.map((r: { serviceCode: string; carrierName: string; transitDaysMin: number; transitDaysMax: number }) => [r.serviceCode, r.carrierName, r.transitDaysMin, r.transitDaysMax])).toEqual([
      ['STD', 'UniParcel Express', 5, 8],
      ['EXP', 'Swift Freight', 2, 4],
    ]);
    expect(res.body.data.unavailable).toEqual([]);
  });

  it("gives the demo seller products at each approval step, the accepted one with two variants", async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/products?pageSize=50', token: seller });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = res.body.data.items as { name: string; approvalStatus: string; variantCount: number }[];
    expect(Object.fromEntries(items.map((p) => [p.name, [p.approvalStatus, p.variantCount]]))).toEqual({
      'Ceramic coffee mug': ['accepted', 2],
      'Cotton tote bag': ['waiting_approval', 1],
      'Enamel pin set': ['draft', 1],
    });
    expect(res.body.data.totalWaitingApproval).toBe(1);
  });

  it('is seeded once: seeding again adds nothing', async () => {
    const count = async () => (await t.call({ method: 'GET', url: '/api/v1/carriers?pageSize=50', token: admin })).body.data.total;
    const before = await count();
    expect(before).toBe(2);
    const products = async () => (await t.call({ method: 'GET', url: '/api/v1/products', token: admin })).body.data.total;
    const productsBefore = await products();
    await t.app.seed();
    expect(await count()).toBe(before);
    expect(await products()).toBe(productsBefore);
  });
});
