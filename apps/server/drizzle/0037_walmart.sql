CREATE TABLE "integration_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"purchase_order_id" text NOT NULL,
	"customer_order_id" text NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"order_type" text NOT NULL,
	"order_date" timestamp with time zone NOT NULL,
	"ship_node_type" text NOT NULL,
	"shipping_method" text NOT NULL,
	"estimated_delivery_date" timestamp with time zone,
	"estimated_ship_date" timestamp with time zone,
	"ship_to" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"status" text NOT NULL,
	"stage" text NOT NULL,
	"reason_key" text,
	"reason_vars" jsonb,
	"order_id" uuid,
	"ex_order_id" text,
	"acknowledged_at" timestamp with time zone,
	"ack_due_at" timestamp with time zone NOT NULL,
	"ack_flagged_at" timestamp with time zone,
	"push_kind" text,
	"push_state" text DEFAULT 'none' NOT NULL,
	"push_attempts" integer DEFAULT 0 NOT NULL,
	"push_error" text,
	"push_error_vars" jsonb,
	"push_last_at" timestamp with time zone,
	"push_next_at" timestamp with time zone,
	"tracking_number" text,
	"cancellation_reason" text,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_orders_status_ck" CHECK ("integration_orders"."status" in ('Created', 'Acknowledged', 'Shipped', 'Delivered', 'Cancelled', 'Refund')),
	CONSTRAINT "integration_orders_stage_ck" CHECK ("integration_orders"."stage" in ('unmapped-sku', 'unmapped-method', 'draft-created', 'not-seller-fulfilled')),
	CONSTRAINT "integration_orders_push_state_ck" CHECK ("integration_orders"."push_state" in ('none', 'pending', 'pushed', 'failed', 'maintenance')),
	CONSTRAINT "integration_orders_push_kind_ck" CHECK ("integration_orders"."push_kind" is null or "integration_orders"."push_kind" in ('acknowledge', 'shipment', 'cancellation'))
);
--> statement-breakpoint
CREATE TABLE "walmart_connect_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"callback_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walmart_method_mappings" (
	"account_id" uuid NOT NULL,
	"method_code" text NOT NULL,
	"service_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walmart_method_mappings_pk" PRIMARY KEY("account_id","method_code")
);
--> statement-breakpoint
CREATE TABLE "walmart_push_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"integration_order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"http_status" integer,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "walmart_reconciliation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"integration_order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"walmart_status" text,
	"our_status" text NOT NULL,
	"exship_status" text,
	"detected_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "walmart_reconciliation_kind_ck" CHECK ("walmart_reconciliation"."kind" in ('cancelled-on-walmart', 'push-missing', 'status-differs', 'missing-on-walmart'))
);
--> statement-breakpoint
CREATE TABLE "walmart_sku_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "walmart_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'connected' NOT NULL,
	"client_id" text,
	"client_secret_sealed" text,
	"ack_mode" text DEFAULT 'on-sync' NOT NULL,
	"auto_pay" boolean DEFAULT false NOT NULL,
	"default_cancel_reason" text DEFAULT 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL' NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"last_sync_at" timestamp with time zone,
	"last_sync_count" integer,
	"last_error" text,
	"token_failing_since" timestamp with time zone,
	"sync_cursor" text,
	"sync_window_start" timestamp with time zone,
	"backfill" jsonb,
	"reconciled_at" timestamp with time zone,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walmart_stores_state_ck" CHECK ("walmart_stores"."state" in ('connected', 'token-failing', 'paused', 'disconnected')),
	CONSTRAINT "walmart_stores_ack_mode_ck" CHECK ("walmart_stores"."ack_mode" in ('on-sync', 'on-review'))
);
--> statement-breakpoint
ALTER TABLE "integration_orders" ADD CONSTRAINT "integration_orders_store_id_walmart_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."walmart_stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walmart_push_log" ADD CONSTRAINT "walmart_push_log_integration_order_id_integration_orders_id_fk" FOREIGN KEY ("integration_order_id") REFERENCES "public"."integration_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_orders_store_po_uq" ON "integration_orders" USING btree ("store_id","purchase_order_id");--> statement-breakpoint
CREATE INDEX "integration_orders_account_date_idx" ON "integration_orders" USING btree ("account_id","order_date");--> statement-breakpoint
CREATE INDEX "integration_orders_account_stage_idx" ON "integration_orders" USING btree ("account_id","stage");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_orders_order_uq" ON "integration_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "integration_orders_ack_due_idx" ON "integration_orders" USING btree ("ack_due_at") WHERE "integration_orders"."acknowledged_at" is null and "integration_orders"."ack_flagged_at" is null;--> statement-breakpoint
CREATE INDEX "walmart_connect_sessions_account_idx" ON "walmart_connect_sessions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "walmart_push_log_account_order_idx" ON "walmart_push_log" USING btree ("account_id","integration_order_id","at");--> statement-breakpoint
CREATE INDEX "walmart_reconciliation_account_idx" ON "walmart_reconciliation" USING btree ("account_id","detected_at");--> statement-breakpoint
CREATE UNIQUE INDEX "walmart_reconciliation_open_uq" ON "walmart_reconciliation" USING btree ("integration_order_id","kind") WHERE "walmart_reconciliation"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "walmart_sku_mappings_account_sku_uq" ON "walmart_sku_mappings" USING btree ("account_id",lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "walmart_stores_account_name_uq" ON "walmart_stores" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "walmart_stores_state_idx" ON "walmart_stores" USING btree ("state");