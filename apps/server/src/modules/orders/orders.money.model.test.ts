import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workingDayCalendar } from '@exship/domain/working-days';
import { DEFAULT_SELLER_ROLE } from '@exship/contracts';
import { ADMIN, startTestApp, type TestApp } from '../../test/harness';
import sharp from 'sharp';
import { hashPassword } from '../../platform/passwords';
import { multipartForm } from '../../test/files';
import { createUser } from '../users';
import { SnapshotCache } from '../catalog';
import { creditWallet } from '../wallet';
import { createOrderService } from './orders.service';

// A model-based test of the money path. fast-check draws random sequences of top-ups
// (requests with a proof photo that staff accept or decline, and direct bank credits),
// order creation, payments, bulk payments, surcharges, cancellations, refunds, credit line changes,
// blocks and overdue credit against the real
// services on SQL, predicts each step's outcome from a small model, and after every step checks the
// ledger's invariants: each wallet's balance equals the sum of its entries, every transaction's
// entries sum to zero, no wallet is below minus its credit line, no order is paid twice, and the
// balances and payment statuses are the ones the model predicts.

let t: TestApp;
let admin: string;
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

type OrderState = 'unpaid' | 'paid' | 'surcharge-unpaid' | 'canceled-unpaid' | 'waiting-refund' | 'refunded';
interface ModelOrder {
  id: string;
  state: OrderState;
  /** What paying it now costs (its price, or its unpaid surcharges). */
  owedCents: number;
  /** Everything paid for it so far. */
  paidCents: number;
}
interface Seller {
  id: string;
  token: string;
  balanceCents: number;
  orders: ModelOrder[];
  /** The credit line staff set (0: none), whether staff blocked it, and whether its due date has passed. */
  limitCents: number;
  blocked: boolean;
  dueInPast: boolean;
  /** Top-up requests with a proof photo: pending until staff accept (credited once) or decline. */
  requests: { id: string; cents: number; state: 'pending' | 'accepted' | 'declined' }[];
}

/** The lowest balance a payment may leave (wallet.ledger.ts debitWallet): minus the credit line, unless it is blocked or overdue. */
const floorOf = (s: Seller) => (s.blocked || (s.dueInPast && s.balanceCents < 0) ? Math.min(s.balanceCents, 0) : -s.limitCents);
interface Model {
  sellers: Seller[];
}
interface Real {
  service: ReturnType<typeof createOrderService>;
}

const payable = (o: ModelOrder) => o.state === 'unpaid' || o.state === 'surcharge-unpaid';
/** Mostly an order the step fits (so sequences get far), sometimes any order (so refusals are tried too). */
function pickOrder(orders: readonly ModelOrder[], n: number, fits: (o: ModelOrder) => boolean): ModelOrder {
  const fitting = orders.filter(fits);
  const from = n % 5 === 0 || fitting.length === 0 ? orders : fitting;
  return from[Math.floor(n / 5) % from.length]!;
}
const PAYMENT_STATUS: Record<OrderState, string> = {
  unpaid: 'unpaid',
  paid: 'paid',
  'surcharge-unpaid': 'surcharge-unpaid',
  'canceled-unpaid': 'unpaid',
  'waiting-refund': 'waiting-refund',
  refunded: 'refund',
};

let orderNo = 0;
/** What the sequences did, so a test that never reaches a refund is seen to fail. */
const seen = { paid: 0, surcharged: 0, refunded: 0, credit: 0, overdue: 0, accepted: 0 };
const orderBody = () => ({
  orderName: `MODEL-${Date.now().toString(36)}-${++orderNo}`,
  serviceCode: 'STD',
  lengthCm: 20,
  widthCm: 15,
  heightCm: 10,
  weightGr: 500 + (orderNo % 7) * 300,
  recipient: { firstName: 'Jane', address1: '100 Main St', city: 'Los Angeles', state: 'CA', country: 'US', zipcode: '90001' },
});

class TopUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly cents: number,
  ) {}
  check = () => true;
  async run(m: Model) {
    const s = m.sellers[this.who]!;
    await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: s.id, amountCents: this.cents, actorId: null, gateway: 'bank', note: 'model' }));
    s.balanceCents += this.cents;
  }
  toString = () => `topUp(${this.who}, ${this.cents})`;
}

