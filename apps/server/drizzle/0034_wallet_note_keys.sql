ALTER TABLE "wallet_transactions" ADD COLUMN "note_key" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "note_vars" jsonb;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_note_key_ck" CHECK ("wallet_transactions"."note_key" is null or "wallet_transactions"."note_key" in ('payOrder', 'payOrders', 'refundOrder', 'creditRepayment', 'onlineTopUp', 'paymentTo', 'paymentFrom', 'openingBalance'));--> statement-breakpoint
-- The notes the platform wrote before they were keys: the same note as a key and its values, so they read in the reader's language.
UPDATE "wallet_transactions" SET "note_key" = 'payOrder', "note_vars" = '{}'::jsonb WHERE "type" = 'payment' AND "note" = 'Payment of 1 order';--> statement-breakpoint
UPDATE "wallet_transactions" SET "note_key" = 'payOrders', "note_vars" = jsonb_build_object('count', substring("note" from '^Payment of ([0-9]+) orders$')) WHERE "type" = 'payment' AND "note" ~ '^Payment of [0-9]+ orders$';--> statement-breakpoint
UPDATE "wallet_transactions" SET "note_key" = 'refundOrder', "note_vars" = jsonb_build_object('order', substring("note" from '^Refund of ([A-Za-z0-9_-]+)$')) WHERE "type" = 'refund' AND "note" ~ '^Refund of [A-Za-z0-9_-]+$';--> statement-breakpoint
UPDATE "wallet_transactions" SET "note_key" = 'creditRepayment', "note_vars" = '{}'::jsonb WHERE "type" = 'pay_credit' AND "note" = 'Credit repayment';--> statement-breakpoint
UPDATE "wallet_transactions" SET "note_key" = 'onlineTopUp', "note_vars" = jsonb_build_object('session', substring("note" from '^checkout (.+)$')) WHERE "type" = 'top_up' AND "created_by" IS NULL AND "note" ~ '^checkout .+$';--> statement-breakpoint
UPDATE "wallet_transactions" SET "note_key" = 'openingBalance', "note_vars" = '{}'::jsonb WHERE "type" = 'top_up' AND "created_by" IS NULL AND "note" = 'Demo opening balance';--> statement-breakpoint
UPDATE "wallet_transactions" SET "note_key" = 'paymentTo', "note_vars" = jsonb_build_object('email', substring("note" from '^Payment to ([^[:space:]]+@[^[:space:]]+)$')) WHERE "type" IN ('sent', 'received') AND "note" ~ '^Payment to [^[:space:]]+@[^[:space:]]+$';
