CREATE TABLE "claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"ex_order_id" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"proposed_cents" bigint NOT NULL,
	"cap_cents" bigint NOT NULL,
	"approved_cents" bigint,
	"decision_reason" text,
	"transaction_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"notice_deadline" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_reason_ck" CHECK ("claims"."reason" in ('lost', 'late', 'damaged', 'missing')),
	CONSTRAINT "claims_status_ck" CHECK ("claims"."status" in ('submitted', 'approved', 'partial', 'rejected')),
	CONSTRAINT "claims_paid_ck" CHECK (("claims"."status" in ('approved', 'partial')) = ("claims"."transaction_id" is not null)),
	CONSTRAINT "claims_amount_ck" CHECK ("claims"."approved_cents" is null or ("claims"."approved_cents" > 0 and "claims"."approved_cents" <= "claims"."cap_cents"))
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"ticket_id" uuid,
	"message_id" uuid,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"author_id" uuid,
	"side" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_messages_side_ck" CHECK ("ticket_messages"."side" in ('staff', 'seller', 'system')),
	CONSTRAINT "ticket_messages_content_ck" CHECK (char_length("ticket_messages"."content") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "ticket_reads" (
	"ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ticket_reads_ticket_id_user_id_pk" PRIMARY KEY("ticket_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_sla_targets" (
	"type" text PRIMARY KEY NOT NULL,
	"first_response_working_days" integer NOT NULL,
	"resolution_days" integer NOT NULL,
	"resolution_unit" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_sla_targets_type_ck" CHECK ("ticket_sla_targets"."type" in ('order', 'claim', 'billing', 'account', 'technical', 'other')),
	CONSTRAINT "ticket_sla_targets_unit_ck" CHECK ("ticket_sla_targets"."resolution_unit" in ('working', 'calendar'))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"type" text NOT NULL,
	"support_for" text NOT NULL,
	"order_id" uuid,
	"ex_order_id" text,
	"top_up_id" uuid,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_id" uuid,
	"rating" integer,
	"rating_reason" text,
	"pauses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_responded_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	"first_response_breached_at" timestamp with time zone,
	"resolution_breached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_type_ck" CHECK ("tickets"."type" in ('order', 'claim', 'billing', 'account', 'technical', 'other')),
	CONSTRAINT "tickets_status_ck" CHECK ("tickets"."status" in ('open', 'pending', 'resolving', 'resolved', 'closed', 'overdue')),
	CONSTRAINT "tickets_support_for_ck" CHECK ("tickets"."support_for" in ('order', 'topUp', 'none')),
	CONSTRAINT "tickets_subject_ck" CHECK (char_length("tickets"."subject") between 1 and 255),
	CONSTRAINT "tickets_content_ck" CHECK (char_length("tickets"."content") between 1 and 1000),
	CONSTRAINT "tickets_rating_ck" CHECK ("tickets"."rating" is null or "tickets"."rating" between 1 and 5),
	CONSTRAINT "tickets_rating_reason_ck" CHECK ("tickets"."rating_reason" is null or char_length("tickets"."rating_reason") <= 255)
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_type_ck";--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_note_key_ck";--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_message_id_ticket_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."ticket_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reads" ADD CONSTRAINT "ticket_reads_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claims_ticket_uq" ON "claims" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "claims_order_active_uq" ON "claims" USING btree ("order_id") WHERE status <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "claims_transaction_uq" ON "claims" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "claims_account_idx" ON "claims" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_attachments_account_idx" ON "ticket_attachments" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_messages_ticket_idx" ON "ticket_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_messages_account_idx" ON "ticket_messages" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_number_uq" ON "tickets" USING btree ("number");--> statement-breakpoint
CREATE INDEX "tickets_account_created_idx" ON "tickets" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_created_idx" ON "tickets" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_running_idx" ON "tickets" USING btree ("status") WHERE status not in ('resolved', 'closed');--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_type_ck" CHECK ("wallet_transactions"."type" in ('payment', 'top_up', 'refund', 'sent', 'pay_credit', 'received', 'compensation'));--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_note_key_ck" CHECK ("wallet_transactions"."note_key" is null or "wallet_transactions"."note_key" in ('payOrder', 'payOrders', 'refundOrder', 'creditRepayment', 'onlineTopUp', 'paymentTo', 'paymentFrom', 'openingBalance', 'claimCompensation'));