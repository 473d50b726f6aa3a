ALTER TABLE "import_runs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_runs" ADD COLUMN "job_id" uuid;--> statement-breakpoint
CREATE INDEX "import_runs_lease_idx" ON "import_runs" USING btree ("lease_until") WHERE status in ('queued', 'running');