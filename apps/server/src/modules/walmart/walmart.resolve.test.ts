import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwords';
import { createSeller, type TestApp } from '../../test/harness';
import { createUser } from '../users';
import { fakePurchaseOrder, type FakeWalmart } from './fake/fake-walmart';
import { PO, startWalmartFixture, type WalmartFixture } from './walmart.fixture';

// Resolving a reconciliation difference by hand (settled outside ExShip): the note is required and
// bounded, who and when are recorded with an activity line, a closed difference refuses a second
// resolve, another seller's answers 404, a role without EX-WALMART-PUSH 403; the next run does not
// reopen the same difference but records a different one for the same order.

let f: WalmartFixture;
let t: TestApp;
let fake: FakeWalmart;
let seller: string;
const rows = <T>(q: ReturnType<typeof sql>) => f.rows<T>(q);
const url = (p: string) => `/api/v1/integrations/walmart${p}`;
type Item = { id: string; purchaseOrderId: string; kind: string; resolvedAt: string | null; resolvedBy: string | null; resolutionNote: string | null };

beforeAll(async () => {
  f = await startWalmartFixture({ clientId: 'resolve-client', clientSecret: 'resolve-secret-123' });
  ({ t, fake, seller } = f);
}, 120_000);
afterAll(async () => {
  await f?.close();
});

describe('resolving a reconciliation difference by hand', () => {
  it('closes one difference with a note, who and when, and keeps it closed through later runs', { timeout: 180_000 }, async () => {
    const placed = Date.now() - 3_600_000;
    const storeId = await f.syncedStore('Resolve store', [fakePurchaseOrder(3, placed), fakePurchaseOrder(7, placed + 60_000)]);
    let clock = new Date(placed + 2 * 3_600_000);
    const s = f.reconciler(() => clock);

    // Walmart no longer answers for PO 7.
    const onWalmart = fake.ordersOf('resolve-client');
    const [gone] = onWalmart.splice(onWalmart.findIndex((o) => o.purchaseOrderId === PO(7)), 1);
    expect(await s.reconcile(storeId)).toBe(1);
    const list = async (query: string) => (await t.call({ method: 'GET', url: url(`/reconciliation?storeId=${storeId}${query}`), token: seller })).body.data.items as Item[];
    const [missing] = await list('');
    expect(missing).toMatchObject({ purchaseOrderId: PO(7), kind: 'missing-on-walmart', resolvedAt: null, resolvedBy: null, resolutionNote: null });
    const resolve = (id: string, payload: unknown, token = seller) => t.call({ method: 'POST', url: url(`/reconciliation/${id}/resolve`), token, payload: payload as never });

    // A bad note is refused by name, and nothing changes.
    for (const payload of [{}, { note: '   ' }, { note: 'x'.repeat(256) }, { note: 'bad\u0000note' }]) {
      const bad = await resolve(missing!.id, payload);
      expect(bad.status, JSON.stringify(payload)).toBe(400);
      expect(bad.body.errors[0]).toMatchObject({ field: 'note' });
    }

    // Another seller cannot tell it from an unknown one; a role without EX-WALMART-PUSH is refused.
    const other = await createSeller(t, 'walmart.resolve.other@example.com');
    const foreign = await resolve(missing!.id, { note: 'not mine' }, other.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('WALMART_RECONCILIATION_NOT_FOUND');
    expect((await resolve('00000000-0000-4000-8000-000000000000', { note: 'unknown' })).status).toBe(404);
    await createUser(t.db, { email: 'support.resolve@example.com', passwordHash: await hashPassword('Support#Passw0rd!'), fullName: 'Support', roleCode: 'EXR-SUPPORT', status: 'active' });
    const support = await t.login('support.resolve@example.com', 'Support#Passw0rd!');
    expect((await resolve(missing!.id, { note: 'support' }, support)).status).toBe(403);
    expect((await list('')).map((i) => i.id)).toEqual([missing!.id]);

    // The seller resolves it: who, when and why are recorded, with the activity line.
    const ok = await resolve(missing!.id, { note: '  Refunded by Walmart support on the phone.  ' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ id: missing!.id, resolutionNote: 'Refunded by Walmart support on the phone.' });
    expect(ok.body.data.resolvedBy).toBeTruthy();
    const [me] = await rows<{ id: string }>(sql`select id from users where email = 'seller@exship.local'`);
    const [saved] = await rows<{ resolved_by: string; resolved_at: Date }>(sql`select resolved_by, resolved_at from walmart_reconciliation where id = ${missing!.id}`);
    expect(saved!.resolved_by).toBe(me!.id);
    expect(ok.body.data.resolvedAt).toBe(new Date(saved!.resolved_at).toISOString());
    const trail = await rows<{ user_id: string; params: { reconciliationId: string } }>(sql`select user_id, params from activity_log where operation_id = 'resolveWalmartReconciliation' and status = 200`);
    expect(trail.map((r) => [r.user_id, r.params.reconciliationId])).toEqual([[me!.id, missing!.id]]);

    // Twice: refused with a code; the first note stays.
    const again = await resolve(missing!.id, { note: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('WALMART_RECONCILIATION_CLOSED');

    // Open by default (none now); the resolved ones on asking, with who, when and the note.
    expect(await list('')).toEqual([]);
    const resolved = await list('&state=resolved');
    expect(resolved.map((i) => [i.id, i.resolutionNote])).toEqual([[missing!.id, 'Refunded by Walmart support on the phone.']]);
    expect(resolved[0]!.resolvedBy).toBe(ok.body.data.resolvedBy);
    expect((await t.call({ method: 'GET', url: url('/reconciliation?state=closed'), token: seller })).body.errors[0]).toMatchObject({ field: 'state' });

    // The next run finds the same difference: it stays resolved, not listed again.
    clock = new Date(placed + 4 * 3_600_000);
    expect(await s.reconcile(storeId)).toBe(0);
    expect(await list('')).toEqual([]);
    const kinds = async () => rows<{ kind: string; resolved_at: Date | null }>(sql`select r.kind, r.resolved_at from walmart_reconciliation r join integration_orders io on io.id = r.integration_order_id where io.purchase_order_id = ${PO(7)} and io.store_id = ${storeId} order by r.detected_at, r.kind`);
    expect((await kinds()).map((r) => [r.kind, r.resolved_at !== null])).toEqual([['missing-on-walmart', true]]);

    // A different difference for the same order is recorded as usual: Walmart answers again, cancelled.
    gone!.lines.forEach((l) => (l.status = 'Cancelled'));
    onWalmart.push(gone!);
    clock = new Date(placed + 5 * 3_600_000);
    expect(await s.reconcile(storeId)).toBe(1);
    expect((await list('')).map((i) => [i.purchaseOrderId, i.kind])).toEqual([[PO(7), 'status-differs']]);
    expect((await list('&state=all')).length).toBe(2);
  });
});
