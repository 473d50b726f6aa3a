import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, SELLER, createSeller, startTestApp, type TestApp } from '../../test/harness';
import { multipartForm } from '../../test/files';
import { hashPassword } from '../../platform/passwords';
import { createUser } from '../users';
import { TELL_SELLER_OF_TOP_UP, TELL_STAFF_OF_TOP_UP } from '../notifications';

// Top-ups: a seller asks with a proof photo (SPEC §5 rules, each refused naming its
// field), staff accept (credited exactly once) or decline with a reason; tenant isolation; the
// seller is told.
let t: TestApp;
let seller: string;
let sellerAccount: string;
let admin: string;
let accountant: string;
let other: { id: string; token: string };
let png: Buffer;
let jpg: Buffer;

const q = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const balance = async (accountId: string) => Number((await q<{ b: string }>(sql`select balance_cents as b from wallets where account_id = ${accountId}`))[0]?.b ?? 0);

/** money-and-security.md: each wallet's balance is the sum of its entries; every transaction sums to zero. */
async function ledgerHolds() {
  const drift = await q(sql`select w.account_id from wallets w left join (select ledger_account, sum(amount_cents) s from ledger_entries group by ledger_account) e on e.ledger_account = 'wallet:' || w.account_id::text where w.balance_cents <> coalesce(e.s, 0)`);
  expect(drift).toEqual([]);
  const unbalanced = await q(sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0`);
  expect(unbalanced).toEqual([]);
}

const ask = (token: string, fields: Record<string, string>, file: { data: Buffer; name?: string } | null = { data: png }, headers: Record<string, string> = {}) => {
  const form = multipartForm(fields, file ? [{ field: 'proof', fileName: file.name ?? 'proof.png', data: file.data, contentType: 'image/png' }] : []);
  return t.call({ method: 'POST', url: '/api/v1/wallet/top-up-requests', token, payload: form.payload, headers: { ...form.headers, ...headers } });
};
async function newRequest(token = seller, amount = '120.50') {
  const res = await ask(token, { amount, note: 'Transfer ref 42' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; amount: number; status: string; customerId: string };
}
const accept = (token: string, id: string, headers: Record<string, string> = {}) => t.call({ method: 'POST', url: `/api/v1/wallet/top-up-requests/${id}/accept`, token, headers });
const decline = (token: string, id: string, reason: unknown) => t.call({ method: 'POST', url: `/api/v1/wallet/top-up-requests/${id}/decline`, token, payload: { reason } });

beforeAll(async () => {
  t = await startTestApp();
  seller = await t.login(SELLER.email, SELLER.password);
  admin = await t.login(ADMIN.email, ADMIN.password);
  await createUser(t.db, { email: 'topup.accounting@example.com', passwordHash: await hashPassword('Staff#Passw0rd!'), fullName: 'Accounting', roleCode: 'EXR-ACCOUNTING', status: 'active' });
  accountant = await t.login('topup.accounting@example.com', 'Staff#Passw0rd!');
  other = await createSeller(t, 'topup.other@example.com');
  sellerAccount = (await q<{ account_id: string }>(sql`select account_id from users where email = ${SELLER.email}`))[0]!.account_id;
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } }).png().toBuffer();
  jpg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff6633' } }).jpeg().toBuffer();
});
afterAll(() => t?.close());

describe('asking for a top-up (SPEC §5)', () => {
  it('tells the seller where to transfer: the bank account and the account email as the description; staff get 403', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/wallet/bank-transfer', token: seller });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ available: true, reference: SELLER.email });
    expect(res.body.data.accountNumber).not.toBe('');
    const admin = await t.login(ADMIN.email, ADMIN.password, '10.77.0.9');
    expect((await t.call({ method: 'GET', url: '/api/v1/wallet/bank-transfer', token: admin })).status).toBe(403);
  });

  it('creates a pending request with its proof; nothing is credited yet', async () => {
    const before = await balance(sellerAccount);
    const res = await ask(seller, { amount: '50', note: 'VCB transfer' }, { data: jpg, name: 'proof.jpg' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toMatch(/Top-up request sent/);
    expect(res.body.data).toMatchObject({ amount: 50, status: 'pending', gateway: 'bank', note: 'VCB transfer', customerId: sellerAccount, transactionId: null });
    expect(await balance(sellerAccount)).toBe(before);
    const proof = await t.call({ method: 'GET', url: res.body.data.proofUrl, token: seller });
    expect(proof.status).toBe(200);
    expect(proof.headers['content-type']).toBe('image/jpeg');
    expect(proof.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    [{ amount: '49.99' }, 'amount', 'at least 50 USD'],
    [{ amount: '9999999' }, 'amount', 'below 9,999,999 USD'],
    [{ amount: 'abc' }, 'amount', 'Enter a number'],
    [{}, 'amount', 'required'],
    [{ amount: '60.123' }, 'amount', '2 decimals'],
    [{ amount: '60', note: 'x'.repeat(256) }, 'note', '255'],
  ])('refuses %j naming %s', async (fields, field, text) => {
    const before = await q(sql`select count(*)::int n from top_up_requests`);
    const res = await ask(seller, fields as Record<string, string>);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const error = res.body.errors.find((e: { field: string }) => e.field === field);
    expect(error?.message, JSON.stringify(res.body.errors)).toContain(text);
    expect(await q(sql`select count(*)::int n from top_up_requests`)).toEqual(before);
  });

  it('answers in Vietnamese when asked to', async () => {
    const form = multipartForm({ amount: '10' }, [{ field: 'proof', fileName: 'p.png', data: png }]);
    const res = await t.call({ method: 'POST', url: '/api/v1/wallet/top-up-requests', token: seller, payload: form.payload, headers: { ...form.headers, language: 'vi' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: 'amount', message: 'Số tiền nạp phải từ 50 USD trở lên.' });
  });

  it('refuses a missing proof, naming it', async () => {
    const res = await ask(seller, { amount: '60' }, null);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: 'proof', message: 'Attach the proof photo of the transfer (JPG or PNG).' });
  });

  it('refuses a .png that is really text (magic bytes), and one that only starts like a PNG', async () => {
    const text = await ask(seller, { amount: '60' }, { data: Buffer.from('<html><script>alert(1)</script></html>'), name: 'proof.png' });
    expect(text.status).toBe(400);
    expect(text.body.errors).toContainEqual({ field: 'proof', message: 'The proof must be a JPG or PNG photo.' });
    const fake = await ask(seller, { amount: '60' }, { data: Buffer.concat([png.subarray(0, 8), Buffer.from('not really a png')]), name: 'proof.png' });
    expect(fake.status).toBe(400);
    expect(fake.body.errors[0].field).toBe('proof');
    expect(await q(sql`select id from top_up_requests where amount_cents = 6000`)).toEqual([]);
  });

  it('refuses a proof of 5 MB or more, naming it', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await ask(seller, { amount: '60' }, { data: big });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('FILE_TOO_LARGE');
    expect(res.body.errors[0].field).toBe('proof');
  });

  it('the same Idempotency-Key and body makes one request', async () => {
    const form = multipartForm({ amount: '77' }, [{ field: 'proof', fileName: 'p.png', data: png }]);
    const send = () => t.call({ method: 'POST', url: '/api/v1/wallet/top-up-requests', token: seller, payload: form.payload, headers: { ...form.headers, 'idempotency-key': 'topup-77' } });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(await q(sql`select id from top_up_requests where amount_cents = 7700`)).toHaveLength(1);
  });

  it('staff cannot ask (a seller-only permission)', async () => {
    expect((await ask(admin, { amount: '60' })).status).toBe(403);
  });
});

describe('reviewing top-ups', () => {
  it('staff accept: the wallet is credited once, with a ledger entry; the seller is told in the app and by email', async () => {
    const r = await newRequest(seller, '120.50');
    const before = await balance(sellerAccount);
    const res = await accept(accountant, r.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'accepted', balanceAfter: (before + 12050) / 100 });
    expect(res.body.data.transactionId).toBeTruthy();
    expect(await balance(sellerAccount)).toBe(before + 12050);
    const tx = await q<{ type: string; amount_cents: string; gateway: string }>(sql`select type, amount_cents, gateway from wallet_transactions where id = ${res.body.data.transactionId}`);
    expect(tx).toEqual([{ type: 'top_up', amount_cents: expect.anything(), gateway: 'bank' }]);
    expect(Number(tx[0]!.amount_cents)).toBe(12050);
    await ledgerHolds();

    // Accepting again is refused and credits nothing.
    const again = await accept(accountant, r.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TOPUP_ALREADY_REVIEWED');
    expect(await balance(sellerAccount)).toBe(before + 12050);

    const ran = await t.runJobs(TELL_SELLER_OF_TOP_UP);
    expect(ran.failed).toBe(0);
    const notes = await t.call({ method: 'GET', url: '/api/v1/notifi/user', token: seller });
    expect(notes.body.data.items[0]).toMatchObject({ title: 'Top-up accepted', url: '/app/billing' });
    expect(notes.body.data.items[0].content).toContain('$120.50');
    const mail = await q<{ subject: string }>(sql`select subject from mail_outbox where to_address = ${SELLER.email} order by created_at desc limit 1`);
    expect(mail[0]?.subject).toBe('Top-up accepted');
  });

  it('decline needs a reason; then accept is refused and nothing is credited', async () => {
    const r = await newRequest(seller, '80');
    const before = await balance(sellerAccount);
    const noReason = await decline(accountant, r.id, '  ');
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].field).toBe('reason');
    const longReason = await decline(accountant, r.id, 'x'.repeat(256));
    expect(longReason.status).toBe(400);
    const res = await decline(accountant, r.id, 'No transfer found with this reference.');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'declined', declineReason: 'No transfer found with this reference.', transactionId: null });
    const then = await accept(accountant, r.id);
    expect(then.status).toBe(409);
    expect(then.body.code).toBe('TOPUP_ALREADY_REVIEWED');
    expect(await balance(sellerAccount)).toBe(before);
    await t.runJobs(TELL_SELLER_OF_TOP_UP);
    const notes = await t.call({ method: 'GET', url: '/api/v1/notifi/user', token: seller });
    expect(notes.body.data.items[0]).toMatchObject({ title: 'Top-up declined' });
    expect(notes.body.data.items[0].content).toContain('No transfer found with this reference');
  });

  it('a seller can never accept or decline, not even its own request', async () => {
    const r = await newRequest(seller, '90');
    const before = await balance(sellerAccount);
    expect((await accept(seller, r.id)).status).toBe(403);
    expect((await decline(seller, r.id, 'mine')).status).toBe(403);
    expect(await balance(sellerAccount)).toBe(before);
  });

  it('two staff accepting at once credit it once', async () => {
    const r = await newRequest(seller, '200');
    const before = await balance(sellerAccount);
    const [a, b] = await Promise.all([accept(accountant, r.id), accept(admin, r.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await balance(sellerAccount)).toBe(before + 20000);
    expect(await q(sql`select id from wallet_transactions where proof = (select proof_key from top_up_requests where id = ${r.id})`)).toHaveLength(1);
    await ledgerHolds();
  });
});

describe('staff are told that a top-up waits for them', () => {
  it('every active holder of EX-TOPUP-APPROVE gets a bell notice linking to the requests; staff without it and the seller do not', async () => {
    const support = await createUser(t.db, { email: `topup.support-${Date.now()}@example.com`, passwordHash: await hashPassword('Staff#Passw0rd!'), fullName: 'Support', roleCode: 'EXR-CUSTOMER-SERVICE', status: 'active' });
    const idOf = async (token: string) => (await t.call({ method: 'GET', url: '/api/v1/me', token })).body.data.id as string;
    const told = async (userId: string) => q<{ title_en: string; title_vi: string; content_en: string; content_vi: string; url: string }>(sql`select title_en, title_vi, content_en, content_vi, url from notifications where user_id = ${userId} and kind = 'top-up.submitted' order by created_at`);
    const [adminId, accountantId, sellerId] = [await idOf(admin), await idOf(accountant), await idOf(seller)];
    // The requests of the tests above are told first.
    await t.runJobs(TELL_STAFF_OF_TOP_UP);
    const before = (await told(accountantId)).length;

    await newRequest(seller, '75.25');
    // Queued with the request, written when its handler runs.
    expect(await told(accountantId)).toHaveLength(before);
    expect(await t.runJobs(TELL_STAFF_OF_TOP_UP)).toEqual({ ran: 1, failed: 0 });

    const notice = (await told(accountantId)).at(-1);
    expect(notice).toEqual({
      title_en: 'Top-up waiting for review',
      title_vi: 'Yêu cầu nạp tiền chờ duyệt',
      content_en: `${SELLER.email} asked for a top-up of $75.25. Check the transfer, then accept or decline it.`,
      content_vi: `${SELLER.email} yêu cầu nạp $75.25. Hãy kiểm tra chuyển khoản rồi duyệt hoặc từ chối.`,
      url: '/app/billing?tab=top-ups',
    });
    expect((await told(adminId)).length).toBeGreaterThan(0);
    expect(await told(support.id)).toHaveLength(0);
    expect(await told(sellerId)).toHaveLength(0);
    // In the accountant's bell, in the page's language.
    const bell = await t.call({ method: 'GET', url: '/api/v1/notifi/user', token: accountant, headers: { language: 'vi' } });
    expect(bell.body.data.items[0]).toMatchObject({ title: 'Yêu cầu nạp tiền chờ duyệt', url: '/app/billing?tab=top-ups', seen: false });
  });
});

describe('tenant isolation', () => {
  it('seller B cannot see, read the proof of, or accept seller A\'s request; staff see every account and filter', async () => {
    const r = await newRequest(seller, '65');
    const mine = await t.call({ method: 'GET', url: '/api/v1/wallet/top-up-requests?pageSize=100', token: other.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.items.map((i: { id: string }) => i.id)).not.toContain(r.id);
    // Naming A as the customer does not widen a seller's view.
    const named = await t.call({ method: 'GET', url: `/api/v1/wallet/top-up-requests?customerId=${sellerAccount}`, token: other.token });
    expect(named.body.data.items).toEqual([]);
    const proof = await t.call({ method: 'GET', url: `/api/v1/wallet/top-up-requests/${r.id}/proof`, token: other.token });
    expect(proof.status).toBe(404);
    expect(proof.body.code).toBe('TOPUP_NOT_FOUND');
    expect((await accept(other.token, r.id)).status).toBe(403);

    const own = await t.call({ method: 'GET', url: '/api/v1/wallet/top-up-requests?status=pending&pageSize=100', token: seller });
    expect(own.body.data.items.map((i: { id: string }) => i.id)).toContain(r.id);
    expect(own.body.data.items.every((i: { customerId: string }) => i.customerId === sellerAccount)).toBe(true);

    const staff = await t.call({ method: 'GET', url: `/api/v1/wallet/top-up-requests?status=pending&customerId=${sellerAccount}&pageSize=100`, token: accountant });
    expect(staff.body.data.items.find((i: { id: string }) => i.id === r.id)).toMatchObject({ customerEmail: SELLER.email, status: 'pending' });
    expect(staff.body.data.pending).toBeGreaterThan(0);
    const staffProof = await t.call({ method: 'GET', url: `/api/v1/wallet/top-up-requests/${r.id}/proof`, token: accountant });
    expect(staffProof.status).toBe(200);
    expect(staffProof.headers['content-type']).toBe('image/png');
    const future = await t.call({ method: 'GET', url: '/api/v1/wallet/top-up-requests?dateFrom=2099-01-01', token: accountant });
    expect(future.body.data.items).toEqual([]);
    const badDate = await t.call({ method: 'GET', url: '/api/v1/wallet/top-up-requests?dateFrom=2024-02-30', token: accountant });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors[0].field).toBe('dateFrom');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, under concurrency', () => {
  it('ten staff accepting one request at once credit it once', async () => {
    const r = await newRequest(other.token, '300');
    const before = await balance(other.id);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => accept(i % 2 ? admin : accountant, r.id)));
    expect(results.filter((x) => x.status === 200)).toHaveLength(1);
    expect(results.filter((x) => x.status === 409)).toHaveLength(9);
    expect(await balance(other.id)).toBe(before + 30000);
    expect(await q(sql`select id from wallet_transactions where account_id = ${other.id} and type = 'top_up'`)).toHaveLength(1);
    await ledgerHolds();
  });
});
