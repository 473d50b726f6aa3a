CREATE TABLE "order_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "order_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"payment_from" text,
	"payment_to" text,
	"reason" text DEFAULT '' NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"restricted_category" text,
	"volume_ml" numeric(10, 2),
	"value_cents" bigint,
	CONSTRAINT "order_lines_quantity_ck" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_surcharges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"detail_reason" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "order_surcharges_amount_ck" CHECK ("order_surcharges"."amount_cents" > 0),
	CONSTRAINT "order_surcharges_reason_ck" CHECK ("order_surcharges"."reason" in ('Active tracking', 'Dimension Surcharge', 'Change shipping service', 'FBA', 'Other'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ex_order_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"order_name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"pre_status" text,
	"payment_status" text NOT NULL,
	"routing_status" text,
	"schedule_status" text,
	"check_in_status" text,
	"order_type" text DEFAULT 'parcel' NOT NULL,
	"packaging" text DEFAULT 'parcel' NOT NULL,
	"length_cm" numeric(10, 2) NOT NULL,
	"width_cm" numeric(10, 2) NOT NULL,
	"height_cm" numeric(10, 2) NOT NULL,
	"weight_gr" numeric(10, 2) NOT NULL,
	"chargeable_weight_gr" numeric(10, 2) NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"zipcode" text NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"service_id" uuid NOT NULL,
	"service_code" text NOT NULL,
	"service_name" text NOT NULL,
	"carrier_id" uuid,
	"carrier_code" text,
	"warehouse_code" text,
	"signature" boolean DEFAULT false NOT NULL,
	"discount_id" uuid,
	"discount_code" text,
	"payment_method" text DEFAULT 'wallet' NOT NULL,
	"label_tiktok" text DEFAULT '' NOT NULL,
	"shipping_fee_cents" bigint DEFAULT 0 NOT NULL,
	"discount_cents" bigint DEFAULT 0 NOT NULL,
	"tax_fee_cents" bigint DEFAULT 0 NOT NULL,
	"seasonal_fee_cents" bigint DEFAULT 0 NOT NULL,
	"over_length_fee_cents" bigint DEFAULT 0 NOT NULL,
	"signature_fee_cents" bigint DEFAULT 0 NOT NULL,
	"surcharge_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL,
	"tracking_number" text,
	"label_key" text,
	"label_us" boolean DEFAULT false NOT NULL,
	"check_in_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"labeled_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"refund_due_at" timestamp with time zone,
	"dimension_flagged_at" timestamp with time zone,
	"replaced_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('draft', 'unpaid', 'paid', 'waiting-label', 'label error', 'labeled', 'not-verified', 'error-dimension', 'on-hold', 'on-hold-ship', 'waiting-cancel', 'canceled', 'shipped', 'delivered', 'completed')),
	CONSTRAINT "orders_pre_status_ck" CHECK ("orders"."pre_status" is null or "orders"."pre_status" in ('draft', 'unpaid', 'paid', 'waiting-label', 'label error', 'labeled', 'not-verified', 'error-dimension', 'on-hold', 'on-hold-ship', 'waiting-cancel', 'canceled', 'shipped', 'delivered', 'completed')),
	CONSTRAINT "orders_payment_status_ck" CHECK ("orders"."payment_status" in ('unpaid', 'processing', 'paid', 'surcharge-unpaid', 'pending', 'confirmed', 'waiting-refund', 'refund', 'refund-custom', 'resend')),
	CONSTRAINT "orders_routing_status_ck" CHECK ("orders"."routing_status" is null or "orders"."routing_status" in ('pre-shipment', 'us-accepted', 'region-accepted', 'pick-up', 'in-transit', 'fw-in-transit', 'airport-departure', 'hub-transferred', 'destination-airport', 'out-for-delivered', 'out-of-delivered', 'delivered', 'undelivered', 'expired', 'alert', 'exception', 'error', 'lost')),
	CONSTRAINT "orders_schedule_status_ck" CHECK ("orders"."schedule_status" is null or "orders"."schedule_status" in ('schedule', 'pending', 'confirm', 'done', 'error', 'denied', 'canceled')),
	CONSTRAINT "orders_check_in_status_ck" CHECK ("orders"."check_in_status" is null or "orders"."check_in_status" in ('check-in pending', 'checked-in', 'manual weighing', 'check-in error')),
	CONSTRAINT "orders_payment_method_ck" CHECK ("orders"."payment_method" in ('wallet', 'debit', 'credit')),
	CONSTRAINT "orders_packaging_ck" CHECK ("orders"."packaging" in ('parcel', 'first-class-letter', 'first-class-flat')),
	CONSTRAINT "orders_money_ck" CHECK ("orders"."total_cents" >= 0 and "orders"."surcharge_cents" >= 0 and "orders"."shipping_fee_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_surcharges" ADD CONSTRAINT "order_surcharges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_surcharges_order_idx" ON "order_surcharges" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_ex_order_id_uq" ON "orders" USING btree ("ex_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_account_name_uq" ON "orders" USING btree ("account_id","order_name");--> statement-breakpoint
CREATE INDEX "orders_account_status_created_idx" ON "orders" USING btree ("account_id","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_account_created_idx" ON "orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_tracking_idx" ON "orders" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "orders_labeled_unreceived_idx" ON "orders" USING btree ("labeled_at") WHERE status = 'labeled' and check_in_status is null;--> statement-breakpoint
CREATE INDEX "orders_refund_due_idx" ON "orders" USING btree ("refund_due_at") WHERE payment_status = 'waiting-refund';