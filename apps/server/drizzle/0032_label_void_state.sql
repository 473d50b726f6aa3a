ALTER TABLE "label_purchases" ADD COLUMN "void_status" text;--> statement-breakpoint
ALTER TABLE "label_purchases" ADD COLUMN "void_error" text;--> statement-breakpoint
ALTER TABLE "label_purchases" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "label_purchases" ADD CONSTRAINT "label_purchases_void_status_ck" CHECK ("label_purchases"."void_status" is null or "label_purchases"."void_status" in ('requested', 'voided', 'failed'));