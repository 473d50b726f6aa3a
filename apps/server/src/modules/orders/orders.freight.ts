import { asc, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus, PaymentStatus } from '@exship/contracts';
import { setBasedRule } from '@exship/domain';
import type { Db } from '../../platform/db';
import { emitMany } from '../../platform/jobs';
import { OrderStatusChanged } from './orders.events';
import { historyReason } from './orders.shared';
import { orderLines, orderStatusCounts, orders } from './orders.tables';

// What air freight (which depends on orders) reads and writes of the parcels it carries: their facts
// for the cost allocation, the customs manifest and the report, and ⚙ freightDeparted, applied to
// every parcel of a freight at once. `orderIds` is a subquery naming the orders (the freight's
// cartons' parcels), so a freight of 15,000 parcels is a few statements, not 15,000.

/** ⚙ freightDeparted over the orders of `orderIds`: labeled ones ship; the others stay where they are. */
export async function departFreightParcels(tx: Db, orderIds: SQL, opts: { at: Date; actorId: string | null; mawb: string }): Promise<number> {
  const rule = setBasedRule('freightDeparted');
  const why = historyReason({ key: 'freightDeparted', vars: { mawb: opts.mawb } });
  const details = JSON.stringify({ ...why.details, refund: 'none' });
  // 1. the orders (LOCK ORDER, platform/db.ts), their history in the same statement.
  const moved = (
    (await tx.execute(sql`
      with moved as (
        update ${orders} set status = ${rule.to}, pre_status = null, shipped_at = coalesce(shipped_at, ${opts.at}), updated_at = ${opts.at}
        where id in (${orderIds}) and status in (${sql.join(rule.from.map((s) => sql`${s}`), sql`, `)})
        returning id, account_id, ex_order_id, status, payment_status
      ), logged as (
        insert into order_history (order_id, at, actor_id, action, from_status, to_status, payment_from, payment_to, reason, details)
        select id, ${opts.at}, ${opts.actorId}, 'freightDeparted', ${rule.from[0]!}, status, payment_status, payment_status, ${why.reason}, ${details}::jsonb from moved
      )
      select id, account_id, ex_order_id, payment_status from moved`)) as unknown as { rows: { id: string; account_id: string; ex_order_id: string; payment_status: string }[] }
  ).rows;
  if (moved.length === 0) return 0;
  // 2. the per-status counters. No money moves (same payment status, no refund): no wallet lock, the
  // counters in one statement in a fixed order (platform/db.ts "LOCK ORDER").
  const perAccount = new Map<string, number>();
  for (const r of moved) perAccount.set(r.account_id, (perAccount.get(r.account_id) ?? 0) + 1);
  const deltas = [...perAccount].flatMap(([accountId, n]) => [
    { accountId, status: rule.to, n },
    { accountId, status: rule.from[0]!, n: -n },
  ]);
  deltas.sort((a, b) => (a.accountId === b.accountId ? (a.status < b.status ? -1 : 1) : a.accountId < b.accountId ? -1 : 1));
  await tx
    .insert(orderStatusCounts)
    .values(deltas)
    .onConflictDoUpdate({ target: [orderStatusCounts.accountId, orderStatusCounts.status], set: { n: sql`${orderStatusCounts.n} + excluded.n` } });
  await emitMany(
    tx,
    OrderStatusChanged,
    moved.map((r) => ({
      orderId: r.id,
      accountId: r.account_id,
      exOrderId: r.ex_order_id,
      action: 'freightDeparted',
      from: rule.from[0] as OrderStatus,
      to: rule.to,
      paymentFrom: r.payment_status as PaymentStatus,
      paymentTo: r.payment_status as PaymentStatus,
      refund: 'none' as const,
      refundDueAt: null,
      at: opts.at.toISOString(),
    })),
  );
  return moved.length;
}

/** What a freight needs of each parcel it carries: the size (its share of the cost), the consignee (the manifest), the money (the report). */
export async function freightParcelFacts(db: Db, orderIds: SQL) {
  return db
    .select({
      id: orders.id,
      exOrderId: orders.exOrderId,
      accountId: orders.accountId,
      status: orders.status,
      weightGr: orders.weightGr,
      lengthCm: orders.lengthCm,
      widthCm: orders.widthCm,
      heightCm: orders.heightCm,
      firstName: orders.firstName,
      lastName: orders.lastName,
      address1: orders.address1,
      address2: orders.address2,
      city: orders.city,
      state: orders.state,
      country: orders.country,
      zipcode: orders.zipcode,
      phone: orders.phone,
    })
    .from(orders)
    .where(sql`${orders.id} in (${orderIds})`);
}

/**
 * The money of parcels in groups (a freight's parcels): `groups` selects `order_id` and `key`. Per
 * key, what the sellers paid (the orders' totals, less what was refunded) and what the last mile
 * costs (the carrier's cost of each label).
 */
export async function parcelMoneyByGroup(db: Db, groups: SQL): Promise<Map<string, { revenueCents: number; lastMileCents: number }>> {
  const rows = (
    (await db.execute(sql`
      select g.key, coalesce(sum(o.total_cents - case when o.payment_status in ('refund', 'refund-custom') then o.refund_cents else 0 end), 0) as revenue,
             coalesce(sum(o.cost_cents), 0) as last_mile
      from (${groups}) g join ${orders} o on o.id = g.order_id
      group by g.key`)) as unknown as { rows: { key: string; revenue: string | number; last_mile: string | number }[] }
  ).rows;
  return new Map(rows.map((r) => [String(r.key), { revenueCents: Number(r.revenue), lastMileCents: Number(r.last_mile) }]));
}

/** The product lines of the orders of `orderIds`, each order's in its order (the customs manifest). */
export async function orderLinesOfOrders(db: Db, orderIds: SQL) {
  return db
    .select({ orderId: orderLines.orderId, variantId: orderLines.variantId, productName: orderLines.productName, sku: orderLines.sku, quantity: orderLines.quantity, valueCents: orderLines.valueCents })
    .from(orderLines)
    .where(sql`${orderLines.orderId} in (${orderIds})`)
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
}
