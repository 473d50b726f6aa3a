ALTER TABLE "warehouses" ADD COLUMN "handover_address" text;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "handover_city" text;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "handover_country" text;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "handover_hours" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ship_from" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "return_address" jsonb;