class CreateOrder implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number) {}
  check = (m: Readonly<Model>) => m.sellers[this.who]!.orders.length < 12;
  async run(m: Model) {
    const s = m.sellers[this.who]!;
    const res = await t.call({ method: 'POST', url: '/api/v1/orders', token: s.token, payload: orderBody() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    s.orders.push({ id: res.body.data._id, state: 'unpaid', owedCents: Math.round(res.body.data.totalPrice * 100), paidCents: 0 });
  }
  toString = () => `create(${this.who})`;
}

/** Pays a set of a seller's orders at once: all or nothing. */
class Pay implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly picks: number[],
  ) {}
  check = (m: Readonly<Model>) => m.sellers[this.who]!.orders.length > 0;
  async run(m: Model) {
    const s = m.sellers[this.who]!;
    const chosen = [...new Set(this.picks.map((p) => pickOrder(s.orders, p, payable)))];
    const owed = chosen.reduce((n, o) => n + o.owedCents, 0);
    const ok = chosen.every(payable) && s.balanceCents - owed >= floorOf(s);
    const creditUnusable = s.blocked || (s.dueInPast && s.balanceCents < 0);
    const res = await t.call({ method: 'POST', url: '/api/v1/orders/pay', token: s.token, payload: { orderIds: chosen.map((o) => o.id) } });
    expect(res.status, `${this.toString()}: ${JSON.stringify(res.body)}`).toBe(ok ? 200 : 409);
    if (!ok) {
      const code = !chosen.every(payable) ? 'ACTION_NOT_ALLOWED_FOR_STATUS' : creditUnusable && s.limitCents > 0 && s.balanceCents - owed >= -s.limitCents ? 'CREDIT_BLOCKED' : 'INSUFFICIENT_FUNDS';
      expect(res.body.code, this.toString()).toBe(code);
      return;
    }
    // Starting to use the credit line after the last due date has passed starts a new period.
    if (s.balanceCents >= 0 && s.balanceCents - owed < 0 && s.dueInPast) s.dueInPast = false;
    s.balanceCents -= owed;
    seen.paid += chosen.length;
    for (const o of chosen) {
      o.paidCents += o.owedCents;
      o.owedCents = 0;
      o.state = 'paid';
    }
  }
  toString = () => `pay(${this.who}, [${this.picks.join(', ')}])`;
}

/** Staff add a surcharge: a paid order owes it (surcharge-unpaid); other states refuse it. */
class Surcharge implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly pick: number,
    readonly cents: number,
  ) {}
  check = (m: Readonly<Model>) => m.sellers[this.who]!.orders.length > 0;
  async run(m: Model) {
    const s = m.sellers[this.who]!;
    const o = pickOrder(s.orders, this.pick, (x) => x.state === 'paid');
    const ok = o.state === 'paid' || o.state === 'surcharge-unpaid';
    const res = await t.call({ method: 'POST', url: `/api/v1/orders/${o.id}/surcharges`, token: admin, payload: { amount: this.cents / 100, reason: 'Other' } });
    expect(res.status, `${this.toString()}: ${JSON.stringify(res.body)}`).toBe(ok ? 201 : 409);
    if (!ok) return;
    o.state = 'surcharge-unpaid';
    o.owedCents += this.cents;
    seen.surcharged++;
  }
  toString = () => `surcharge(${this.who}, ${this.pick}, ${this.cents})`;
}

/** The seller cancels an order before its label: an unpaid one just ends; a paid one is refunded in full by the cancel. */
class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly pick: number,
  ) {}
  check = (m: Readonly<Model>) => m.sellers[this.who]!.orders.some((o) => o.state === 'unpaid' || o.state === 'paid');
  async run(m: Model) {
    const s = m.sellers[this.who]!;
    const candidates = s.orders.filter((o) => o.state === 'unpaid' || o.state === 'paid');
    const o = pickOrder(candidates, this.pick, (x) => x.state === 'paid');
    const res = await t.call({ method: 'POST', url: `/api/v1/orders/${o.id}/cancel`, token: s.token, payload: {} });
    expect(res.status, `${this.toString()}: ${JSON.stringify(res.body)}`).toBe(200);
    if (o.state === 'paid') {
      s.balanceCents += o.paidCents;
      seen.refunded++;
    }
    o.state = o.state === 'unpaid' ? 'canceled-unpaid' : 'refunded';
    o.owedCents = 0;
  }
  toString = () => `cancel(${this.who}, ${this.pick})`;
}

