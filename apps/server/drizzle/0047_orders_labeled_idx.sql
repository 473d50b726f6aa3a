DROP INDEX "orders_labeled_unreceived_idx";--> statement-breakpoint
CREATE INDEX "orders_labeled_idx" ON "orders" USING btree ("labeled_at") WHERE status = 'labeled';