CREATE TABLE "carton_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "carton_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"carton_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carton_parcels" (
	"carton_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"ex_order_id" text NOT NULL,
	"order_name" text NOT NULL,
	"tracking_number" text,
	"weight_gr" numeric(12, 2) NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cartons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"carrier_id" uuid NOT NULL,
	"carrier_code" text NOT NULL,
	"warehouse_code" text NOT NULL,
	"service_id" uuid NOT NULL,
	"service_code" text NOT NULL,
	"origin_warehouse_code" text,
	"quantity" integer DEFAULT 0 NOT NULL,
	"parcels_weight_gr" numeric(12, 2) DEFAULT 0 NOT NULL,
	"weight_gr" numeric(12, 2),
	"length_cm" numeric(12, 2),
	"width_cm" numeric(12, 2),
	"height_cm" numeric(12, 2),
	"tracking_number" text,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"freight_id" text,
	"freight_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL,
	"packaged_at" timestamp with time zone,
	"packaged_by" uuid,
	"checked_at" timestamp with time zone,
	"checked_by" uuid,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cartons_status_ck" CHECK ("cartons"."status" in ('open', 'packaged', 'checked', 'confirmed-weight', 'shipped', 'received', 'in-transit', 'delivered', 'exception')),
	CONSTRAINT "cartons_quantity_ck" CHECK ("cartons"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "floor_check_ins" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"warehouse_code" text NOT NULL,
	"outcome" text NOT NULL,
	"declared_weight_gr" numeric(10, 2) NOT NULL,
	"declared_length_cm" numeric(10, 2) NOT NULL,
	"declared_width_cm" numeric(10, 2) NOT NULL,
	"declared_height_cm" numeric(10, 2) NOT NULL,
	"measured_weight_gr" numeric(10, 2),
	"measured_length_cm" numeric(10, 2),
	"measured_width_cm" numeric(10, 2),
	"measured_height_cm" numeric(10, 2),
	"restricted" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"declared_price_cents" bigint NOT NULL,
	"measured_price_cents" bigint,
	"confirm_by" timestamp with time zone,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_in_by" uuid NOT NULL,
	"checked_in_by_name" text NOT NULL,
	"routing_event_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "floor_check_ins_outcome_ck" CHECK ("floor_check_ins"."outcome" in ('checked-in', 'error-dimension', 'manual weighing', 'check-in error'))
);
--> statement-breakpoint
CREATE TABLE "floor_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"screen" text NOT NULL,
	"code" text NOT NULL,
	"ok" boolean NOT NULL,
	"undoable" boolean DEFAULT false NOT NULL,
	"message_key" text NOT NULL,
	"message_vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_id" uuid,
	"ex_order_id" text,
	"carton_id" text,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "floor_scans_screen_ck" CHECK ("floor_scans"."screen" in ('check-in', 'carton', 'check-out', 'freight'))
);
--> statement-breakpoint
CREATE TABLE "floor_tolerances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid,
	"weight_gr" numeric(10, 2) NOT NULL,
	"dimension_cm" numeric(10, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "floor_tolerances_service_uq" UNIQUE NULLS NOT DISTINCT("service_id"),
	CONSTRAINT "floor_tolerances_range_ck" CHECK ("floor_tolerances"."weight_gr" >= 0 and "floor_tolerances"."dimension_cm" >= 0)
);
--> statement-breakpoint
CREATE TABLE "airlines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"mawb_prefix" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "airports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_fee_rows" (
	"schedule_id" uuid NOT NULL,
	"departure_airport_code" text NOT NULL,
	"arrival_airport_code" text NOT NULL,
	"fees" jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "flight_fee_rows_schedule_id_departure_airport_code_arrival_airport_code_pk" PRIMARY KEY("schedule_id","departure_airport_code","arrival_airport_code")
);
--> statement-breakpoint
CREATE TABLE "flight_fee_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"airline_id" uuid NOT NULL,
	"airline_code" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "flight_fee_schedules_status_ck" CHECK ("flight_fee_schedules"."status" in ('draft', 'active', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "freight_cartons" (
	"carton_id" text PRIMARY KEY NOT NULL,
	"freight_id" uuid NOT NULL,
	"parcels" integer NOT NULL,
	"gross_centikg" bigint NOT NULL,
	"chargeable_centikg" bigint NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"freight_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "freight_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"freight_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "freight_parcel_costs" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"freight_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"carton_id" text NOT NULL,
	"chargeable_centikg" bigint NOT NULL,
	"cents" bigint
);
--> statement-breakpoint
CREATE TABLE "freights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"mawb" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"airline_id" uuid NOT NULL,
	"airline_code" text NOT NULL,
	"departure_airport_code" text NOT NULL,
	"arrival_airport_code" text NOT NULL,
	"departure_date" timestamp with time zone NOT NULL,
	"arrival_date" timestamp with time zone,
	"carrier_code" text,
	"cartons" integer DEFAULT 0 NOT NULL,
	"parcels" integer DEFAULT 0 NOT NULL,
	"gross_centikg" bigint DEFAULT 0 NOT NULL,
	"chargeable_centikg" bigint DEFAULT 0 NOT NULL,
	"confirmed_centikg" bigint,
	"cost_detail" jsonb,
	"computed_cents" bigint,
	"adjustment_cents" bigint DEFAULT 0 NOT NULL,
	"adjustment_reason" text DEFAULT '' NOT NULL,
	"cost_cents" bigint,
	"status_dates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freights_status_ck" CHECK ("freights"."status" in ('open', 'closed', 'checked', 'confirmed-weight', 'shipped', 'in-transit', 'received', 'delivered', 'exception')),
	CONSTRAINT "freights_counts_ck" CHECK ("freights"."cartons" >= 0 and "freights"."parcels" >= 0 and "freights"."gross_centikg" >= 0 and "freights"."chargeable_centikg" >= 0)
);
--> statement-breakpoint
ALTER TABLE "routing_events" ADD COLUMN "description_vars" jsonb;--> statement-breakpoint
ALTER TABLE "carton_history" ADD CONSTRAINT "carton_history_carton_id_cartons_id_fk" FOREIGN KEY ("carton_id") REFERENCES "public"."cartons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carton_parcels" ADD CONSTRAINT "carton_parcels_carton_id_cartons_id_fk" FOREIGN KEY ("carton_id") REFERENCES "public"."cartons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carton_parcels" ADD CONSTRAINT "carton_parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartons" ADD CONSTRAINT "cartons_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cartons" ADD CONSTRAINT "cartons_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_check_ins" ADD CONSTRAINT "floor_check_ins_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_tolerances" ADD CONSTRAINT "floor_tolerances_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_fee_rows" ADD CONSTRAINT "flight_fee_rows_schedule_id_flight_fee_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."flight_fee_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_fee_schedules" ADD CONSTRAINT "flight_fee_schedules_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_cartons" ADD CONSTRAINT "freight_cartons_carton_id_cartons_id_fk" FOREIGN KEY ("carton_id") REFERENCES "public"."cartons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_cartons" ADD CONSTRAINT "freight_cartons_freight_id_freights_id_fk" FOREIGN KEY ("freight_id") REFERENCES "public"."freights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_documents" ADD CONSTRAINT "freight_documents_freight_id_freights_id_fk" FOREIGN KEY ("freight_id") REFERENCES "public"."freights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_history" ADD CONSTRAINT "freight_history_freight_id_freights_id_fk" FOREIGN KEY ("freight_id") REFERENCES "public"."freights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_parcel_costs" ADD CONSTRAINT "freight_parcel_costs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_parcel_costs" ADD CONSTRAINT "freight_parcel_costs_freight_id_freights_id_fk" FOREIGN KEY ("freight_id") REFERENCES "public"."freights"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freights" ADD CONSTRAINT "freights_airline_id_airlines_id_fk" FOREIGN KEY ("airline_id") REFERENCES "public"."airlines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carton_history_carton_idx" ON "carton_history" USING btree ("carton_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "carton_parcels_order_uq" ON "carton_parcels" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "carton_parcels_carton_idx" ON "carton_parcels" USING btree ("carton_id","added_at");--> statement-breakpoint
CREATE INDEX "carton_parcels_account_idx" ON "carton_parcels" USING btree ("account_id","order_id");--> statement-breakpoint
CREATE INDEX "carton_parcels_ex_order_idx" ON "carton_parcels" USING btree ("ex_order_id");--> statement-breakpoint
CREATE INDEX "carton_parcels_tracking_idx" ON "carton_parcels" USING btree ("tracking_number");--> statement-breakpoint
CREATE INDEX "cartons_created_idx" ON "cartons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cartons_status_created_idx" ON "cartons" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "cartons_checked_idx" ON "cartons" USING btree ("checked_at") WHERE checked_at is not null;--> statement-breakpoint
CREATE INDEX "floor_check_ins_account_idx" ON "floor_check_ins" USING btree ("account_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "floor_scans_user_screen_idx" ON "floor_scans" USING btree ("user_id","screen","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "floor_scans_order_idx" ON "floor_scans" USING btree ("order_id","created_at") WHERE order_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "airlines_code_uq" ON "airlines" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "airports_code_uq" ON "airports" USING btree ("code");--> statement-breakpoint
CREATE INDEX "flight_fee_schedules_airline_idx" ON "flight_fee_schedules" USING btree ("airline_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "flight_fee_schedules_active_uq" ON "flight_fee_schedules" USING btree ("airline_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "freight_cartons_freight_idx" ON "freight_cartons" USING btree ("freight_id","added_at");--> statement-breakpoint
CREATE INDEX "freight_documents_freight_idx" ON "freight_documents" USING btree ("freight_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "freight_history_freight_idx" ON "freight_history" USING btree ("freight_id","seq");--> statement-breakpoint
CREATE INDEX "freight_parcel_costs_freight_idx" ON "freight_parcel_costs" USING btree ("freight_id","carton_id");--> statement-breakpoint
CREATE INDEX "freight_parcel_costs_account_idx" ON "freight_parcel_costs" USING btree ("account_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "freights_mawb_uq" ON "freights" USING btree ("mawb");--> statement-breakpoint
CREATE INDEX "freights_departure_idx" ON "freights" USING btree ("departure_date","id");--> statement-breakpoint
CREATE INDEX "freights_status_departure_idx" ON "freights" USING btree ("status","departure_date","id");--> statement-breakpoint
CREATE INDEX "freights_airline_departure_idx" ON "freights" USING btree ("airline_code","departure_date");