import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller, startTestApp, orderBody, type TestApp } from '../../test/harness';
import { creditWallet } from '../wallet';

// Creating and paying orders of one seller at the same time: every money path takes its locks in
// one order (platform/db.ts), so none of them waits for another in a circle. Real locks need
// PostgreSQL: PGlite has one connection and runs the requests one after the other.
let t: TestApp;
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

let n = 0;
const body = () => orderBody(`RACE-${Date.now().toString(36)}-${++n}`);

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
});
afterAll(() => t?.close());

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL: creating and paying orders of one seller at once', () => {
  it('20 creates and 20 payments in parallel: no error, and the wallet, the ledger and the status counts are exact', async () => {
    const seller = await createSeller(t, 'orders.race@example.com');
    const TOP_UP = 1_000_000;
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: seller.id, amountCents: TOP_UP, actorId: null, note: 'race' }));
    const create = () => t.call({ method: 'POST', url: '/api/v1/orders', token: seller.token, payload: body() });
    const existing: { _id: string; totalPrice: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await create();
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      existing.push(res.body.data);
    }

    const replies = await Promise.all([
      ...existing.map((o) => t.call({ method: 'POST', url: '/api/v1/orders/pay', token: seller.token, payload: { orderIds: [o._id] } })),
      ...Array.from({ length: 20 }, () => create()),
    ]);
    const failed = replies.filter((r) => r.status >= 300).map((r) => `${r.status} ${r.body?.code}`);
    expect(failed).toEqual([]);

    const paidCents = existing.reduce((s, o) => s + Math.round(o.totalPrice * 100), 0);
    const createdCents = replies.slice(20).reduce((s, r) => s + Math.round(r.body.data.totalPrice * 100), 0);
    const [wallet] = await q<{ balance_cents: string; unpaid_cents: string }>(sql`select balance_cents, unpaid_cents from wallets where account_id = ${seller.id}`);
    expect(Number(wallet!.balance_cents)).toBe(TOP_UP - paidCents);
    expect(Number(wallet!.unpaid_cents)).toBe(createdCents);
    const [ledger] = await q<{ s: string }>(sql`select coalesce(sum(amount_cents), 0) as s from ledger_entries where ledger_account = ${`wallet:${seller.id}`}`);
    expect(Number(ledger!.s)).toBe(TOP_UP - paidCents);
    const unbalanced = await q(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`);
    expect(unbalanced).toEqual([]);

    const stored = await q<{ status: string; n: string }>(sql`select status, n from order_status_counts where account_id = ${seller.id} and n <> 0 order by status`);
    const counted = await q<{ status: string; n: string }>(sql`select status, count(*) as n from orders where account_id = ${seller.id} group by status order by status`);
    expect(stored.map((r) => [r.status, Number(r.n)])).toEqual([
      ['paid', 20],
      ['unpaid', 20],
    ]);
    expect(counted.map((r) => [r.status, Number(r.n)])).toEqual([
      ['paid', 20],
      ['unpaid', 20],
    ]);
  }, 120_000);
});
