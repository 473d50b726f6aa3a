CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"invited_by" uuid NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"member_user_id" uuid,
	CONSTRAINT "team_members_status_ck" CHECK ("team_members"."status" in ('pending', 'confirmed', 'removed'))
);
--> statement-breakpoint
CREATE INDEX "team_members_account_idx" ON "team_members" USING btree ("account_id","invited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_token_uq" ON "team_members" USING btree ("token_hash");