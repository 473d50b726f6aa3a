ALTER TABLE "walmart_reconciliation" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "walmart_reconciliation" ADD COLUMN "resolution_note" text;