CREATE TABLE "address_check_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"full_address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggestion" jsonb,
	"note" text,
	"checked_at" timestamp with time zone,
	CONSTRAINT "address_check_rows_status_ck" CHECK ("address_check_rows"."status" in ('pending', 'valid', 'invalid')),
	CONSTRAINT "address_check_rows_note_ck" CHECK ("address_check_rows"."note" is null or "address_check_rows"."note" in ('provider_unavailable'))
);
--> statement-breakpoint
CREATE TABLE "address_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"valid_count" integer DEFAULT 0 NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "address_checks_source_ck" CHECK ("address_checks"."source" in ('single', 'file')),
	CONSTRAINT "address_checks_status_ck" CHECK ("address_checks"."status" in ('pending', 'done')),
	CONSTRAINT "address_checks_counts_ck" CHECK ("address_checks"."total" = "address_checks"."valid_count" + "address_checks"."invalid_count" + "address_checks"."pending_count")
);
--> statement-breakpoint
ALTER TABLE "address_check_rows" ADD CONSTRAINT "address_check_rows_batch_id_address_checks_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."address_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "address_check_rows_batch_row_uq" ON "address_check_rows" USING btree ("batch_id","row_number");--> statement-breakpoint
CREATE INDEX "address_check_rows_account_batch_idx" ON "address_check_rows" USING btree ("account_id","batch_id","status");--> statement-breakpoint
CREATE INDEX "address_check_rows_pending_idx" ON "address_check_rows" USING btree ("batch_id") WHERE "address_check_rows"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "address_checks_account_created_idx" ON "address_checks" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "address_checks_created_idx" ON "address_checks" USING btree ("created_at");