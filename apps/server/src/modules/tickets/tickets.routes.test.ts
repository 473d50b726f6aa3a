import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '@exship/domain';
import { workingDayCalendar } from '@exship/domain/working-days';
import { ADMIN, SELLER, createSeller, orderBody, startTestApp, type TestApp } from '../../test/harness';
import { createTicketService } from './tickets.service';

// docs/tickets-and-claims.md: SPEC §5 limits, tenant isolation, staff-only actions, claims paid once.
let t: TestApp;
let seller: string;
let admin: string;
let other: { id: string; token: string };
let ip = 1;
const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.call({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}), remoteAddress: `10.71.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}` });
const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const DAY = 86_400_000;

let n = 0;
/** An order of the demo seller with a tracker whose last update was `daysAgo` calendar days ago. */
async function orderWithParcel(opts: { lastEventDaysAgo?: number; deliveredDaysAgo?: number } = {}) {
  const res = await call(seller, 'POST', '/orders', orderBody(`TICKET-${++n}`));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.data._id as string;
  const [o] = await q<{ account_id: string; ex_order_id: string }>(sql`select account_id, ex_order_id from orders where id = ${id}`);
  const last = new Date(Date.now() - (opts.lastEventDaysAgo ?? 40) * DAY);
  const delivered = opts.deliveredDaysAgo === undefined ? null : new Date(Date.now() - opts.deliveredDaysAgo * DAY);
  await t.db.execute(sql`insert into trackers (order_id, account_id, ex_order_id, order_name, carrier_code, carrier_name, service_name, tracking_number, label_key, label_data, public_code, dest_city, dest_state, dest_country, labeled_at, last_event_at, next_poll_at, delivered_at)
    values (${id}, ${o!.account_id}, ${o!.ex_order_id}, ${`TICKET-${n}`}, 'SBX', 'Sandbox', 'Standard', ${`TRK${n}`}, ${`labels/x${n}.pdf`}, '{}'::jsonb, ${`pc${n}-${Date.now()}`}, 'Los Angeles', 'CA', 'US', ${last}, ${last}, now(), ${delivered})`);
  return { id, exOrderId: o!.ex_order_id };
}

async function ticket(token = seller, body: Record<string, unknown> = {}) {
  const res = await call(token, 'POST', '/tickets', { type: 'technical', subject: 'Label does not print', content: 'The PDF is blank.', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; code: string; status: string };
}

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO_CATALOG: 'true' } });
  seller = await t.login(SELLER.email, SELLER.password, '10.70.0.1');
  admin = await t.login(ADMIN.email, ADMIN.password, '10.70.0.2');
  other = await createSeller(t, 'tickets.other@example.com');
}, 90_000);
afterAll(() => t?.close());

describe('SPEC §5 limits are refused naming the field', () => {
  it.each([
    ['subject', { subject: 'x'.repeat(256) }],
    ['content', { content: 'x'.repeat(1001) }],
    ['attachmentIds', { attachmentIds: Array.from({ length: 6 }, () => crypto.randomUUID()) }],
  ])('%s', async (field, over) => {
    const res = await call(seller, 'POST', '/tickets', { type: 'other', subject: 'Hello', content: 'Hi', ...over });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(Number((await q<{ n: number }>(sql`select count(*)::int n from tickets where subject = ${(over as { subject?: string }).subject ?? 'Hello'}`))[0]!.n)).toBe(0);
  });
  it('a rating reason over 255 and a rating outside 1–5', async () => {
    const tk = await ticket();
    expect((await call(seller, 'POST', `/tickets/${tk.id}/rating`, { rating: 6 })).body.errors[0].field).toBe('rating');
    expect((await call(seller, 'POST', `/tickets/${tk.id}/rating`, { rating: 4, reason: 'x'.repeat(256) })).body.errors[0].field).toBe('reason');
  });
  it('subject of 255 and content of 1000 are taken', async () => {
    await ticket(seller, { subject: 's'.repeat(255), content: 'c'.repeat(1000) });
  });
});

