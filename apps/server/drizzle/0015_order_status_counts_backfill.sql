-- The list's stored count per account and status (docs/orders-list.md) starts from the orders there
-- are; from here on the order service changes it in the same transaction as each order.
INSERT INTO "order_status_counts" ("account_id", "status", "n")
SELECT "account_id", "status", count(*) FROM "orders" GROUP BY "account_id", "status";--> statement-breakpoint
-- Statistics for the expression index of migration 0010 (lower(order_name)), which only ANALYZE gathers:
-- without them the planner guesses how many names a prefix matches.
ANALYZE "orders";