/** The refund job runs: every refund still waiting is paid once (a cancel before the label leaves none: it refunds at once). */
class RefundsDue implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const expected = m.sellers.flatMap((s) => s.orders).filter((o) => o.state === 'waiting-refund').length;
    // Other files' orders are not in this database; every waiting order here is the model's.
    expect(await r.service.sweep('refundDue')).toBe(expected);
    for (const s of m.sellers) {
      for (const o of s.orders) {
        if (o.state !== 'waiting-refund') continue;
        s.balanceCents += o.paidCents;
        o.state = 'refunded';
        seen.refunded++;
      }
    }
  }
  toString = () => 'refundsDue()';
}

/** The seller asks for a top-up by bank transfer with a proof photo (SPEC §5: at least 50 USD). */
class RequestTopUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly cents: number,
  ) {}
  check = () => true;
  async run(m: Model) {
    const s = m.sellers[this.who]!;
    const form = multipartForm({ amount: (this.cents / 100).toFixed(2), note: 'model' }, [{ field: 'proof', fileName: 'proof.png', data: proofPng, contentType: 'image/png' }]);
    const res = await t.call({ method: 'POST', url: '/api/v1/wallet/top-up-requests', token: s.token, payload: form.payload, headers: form.headers });
    expect(res.status, `${this.toString()}: ${JSON.stringify(res.body)}`).toBe(201);
    s.requests.push({ id: res.body.data.id, cents: this.cents, state: 'pending' });
  }
  toString = () => `requestTopUp(${this.who}, ${this.cents})`;
}

/** Staff accept or decline a request: a pending one is credited once or closed; a reviewed one is refused. */
class ReviewTopUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly pick: number,
    readonly accept: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.sellers[this.who]!.requests.length > 0;
  async run(m: Model) {
    const s = m.sellers[this.who]!;
    const pending = s.requests.filter((r) => r.state === 'pending');
    const r = this.pick % 4 === 0 || pending.length === 0 ? s.requests[this.pick % s.requests.length]! : pending[this.pick % pending.length]!;
    const res = this.accept
      ? await t.call({ method: 'POST', url: `/api/v1/wallet/top-up-requests/${r.id}/accept`, token: admin })
      : await t.call({ method: 'POST', url: `/api/v1/wallet/top-up-requests/${r.id}/decline`, token: admin, payload: { reason: 'No transfer found' } });
    if (r.state !== 'pending') {
      expect(res.body.code, this.toString()).toBe('TOPUP_ALREADY_REVIEWED');
      return;
    }
    expect(res.status, `${this.toString()}: ${JSON.stringify(res.body)}`).toBe(200);
    r.state = this.accept ? 'accepted' : 'declined';
    if (this.accept) {
      s.balanceCents += r.cents;
      seen.accepted++;
    }
  }
  toString = () => `${this.accept ? 'accept' : 'decline'}TopUp(${this.who}, ${this.pick})`;
}

/** Staff set the credit line (2-week period): refused below the credit in use; 0 removes it. */
class SetCredit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly cents: number,
  ) {}
  check = () => true;
  async run(m: Model) {
    const s = m.sellers[this.who]!;
    const used = Math.max(0, -s.balanceCents);
    const res = await t.call({ method: 'PUT', url: `/api/v1/credit-customers/${s.id}`, token: admin, payload: { limit: this.cents / 100, period: '2w' } });
    if (used > this.cents) {
      expect(res.body.code, this.toString()).toBe('CREDIT_LIMIT_BELOW_USED');
      return;
    }
    expect(res.status, `${this.toString()}: ${JSON.stringify(res.body)}`).toBe(200);
    if (this.cents === 0) {
      s.blocked = false;
      s.dueInPast = false;
    } else if (s.limitCents === 0) s.dueInPast = false; // a new line starts a period
    s.limitCents = this.cents;
    seen.credit++;
  }
  toString = () => `setCredit(${this.who}, ${this.cents})`;
}