describe('tenant isolation and staff-only actions', () => {
  it('another seller sees neither the ticket, its thread, its attachments nor the order to claim', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } }).png().toBuffer();
    const boundary = '----tickets';
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const up = await t.call({ method: 'POST', url: '/api/v1/tickets/attachments', token: seller, payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const tk = await ticket(seller, { attachmentIds: [up.body.data.id] });
    const mine = await call(seller, 'GET', `/tickets/${tk.id}`);
    expect(mine.body.data.attachments).toHaveLength(1);
    expect((await call(seller, 'GET', `/tickets/attachments/${up.body.data.id}`)).status).toBe(200);
    expect((await call(admin, 'GET', `/tickets/attachments/${up.body.data.id}`)).status).toBe(200);

    expect((await call(other.token, 'GET', `/tickets/${tk.id}`)).status).toBe(404);
    expect((await call(other.token, 'POST', `/tickets/${tk.id}/messages`, { content: 'peek' })).status).toBe(404);
    expect((await call(other.token, 'GET', `/tickets/attachments/${up.body.data.id}`)).status).toBe(404);
    // Another's attachment cannot be linked to one's own ticket.
    const stolen = await call(other.token, 'POST', '/tickets', { type: 'other', subject: 'x', content: 'y', attachmentIds: [up.body.data.id] });
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors[0].field).toBe('attachmentIds');
    const list = await call(other.token, 'GET', '/tickets');
    expect(list.body.data.items.map((i: { id: string }) => i.id)).not.toContain(tk.id);
    const order = await orderWithParcel();
    expect((await call(other.token, 'GET', `/tickets/claims/eligibility?orderId=${order.id}&reason=lost`)).status).toBe(404);
    expect((await call(other.token, 'POST', '/tickets', { type: 'claim', subject: 'Lost', content: 'Lost', orderId: order.id, claimReason: 'lost' })).status).toBe(404);
    // Staff see every seller's tickets with the customer.
    const all = await call(admin, 'GET', '/tickets?pageSize=100');
    const row = all.body.data.items.find((i: { id: string }) => i.id === tk.id);
    expect(row.customerEmail).toBe(SELLER.email);
  });

  it('staff open a ticket in the seller account they name, about that seller\'s order only; a seller cannot name another', async () => {
    const order = await orderWithParcel({ lastEventDaysAgo: 2 });
    const [sellerAccount] = await q<{ account_id: string }>(sql`select account_id from orders where id = ${order.id}`);
    const opened = await call(admin, 'POST', '/tickets', { type: 'order', subject: 'Address wrong', content: 'Called in', orderId: order.id, customerId: sellerAccount!.account_id });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body.data).toMatchObject({ accountId: sellerAccount!.account_id, exOrderId: order.exOrderId, customerEmail: SELLER.email });
    expect((await call(seller, 'GET', `/tickets/${opened.body.data.id}`)).status).toBe(200);
    // The order belongs to another seller than the one named.
    const wrong = await call(admin, 'POST', '/tickets', { type: 'order', subject: 'x', content: 'x', orderId: order.id, customerId: other.id });
    expect(wrong.status).toBe(404);
    expect(wrong.body.code).toBe('ORDER_NOT_FOUND');
    const unknown = await call(admin, 'POST', '/tickets', { type: 'other', subject: 'x', content: 'x', customerId: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CUSTOMER_NOT_FOUND');
    // A seller naming another account opens it in its own.
    const own = await call(other.token, 'POST', '/tickets', { type: 'other', subject: 'Mine', content: 'Mine', customerId: sellerAccount!.account_id });
    expect(own.status).toBe(201);
    expect(own.body.data.accountId).toBe(other.id);
    expect((await call(other.token, 'POST', '/tickets', { type: 'order', subject: 'x', content: 'x', orderId: order.id, customerId: sellerAccount!.account_id })).status).toBe(404);
  });

  it('a seller cannot set resolved or closed, nor decide a claim', async () => {
    const tk = await ticket();
    for (const status of ['resolved', 'closed']) expect((await call(seller, 'POST', `/tickets/${tk.id}/status`, { status })).status).toBe(403);
    expect((await call(seller, 'POST', `/tickets/${tk.id}/claim/decision`, { decision: 'approve' })).status).toBe(403);
  });

  it('thread, read state, statuses and rating: staff reply, seller reads, staff resolve, seller rates once', async () => {
    const tk = await ticket();
    const replied = await call(admin, 'POST', `/tickets/${tk.id}/messages`, { content: 'Try again now.' });
    expect(replied.status).toBe(201);
    expect(replied.body.data.status).toBe('resolving');
    const listed = (await call(seller, 'GET', '/tickets')).body.data.items.find((i: { id: string }) => i.id === tk.id);
    expect(listed.unread).toBe(1);
    await call(seller, 'GET', `/tickets/${tk.id}`);
    expect((await call(seller, 'GET', '/tickets')).body.data.items.find((i: { id: string }) => i.id === tk.id).unread).toBe(0);
    expect((await call(seller, 'POST', `/tickets/${tk.id}/rating`, { rating: 5 })).status).toBe(409);
    expect((await call(admin, 'POST', `/tickets/${tk.id}/status`, { status: 'resolved' })).status).toBe(200);
    const rated = await call(seller, 'POST', `/tickets/${tk.id}/rating`, { rating: 4, reason: 'Quick' });
    expect(rated.body.data).toMatchObject({ rating: 4, ratingReason: 'Quick' });
    expect((await call(seller, 'POST', `/tickets/${tk.id}/rating`, { rating: 5 })).status).toBe(409);
    // The seller was told of the reply and of the status (bell).
    const kinds = await q<{ kind: string }>(sql`select n.kind from notifications n join users u on u.id = n.user_id where u.email = ${SELLER.email} and n.kind like 'ticket.%'`);
    await t.runJobs();
    const after = await q<{ kind: string }>(sql`select n.kind from notifications n join users u on u.id = n.user_id where u.email = ${SELLER.email} and n.kind like 'ticket.%'`);
    expect(after.length).toBeGreaterThan(kinds.length);
  });
});

