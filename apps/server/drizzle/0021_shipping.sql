CREATE TABLE "carrier_connections" (
	"carrier_id" uuid PRIMARY KEY NOT NULL,
	"adapter" text DEFAULT 'sandbox' NOT NULL,
	"base_url" text DEFAULT '' NOT NULL,
	"api_key" text DEFAULT '' NOT NULL,
	"timeout_ms" integer DEFAULT 10000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "carrier_connections_adapter_ck" CHECK ("carrier_connections"."adapter" in ('sandbox', 'http'))
);
--> statement-breakpoint
CREATE TABLE "label_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"carrier_id" uuid,
	"carrier_code" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"tracking_number" text,
	"shipment_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purchased_at" timestamp with time zone,
	CONSTRAINT "label_purchases_status_ck" CHECK ("label_purchases"."status" in ('scheduled', 'buying', 'purchased', 'failed', 'voided', 'superseded'))
);
--> statement-breakpoint
CREATE TABLE "routing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"tracking_number" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routing_events_status_ck" CHECK ("routing_events"."status" in ('pre-shipment', 'us-accepted', 'region-accepted', 'pick-up', 'in-transit', 'fw-in-transit', 'airport-departure', 'hub-transferred', 'destination-airport', 'out-for-delivered', 'out-of-delivered', 'delivered', 'undelivered', 'expired', 'alert', 'exception', 'error', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "scan_form_orders" (
	"scan_form_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"ex_order_id" text NOT NULL,
	"order_name" text NOT NULL,
	"tracking_number" text NOT NULL,
	CONSTRAINT "scan_form_orders_scan_form_id_order_id_pk" PRIMARY KEY("scan_form_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "scan_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"account_id" uuid NOT NULL,
	"ship_date" date NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pdf_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trackers" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"ex_order_id" text NOT NULL,
	"order_name" text NOT NULL,
	"carrier_id" uuid,
	"carrier_code" text NOT NULL,
	"carrier_name" text NOT NULL,
	"service_name" text NOT NULL,
	"tracking_number" text NOT NULL,
	"shipment_id" text,
	"label_key" text NOT NULL,
	"label_data" jsonb NOT NULL,
	"public_code" text NOT NULL,
	"dest_city" text NOT NULL,
	"dest_state" text NOT NULL,
	"dest_country" text NOT NULL,
	"labeled_at" timestamp with time zone NOT NULL,
	"routing_status" text,
	"last_event_at" timestamp with time zone,
	"last_polled_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone NOT NULL,
	"poll_failures" integer DEFAULT 0 NOT NULL,
	"us_arrived_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"lost_at" timestamp with time zone,
	"late_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "trackers_routing_status_ck" CHECK ("trackers"."routing_status" is null or "trackers"."routing_status" in ('pre-shipment', 'us-accepted', 'region-accepted', 'pick-up', 'in-transit', 'fw-in-transit', 'airport-departure', 'hub-transferred', 'destination-airport', 'out-for-delivered', 'out-of-delivered', 'delivered', 'undelivered', 'expired', 'alert', 'exception', 'error', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "tracking_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"ex_order_id" text NOT NULL,
	"carrier_code" text NOT NULL,
	"tracking_number" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"events_added" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "tracking_logs_result_ck" CHECK ("tracking_logs"."result" in ('updated', 'unchanged', 'not-found', 'error'))
);
--> statement-breakpoint
ALTER TABLE "carrier_connections" ADD CONSTRAINT "carrier_connections_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_purchases" ADD CONSTRAINT "label_purchases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "routing_events" ADD CONSTRAINT "routing_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_form_orders" ADD CONSTRAINT "scan_form_orders_scan_form_id_scan_forms_id_fk" FOREIGN KEY ("scan_form_id") REFERENCES "public"."scan_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_form_orders" ADD CONSTRAINT "scan_form_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_purchases_order_idx" ON "label_purchases" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "label_purchases_due_idx" ON "label_purchases" USING btree ("due_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "routing_events_uq" ON "routing_events" USING btree ("order_id","tracking_number","at","code");--> statement-breakpoint
CREATE INDEX "routing_events_created_idx" ON "routing_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_form_orders_tracking_uq" ON "scan_form_orders" USING btree ("tracking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_forms_number_uq" ON "scan_forms" USING btree ("number");--> statement-breakpoint
CREATE INDEX "scan_forms_account_idx" ON "scan_forms" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trackers_public_code_uq" ON "trackers" USING btree ("public_code");--> statement-breakpoint
CREATE INDEX "trackers_tracking_idx" ON "trackers" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "trackers_account_idx" ON "trackers" USING btree ("account_id","labeled_at");--> statement-breakpoint
CREATE INDEX "trackers_poll_idx" ON "trackers" USING btree ("next_poll_at") WHERE active;--> statement-breakpoint
CREATE INDEX "tracking_logs_account_at_idx" ON "tracking_logs" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "tracking_logs_at_idx" ON "tracking_logs" USING btree ("at");