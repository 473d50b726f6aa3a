CREATE TABLE "carrier_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"zone_id" uuid NOT NULL,
	"weight_from" integer NOT NULL,
	"weight_to" integer NOT NULL,
	"last_mile_cost_cents" bigint NOT NULL,
	"seasonal_cost_cents" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	CONSTRAINT "carrier_prices_range_ck" CHECK ("carrier_prices"."weight_from" < "carrier_prices"."weight_to")
);
--> statement-breakpoint
CREATE TABLE "carrier_routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"min_weight" integer NOT NULL,
	"max_weight" integer NOT NULL,
	"priority" integer NOT NULL,
	"sku" text,
	"users" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"type_shipping" text NOT NULL,
	"to_country" text,
	"to_state" text[] DEFAULT '{}'::text[] NOT NULL,
	"to_array_country" text[] DEFAULT '{}'::text[] NOT NULL,
	"allocations" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_routes_status_ck" CHECK ("carrier_routes"."status" in ('active', 'inactive')),
	CONSTRAINT "carrier_routes_weight_ck" CHECK ("carrier_routes"."min_weight" < "carrier_routes"."max_weight"),
	CONSTRAINT "carrier_routes_type_ck" CHECK ("carrier_routes"."type_shipping" in ('state', 'country'))
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carriers_status_ck" CHECK ("carriers"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "catalog_meta" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"file_name" text NOT NULL,
	"row_count" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "price_versions_kind_ck" CHECK ("price_versions"."kind" in ('service', 'carrier')),
	CONSTRAINT "price_versions_status_ck" CHECK ("price_versions"."status" in ('draft', 'active', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "quote_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"request" jsonb NOT NULL,
	"total_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"weight_from" integer NOT NULL,
	"weight_to" integer NOT NULL,
	"shipping_fee_cents" bigint NOT NULL,
	"seasonal_fee_cents" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	CONSTRAINT "service_prices_range_ck" CHECK ("service_prices"."weight_from" < "service_prices"."weight_to")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"carrier_id" uuid NOT NULL,
	"signature_fee_cents" bigint DEFAULT 0 NOT NULL,
	"over_length_fee_cents" bigint DEFAULT 0 NOT NULL,
	"over_length_threshold_cm" double precision DEFAULT 121.92 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_status_ck" CHECK ("services"."status" in ('active', 'inactive')),
	CONSTRAINT "services_fees_ck" CHECK ("services"."signature_fee_cents" >= 0 and "services"."over_length_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"province" text,
	"carrier_id" uuid,
	"tax_type" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxes_status_ck" CHECK ("taxes"."status" in ('active', 'inactive')),
	CONSTRAINT "taxes_rate_ck" CHECK ("taxes"."rate_bp" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"zipcode" text NOT NULL,
	"address" text NOT NULL,
	"email" text,
	"phone" text,
	"city" text NOT NULL,
	"state" text,
	"country" text NOT NULL,
	"shipping_type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_status_ck" CHECK ("warehouses"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "zone_ranges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"zip_from" text NOT NULL,
	"zip_to" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zones_status_ck" CHECK ("zones"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "discount_usages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discount_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"order_ref" text,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"method" text DEFAULT 'manual' NOT NULL,
	"amount_type" text NOT NULL,
	"amount_value" bigint NOT NULL,
	"minimum_weight" integer DEFAULT 0 NOT NULL,
	"limit_use_total" integer,
	"limit_use_per_user" integer,
	"type_customers" text DEFAULT 'all' NOT NULL,
	"customers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"services" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"tz_offset" text DEFAULT '+00:00' NOT NULL,
	"tz_zone" text DEFAULT 'Western Europe' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_amount_ck" CHECK ("discounts"."amount_type" in ('percent', 'fixed') and "discounts"."amount_value" > 0),
	CONSTRAINT "discounts_method_ck" CHECK ("discounts"."method" in ('manual', 'automated')),
	CONSTRAINT "discounts_customers_ck" CHECK ("discounts"."type_customers" in ('all', 'specific'))
);
--> statement-breakpoint
ALTER TABLE "carrier_prices" ADD CONSTRAINT "carrier_prices_version_id_price_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."price_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_prices" ADD CONSTRAINT "carrier_prices_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_prices" ADD CONSTRAINT "carrier_prices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_prices" ADD CONSTRAINT "carrier_prices_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_prices" ADD CONSTRAINT "carrier_prices_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_routes" ADD CONSTRAINT "carrier_routes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_prices" ADD CONSTRAINT "service_prices_version_id_price_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."price_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_prices" ADD CONSTRAINT "service_prices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zone_ranges" ADD CONSTRAINT "zone_ranges_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_usages" ADD CONSTRAINT "discount_usages_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_prices_version_idx" ON "carrier_prices" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_routes_priority_uq" ON "carrier_routes" USING btree ("service_id","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_code_uq" ON "carriers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "price_versions_kind_idx" ON "price_versions" USING btree ("kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "price_versions_one_active_uq" ON "price_versions" USING btree ("kind") WHERE "price_versions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "quote_samples_account_idx" ON "quote_samples" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_samples_created_idx" ON "quote_samples" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "service_prices_version_idx" ON "service_prices" USING btree ("version_id","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_code_uq" ON "services" USING btree ("code");--> statement-breakpoint
CREATE INDEX "services_carrier_idx" ON "services" USING btree ("carrier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_code_uq" ON "warehouses" USING btree ("code");--> statement-breakpoint
CREATE INDEX "zone_ranges_zone_idx" ON "zone_ranges" USING btree ("zone_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_code_uq" ON "zones" USING btree ("code");--> statement-breakpoint
CREATE INDEX "discount_usages_account_idx" ON "discount_usages" USING btree ("account_id","discount_id");--> statement-breakpoint
CREATE INDEX "discount_usages_discount_idx" ON "discount_usages" USING btree ("discount_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_uq" ON "discounts" USING btree ("code");