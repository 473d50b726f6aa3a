CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"only_validate" boolean NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"upload_key" text,
	"error_workbook_key" text,
	"error_workbook_name" text,
	"result" jsonb,
	"error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "import_runs_one_active_per_user" ON "import_runs" USING btree ("user_id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "import_runs_user_idx" ON "import_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_account_idx" ON "stored_files" USING btree ("account_id","kind","created_at");