CREATE INDEX "order_surcharges_unpaid_idx" ON "order_surcharges" USING btree ("account_id") WHERE paid_at is null;--> statement-breakpoint
CREATE INDEX "orders_account_unpaid_idx" ON "orders" USING btree ("account_id","payment_status") WHERE payment_status in ('unpaid', 'surcharge-unpaid') and status <> 'canceled';--> statement-breakpoint
-- What each account owed before the wallet kept the figure (hand-written backfill).
INSERT INTO "wallets" ("account_id", "unpaid_cents")
SELECT account_id, sum(cents) FROM (
  SELECT account_id, total_cents AS cents FROM "orders" WHERE payment_status = 'unpaid' AND status <> 'canceled'
  UNION ALL
  SELECT s.account_id, s.amount_cents FROM "order_surcharges" s JOIN "orders" o ON o.id = s.order_id
   WHERE s.paid_at IS NULL AND o.payment_status = 'surcharge-unpaid' AND o.status <> 'canceled'
) owed GROUP BY account_id
ON CONFLICT ("account_id") DO UPDATE SET "unpaid_cents" = excluded."unpaid_cents";
