CREATE TABLE "credit_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_history_action_ck" CHECK ("credit_history"."action" in ('set', 'block', 'unblock', 'extend', 'overdue_lock', 'reminder', 'repaid'))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"gateway" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_transaction_id_order_id_kind_pk" PRIMARY KEY("invoice_id","transaction_id","order_id","kind"),
	CONSTRAINT "invoice_lines_gateway_ck" CHECK ("invoice_lines"."gateway" in ('wallet', 'credit')),
	CONSTRAINT "invoice_lines_kind_ck" CHECK ("invoice_lines"."kind" in ('order', 'surcharge'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"number" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"tax_due_at" timestamp with time zone NOT NULL,
	"order_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_period_ck" CHECK ("invoices"."period_end" > "invoices"."period_start")
);
--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "credit_period" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "credit_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "credit_reminded_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "credit_block_reason" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_history_account_idx" ON "credit_history" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "invoice_lines_order_idx" ON "invoice_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_account_period_uq" ON "invoices" USING btree ("account_id","period_start","period_end");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_credit_period_ck" CHECK ("wallets"."credit_period" is null or "wallets"."credit_period" in ('1w', '2w', '3w', '1m'));--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_credit_block_reason_ck" CHECK ("wallets"."credit_block_reason" is null or "wallets"."credit_block_reason" in ('manual', 'overdue'));