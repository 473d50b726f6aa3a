CREATE TABLE "job_receipts" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
