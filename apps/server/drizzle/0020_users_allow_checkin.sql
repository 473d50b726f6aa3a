ALTER TABLE "users" ADD COLUMN "allow_checkin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");