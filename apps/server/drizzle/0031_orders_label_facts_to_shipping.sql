-- The label facts move to shipping: every order with a tracking number has its tracker (recordLabel
-- writes both in one transaction, the tracking import included), so nothing is copied. An order whose
-- facts no tracker holds (rows written beside the service) stops the migration instead of losing them.
DO $$
DECLARE n bigint;
BEGIN
  SELECT count(*) INTO n FROM "orders" o
   WHERE o."tracking_number" IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM "trackers" t WHERE t."order_id" = o."id" AND t."tracking_number" = o."tracking_number");
  IF n > 0 THEN
    RAISE EXCEPTION 'orders_label_facts_to_shipping: % orders have a tracking number that no tracker holds', n;
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_routing_status_ck";--> statement-breakpoint
DROP INDEX "orders_tracking_idx";--> statement-breakpoint
DROP INDEX "orders_account_status_created_idx";--> statement-breakpoint
CREATE INDEX "orders_account_status_created_idx" ON "orders" USING btree ("account_id","status","created_at","id","order_name","ex_order_id");--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "routing_status";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "tracking_number";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "label_key";