/** Staff block or unblock the credit line; an overdue line with credit in use stays locked. */
class Block implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly block: boolean,
  ) {}
  check = () => true;
  async run(m: Model) {
    const s = m.sellers[this.who]!;
    const res = await t.call({ method: 'POST', url: `/api/v1/credit-customers/${s.id}/${this.block ? 'block' : 'unblock'}`, token: admin, payload: {} });
    const refusal = s.limitCents === 0 ? 'CREDIT_NOT_SET' : !this.block && s.dueInPast && s.balanceCents < 0 ? 'CREDIT_OVERDUE' : null;
    if (refusal) {
      expect(res.body.code, this.toString()).toBe(refusal);
      return;
    }
    expect(res.status, `${this.toString()}: ${JSON.stringify(res.body)}`).toBe(200);
    s.blocked = this.block;
  }
  toString = () => `${this.block ? 'block' : 'unblock'}(${this.who})`;
}

/** Time passes beyond the credit line's due date (the row's due date is moved into the past). */
class Overdue implements fc.AsyncCommand<Model, Real> {
  constructor(readonly who: number) {}
  check = (m: Readonly<Model>) => m.sellers[this.who]!.limitCents > 0 && m.sellers[this.who]!.balanceCents < 0;
  async run(m: Model) {
    const s = m.sellers[this.who]!;
    await t.db.execute(sql`update wallets set credit_due_at = now() - interval '1 day' where account_id = ${s.id}`);
    s.dueInPast = true;
    if (s.balanceCents < 0) seen.overdue++;
  }
  toString = () => `overdue(${this.who})`;
}

