CREATE TABLE "cron_job_pauses" (
	"name" text PRIMARY KEY NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_by" uuid
);
