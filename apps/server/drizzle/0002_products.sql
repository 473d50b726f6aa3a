CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"hs_code" text,
	"shape" text,
	"length_cm" numeric(10, 2),
	"width_cm" numeric(10, 2),
	"height_cm" numeric(10, 2),
	"weight_gr" numeric(10, 2),
	"price_cents" bigint NOT NULL,
	"sales_tax_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"mockup_image_url" text,
	"partner_product_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "product_variants_price_ck" CHECK ("product_variants"."price_cents" >= 100),
	CONSTRAINT "product_variants_sales_tax_ck" CHECK ("product_variants"."sales_tax_percent" >= 0 and "product_variants"."sales_tax_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "product_weight_config_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"config_id" uuid NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_by" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_weight_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"weight_threshold_gr" numeric(10, 2) NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"configuration_status" text DEFAULT 'configured' NOT NULL,
	"created_by" uuid NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_weight_configs_threshold_ck" CHECK ("product_weight_configs"."weight_threshold_gr" > 0),
	CONSTRAINT "product_weight_configs_fee_ck" CHECK ("product_weight_configs"."fee_cents" >= 0),
	CONSTRAINT "product_weight_configs_status_ck" CHECK ("product_weight_configs"."status" in ('active', 'inactive')),
	CONSTRAINT "product_weight_configs_configuration_ck" CHECK ("product_weight_configs"."configuration_status" in ('configured', 'removed'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"alias_name" text,
	"hs_code" text,
	"material" text,
	"shape" text,
	"length_cm" numeric(10, 2) NOT NULL,
	"width_cm" numeric(10, 2) NOT NULL,
	"height_cm" numeric(10, 2) NOT NULL,
	"weight_gr" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"approval_status" text DEFAULT 'draft' NOT NULL,
	"reject_reason" text,
	"origin" text NOT NULL,
	"created_by" uuid NOT NULL,
	"updated_by" uuid,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "products_status_ck" CHECK ("products"."status" in ('active', 'inactive')),
	CONSTRAINT "products_approval_status_ck" CHECK ("products"."approval_status" in ('draft', 'waiting_approval', 'accepted', 'rejected')),
	CONSTRAINT "products_origin_ck" CHECK ("products"."origin" in ('admin', 'customer', 'industry'))
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_weight_config_history" ADD CONSTRAINT "product_weight_config_history_config_id_product_weight_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."product_weight_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_weight_configs" ADD CONSTRAINT "product_weight_configs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_account_sku_uq" ON "product_variants" USING btree ("account_id",lower("sku")) WHERE "product_variants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "product_variants_account_product_idx" ON "product_variants" USING btree ("account_id","product_id");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_weight_config_history_account_config_idx" ON "product_weight_config_history" USING btree ("account_id","config_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_weight_configs_product_uq" ON "product_weight_configs" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_weight_configs_account_idx" ON "product_weight_configs" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "products_account_created_idx" ON "products" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "products_account_approval_idx" ON "products" USING btree ("account_id","approval_status");--> statement-breakpoint
CREATE INDEX "products_approval_created_idx" ON "products" USING btree ("approval_status","created_at");