/** The invariants of money-and-security.md and the model's predictions, checked after every step. */
async function invariantsHold(m: Model) {
  const drift = await q(
    sql`select w.account_id from wallets w left join (select ledger_account, sum(amount_cents) s from ledger_entries group by ledger_account) e on e.ledger_account = 'wallet:' || w.account_id::text where w.balance_cents <> coalesce(e.s, 0)`,
  );
  expect(drift, 'a balance differs from the sum of its entries').toEqual([]);
  expect(await q(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`), 'a transaction does not sum to zero').toEqual([]);
  expect(await q(sql`select account_id from wallets where balance_cents < -credit_limit_cents`), 'a wallet below its credit line').toEqual([]);
  expect(await q(sql`select order_id from transaction_orders where kind in ('order', 'refund') group by order_id, kind having count(*) > 1`), 'an order paid or refunded twice').toEqual([]);
  for (const s of m.sellers) {
    const [w] = await q<{ b: string }>(sql`select balance_cents as b from wallets where account_id = ${s.id}`);
    expect(Number(w?.b ?? 0), `balance of seller ${s.id}`).toBe(s.balanceCents);
    if (s.orders.length === 0) continue;
    const rows = await q<{ id: string; payment_status: string }>(sql`select id, payment_status from orders where account_id = ${s.id}`);
    const real = new Map(rows.map((r) => [r.id, r.payment_status]));
    for (const o of s.orders) expect(real.get(o.id), `payment status of ${o.id} (${o.state})`).toBe(PAYMENT_STATUS[o.state]);
  }
}

let passwordHash: Promise<string> | undefined;
let proofPng: Buffer;
async function newSeller(email: string, ip: string) {
  passwordHash ??= hashPassword('Model#Passw0rd!');
  const user = await createUser(t.db, { email, passwordHash: await passwordHash, fullName: 'Model Seller', roleCode: DEFAULT_SELLER_ROLE, status: 'active' });
  return { id: user.accountId, token: await t.login(email, 'Model#Passw0rd!', ip) };
}

beforeAll(async () => {
  proofPng = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366aa' } }).png().toBuffer();
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  admin = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(() => t?.close());

describe('the wallet against a model', () => {
  it('random sequences of top-ups, payments, bulk payments, surcharges, cancellations, refunds, credit lines, blocks and overdue credit keep the books right', async () => {
    const service = createOrderService({ db: t.db, snapshot: new SnapshotCache(t.db), calendar: workingDayCalendar('US') });
    const who = fc.integer({ min: 0, max: 1 });
    const commands = [
      fc.tuple(who, fc.integer({ min: 1, max: 6_000 })).map(([w, c]) => new TopUp(w, c)),
      fc.tuple(who, fc.integer({ min: 5_000, max: 30_000 })).map(([w, c]) => new RequestTopUp(w, c)),
      fc.tuple(who, fc.nat(), fc.boolean()).map(([w, p, a]) => new ReviewTopUp(w, p, a)),
      fc.tuple(who, fc.nat()).map(([w, p]) => new ReviewTopUp(w, p, true)),
      fc.tuple(who, fc.nat()).map(([w, p]) => new Pay(w, [p])),
      who.map((w) => new CreateOrder(w)),
      who.map((w) => new CreateOrder(w)),
      fc.tuple(who, fc.nat()).map(([w, p]) => new Pay(w, [p])),
      fc.tuple(who, fc.array(fc.nat(), { minLength: 2, maxLength: 5 })).map(([w, ps]) => new Pay(w, ps)),
      fc.tuple(who, fc.nat(), fc.integer({ min: 1, max: 900 })).map(([w, p, c]) => new Surcharge(w, p, c)),
      fc.tuple(who, fc.nat()).map(([w, p]) => new Cancel(w, p)),
      fc.tuple(who, fc.nat()).map(([w, p]) => new Cancel(w, p)),
      fc.constant(new RefundsDue()),
      fc.tuple(who, fc.constantFrom(0, 1_500, 5_000, 20_000)).map(([w, c]) => new SetCredit(w, c)),
      fc.tuple(who, fc.boolean()).map(([w, b]) => new Block(w, b)),
      who.map((w) => new Overdue(w)),
      who.map((w) => new Overdue(w)),
    ];
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'large' }), fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_000 })), { minLength: 2, maxLength: 2 }), async (cmds, opening) => {
        run++;
        // Refunds a shorter earlier sequence left waiting are paid first, outside this sequence's model.
        await service.sweep('refundDue');
        const sellers: Seller[] = [];
        for (const i of [0, 1]) {
          // Each sequence's sellers sign in from their own address, under the sign-in rate limit.
          const s = await newSeller(`model.${run}.${i}.${Date.now().toString(36)}@example.com`, `10.9.${run % 250}.${i + 1}`);
          // An opening balance (possibly none), through the ledger like any top-up.
          if (opening[i]! > 0) await t.db.transaction((tx) => creditWallet(tx, 'top_up', { accountId: s.id, amountCents: opening[i]!, actorId: null, gateway: 'bank', note: 'opening' }));
          sellers.push({ id: s.id, token: s.token, balanceCents: opening[i]!, orders: [], limitCents: 0, blocked: false, dueInPast: false, requests: [] });
        }
        const model: Model = { sellers };
        await fc.asyncModelRun(
          () => ({ model, real: { service } }),
          [...cmds].map((c) => ({
            check: (mm: Readonly<Model>) => c.check(mm),
            run: async (mm: Model, r: Real) => {
              await c.run(mm, r);
              if (process.env.MODEL_DEBUG) console.log(c.toString(), JSON.stringify(mm.sellers.map((x) => [x.balanceCents, x.orders.map((o) => o.state)])));
              await invariantsHold(mm);
            },
            toString: () => c.toString(),
          })),
        );
        // Every sequence ends with the refund job, so a cancellation's refund is always paid and checked.
        await new RefundsDue().run(model, { service });
        await invariantsHold(model);
      }),
      { numRuns: Number(process.env.MODEL_RUNS ?? 25), endOnFailure: true, seed: Number(process.env.MODEL_SEED ?? 42) },
    );
    // The sequences must reach every kind of movement, or the invariants were never tried on them (the
    // seed is fixed so this holds on every run; MODEL_SEED=… MODEL_RUNS=… explore other sequences).
    if (process.env.MODEL_DEBUG) console.log('model sequences reached', seen);
    expect(seen.paid).toBeGreaterThan(0);
    expect(seen.surcharged).toBeGreaterThan(0);
    expect(seen.refunded).toBeGreaterThan(0);
    expect(seen.credit).toBeGreaterThan(0);
    expect(seen.overdue).toBeGreaterThan(0);
    expect(seen.accepted).toBeGreaterThan(0);
  }, 300_000);
});
