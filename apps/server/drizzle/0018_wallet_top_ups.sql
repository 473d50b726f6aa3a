CREATE TABLE "payment_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"event_id" text,
	"transaction_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_checkouts_status_ck" CHECK ("payment_checkouts"."status" in ('pending', 'paid')),
	CONSTRAINT "payment_checkouts_amount_ck" CHECK ("payment_checkouts"."amount_cents" > 0),
	CONSTRAINT "payment_checkouts_paid_ck" CHECK (("payment_checkouts"."status" = 'paid') = ("payment_checkouts"."transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "top_up_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"gateway" text DEFAULT 'bank' NOT NULL,
	"proof_key" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"created_by" uuid,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_up_requests_status_ck" CHECK ("top_up_requests"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "top_up_requests_gateway_ck" CHECK ("top_up_requests"."gateway" in ('bank')),
	CONSTRAINT "top_up_requests_amount_ck" CHECK ("top_up_requests"."amount_cents" >= 5000 and "top_up_requests"."amount_cents" < 999999900),
	CONSTRAINT "top_up_requests_note_ck" CHECK (char_length("top_up_requests"."note") <= 255),
	CONSTRAINT "top_up_requests_accepted_ck" CHECK (("top_up_requests"."status" = 'accepted') = ("top_up_requests"."transaction_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_requests" ADD CONSTRAINT "top_up_requests_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_session_uq" ON "payment_checkouts" USING btree ("provider","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_event_uq" ON "payment_checkouts" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_transaction_uq" ON "payment_checkouts" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payment_checkouts_account_created_idx" ON "payment_checkouts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "top_up_requests_account_created_idx" ON "top_up_requests" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "top_up_requests_status_created_idx" ON "top_up_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "top_up_requests_transaction_uq" ON "top_up_requests" USING btree ("transaction_id");