describe('claims', () => {
  it('a parcel not lost yet is refused naming the date it may be claimed from', async () => {
    const order = await orderWithParcel({ lastEventDaysAgo: 2 });
    const res = await call(seller, 'POST', '/tickets', { type: 'claim', subject: 'Lost', content: 'Lost', orderId: order.id, claimReason: 'lost' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CLAIM_NOT_ELIGIBLE');
    // The date is the day in the seller's time zone (+07:00 by default), DD-MM-YYYY.
    expect(res.body.errors[0].message).toMatch(/from \d{2}-\d{2}-\d{4} /);
    const el = await call(seller, 'GET', `/tickets/claims/eligibility?orderId=${order.id}&reason=lost`);
    expect(el.body.data).toMatchObject({ eligible: false, message: 'claim.notLostYet' });
    const from = el.body.data.vars.from as string;
    expect(new Date(from).toISOString()).toBe(from);
    expect(res.body.errors[0].message).toContain(formatDay(from, '+07:00'));
  });

  it('a lost parcel: staff approve a partial amount with a reason; the wallet is paid once as compensation', async () => {
    const order = await orderWithParcel({ lastEventDaysAgo: 25 });
    const el = await call(seller, 'GET', `/tickets/claims/eligibility?orderId=${order.id}&reason=lost`);
    expect(el.body.data).toMatchObject({ eligible: true });
    const tk = await ticket(seller, { type: 'claim', subject: 'Parcel lost', content: 'No update for weeks.', orderId: order.id, claimReason: 'lost' });
    const detail = (await call(seller, 'GET', `/tickets/${tk.id}`)).body.data;
    expect(detail.claim).toMatchObject({ status: 'submitted', reason: 'lost', proposedAmount: el.body.data.proposedAmount });
    // A second claim for the order is refused.
    expect((await call(seller, 'POST', '/tickets', { type: 'claim', subject: 'Again', content: 'Again', orderId: order.id, claimReason: 'lost' })).status).toBe(409);

    const partial = detail.claim.proposedAmount - 1;
    expect((await call(admin, 'POST', `/tickets/${tk.id}/claim/decision`, { decision: 'partial', amount: partial })).body.errors[0].field).toBe('reason');
    expect((await call(admin, 'POST', `/tickets/${tk.id}/claim/decision`, { decision: 'partial', amount: detail.claim.capAmount + 1, reason: 'x' })).body.errors[0].field).toBe('amount');
    const [before] = await q<{ balance_cents: number }>(sql`select balance_cents from wallets where account_id = (select account_id from tickets where id = ${tk.id})`);
    const ok = await call(admin, 'POST', `/tickets/${tk.id}/claim/decision`, { decision: 'partial', amount: partial, reason: 'Part of the goods was recovered' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.claim).toMatchObject({ status: 'partial', approvedAmount: partial });
    expect(ok.body.data.status).toBe('resolved');
    expect((await call(admin, 'POST', `/tickets/${tk.id}/claim/decision`, { decision: 'approve' })).status).toBe(409);
    const [afterW] = await q<{ balance_cents: number }>(sql`select balance_cents from wallets where account_id = (select account_id from tickets where id = ${tk.id})`);
    expect(Number(afterW!.balance_cents) - Number(before?.balance_cents ?? 0)).toBe(Math.round(partial * 100));
    const rows = await q<{ type: string; amount_cents: number }>(sql`select type, amount_cents::int as amount_cents from wallet_transactions where id = ${ok.body.data.claim.transactionId}`);
    expect(rows).toEqual([{ type: 'compensation', amount_cents: Math.round(partial * 100) }]);
  });

  it('two approvals at once pay once', async () => {
    const order = await orderWithParcel({ lastEventDaysAgo: 25 });
    const tk = await ticket(seller, { type: 'claim', subject: 'Lost', content: 'Lost', orderId: order.id, claimReason: 'lost' });
    const results = await Promise.all([1, 2, 3].map(() => call(admin, 'POST', `/tickets/${tk.id}/claim/decision`, { decision: 'approve' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const paid = await q<{ n: number }>(sql`select count(*)::int n from wallet_transactions w join claims c on c.transaction_id = w.id where c.ticket_id = ${tk.id}`);
    expect(paid[0]!.n).toBe(1);
    const all = await q<{ n: number }>(sql`select count(*)::int n from wallet_transactions where type = 'compensation' and note like ${`%${order.exOrderId}%`}`);
    expect(all[0]!.n).toBe(1);
  });
});

describe('service-level settings', () => {
  it('only staff who answer tickets read and change them', async () => {
    expect((await call(seller, 'GET', '/tickets/sla-targets')).status).toBe(403);
    expect((await call(seller, 'PUT', '/tickets/sla-targets', { targets: [{ type: 'billing', firstResponseWorkingDays: 2, resolutionDays: 5, resolutionUnit: 'working' }] })).status).toBe(403);
    expect((await call(seller, 'GET', '/tickets/sla-report')).status).toBe(403);
    const got = await call(admin, 'GET', '/tickets/sla-targets');
    expect(got.status).toBe(200);
    expect(got.body.data.find((r: { type: string }) => r.type === 'claim')).toEqual({ type: 'claim', firstResponseWorkingDays: 1, resolutionDays: 15, resolutionUnit: 'calendar' });
  });

  it('bad targets are refused naming the field, and nothing is saved', async () => {
    const before = (await call(admin, 'GET', '/tickets/sla-targets')).body.data;
    for (const [over, field] of [
      [{ resolutionDays: 0 }, 'resolutionDays'],
      [{ resolutionDays: 91 }, 'resolutionDays'],
      [{ firstResponseWorkingDays: 31 }, 'firstResponseWorkingDays'],
      [{ firstResponseWorkingDays: 1.5 }, 'firstResponseWorkingDays'],
      [{ resolutionUnit: 'hours' }, 'resolutionUnit'],
    ] as const) {
      const res = await call(admin, 'PUT', '/tickets/sla-targets', { targets: [{ type: 'account', firstResponseWorkingDays: 9, resolutionDays: 9, resolutionUnit: 'working' }, { type: 'billing', firstResponseWorkingDays: 2, resolutionDays: 5, resolutionUnit: 'working', ...(over as object) }] });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field).join(' ')).toContain(field);
    }
    const dup = await call(admin, 'PUT', '/tickets/sla-targets', { targets: [{ type: 'billing', firstResponseWorkingDays: 2, resolutionDays: 5, resolutionUnit: 'working' }, { type: 'billing', firstResponseWorkingDays: 3, resolutionDays: 5, resolutionUnit: 'working' }] });
    expect(dup.status).toBe(400);
    expect(dup.body.errors[0].field).toContain('targets');
    expect((await call(admin, 'GET', '/tickets/sla-targets')).body.data).toEqual(before);
  });

  it('a change is kept and shapes the time left on a ticket of that type', async () => {
    const saved = await call(admin, 'PUT', '/tickets/sla-targets', { targets: [{ type: 'account', firstResponseWorkingDays: 3, resolutionDays: 20, resolutionUnit: 'calendar' }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.find((r: { type: string }) => r.type === 'account')).toEqual({ type: 'account', firstResponseWorkingDays: 3, resolutionDays: 20, resolutionUnit: 'calendar' });
    expect((await call(admin, 'GET', '/tickets/sla-targets')).body.data.find((r: { type: string }) => r.type === 'account').resolutionDays).toBe(20);
    const tk = await ticket(seller, { type: 'account' });
    const detail = (await call(seller, 'GET', `/tickets/${tk.id}`)).body.data;
    const resolutionDue = new Date(detail.sla.resolutionDueAt).getTime() - new Date(detail.createdAt).getTime();
    expect(Math.round(resolutionDue / DAY)).toBe(20);
  });
});

describe('jobs with an injected clock', () => {
  it('overdue is set once when a target passes; a resolved ticket closes after 7 days', async () => {
    let now = new Date();
    const service = createTicketService({ db: t.db, storage: t.ctx.storage, calendar: workingDayCalendar('US'), orders: () => { throw new Error('no order is read by the jobs'); }, now: () => now });
    const tk = await ticket();
    await t.db.execute(sql`update tickets set created_at = ${new Date(now.getTime() - 2 * DAY)} where id <> ${tk.id} and status not in ('resolved', 'closed')`);
    await t.db.execute(sql`update tickets set status = 'closed' where id <> ${tk.id}`);
    expect(await service.markOverdue()).toBe(0);
    now = new Date(now.getTime() + 6 * DAY); // past one working day for the first answer
    expect(await service.markOverdue()).toBe(1);
    expect((await q<{ status: string }>(sql`select status from tickets where id = ${tk.id}`))[0]!.status).toBe('overdue');
    expect(await service.markOverdue()).toBe(0);
    // Staff move it on; the same breach does not set overdue again.
    expect((await call(admin, 'POST', `/tickets/${tk.id}/status`, { status: 'resolving' })).status).toBe(200);
    expect(await service.markOverdue()).toBe(0);
    expect((await q<{ status: string }>(sql`select status from tickets where id = ${tk.id}`))[0]!.status).toBe('resolving');

    await t.db.execute(sql`update tickets set status = 'resolved', resolved_at = ${now}, last_message_at = ${now} where id = ${tk.id}`);
    now = new Date(now.getTime() + 7 * DAY - 1000);
    expect(await service.autoClose()).toBe(0);
    now = new Date(now.getTime() + 1000);
    expect(await service.autoClose()).toBe(1);
    expect((await q<{ status: string }>(sql`select status from tickets where id = ${tk.id}`))[0]!.status).toBe('closed');
    expect(await service.autoClose()).toBe(0);
  });
});
