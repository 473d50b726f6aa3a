CREATE TABLE "notification_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"users" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"title_en" text NOT NULL,
	"title_vi" text NOT NULL,
	"content_en" text NOT NULL,
	"content_vi" text NOT NULL,
	"url" text,
	"icon_url" text,
	"image_url" text,
	"publish_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"sent_at" timestamp with time zone,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_campaigns_status_ck" CHECK ("notification_campaigns"."status" in ('waiting', 'sent')),
	CONSTRAINT "notification_campaigns_channel_ck" CHECK ("notification_campaigns"."channel" in ('noti', 'email')),
	CONSTRAINT "notification_campaigns_target_ck" CHECK ("notification_campaigns"."target" in ('all', 'role', 'users'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" uuid,
	"title_en" text NOT NULL,
	"title_vi" text NOT NULL,
	"content_en" text NOT NULL,
	"content_vi" text NOT NULL,
	"icon_url" text,
	"image_url" text,
	"url" text,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_campaigns" ADD CONSTRAINT "notification_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_campaign_id_notification_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."notification_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_campaigns_code_uq" ON "notification_campaigns" USING btree ("code");--> statement-breakpoint
CREATE INDEX "notification_campaigns_due_idx" ON "notification_campaigns" USING btree ("publish_at") WHERE "notification_campaigns"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unseen_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."seen_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_campaign_user_uq" ON "notifications" USING btree ("campaign_id","user_id") WHERE "notifications"."campaign_id" is not null;