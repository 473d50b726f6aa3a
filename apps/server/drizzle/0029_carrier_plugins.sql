ALTER TABLE "carrier_connections" DROP CONSTRAINT "carrier_connections_adapter_ck";--> statement-breakpoint
ALTER TABLE "carrier_connections" ADD COLUMN "plugin" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_connections" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_connections" ADD COLUMN "secrets" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing connections keep working: the adapter becomes the plugin, the URL and timeout its settings.
-- An API key is moved as `plain:` JSON; the shipping module seals it with CARRIER_SECRETS_KEY at the next
-- start (a migration has no access to the key), and reads it meanwhile.
UPDATE "carrier_connections" SET
  "plugin" = "adapter",
  "settings" = jsonb_build_object('baseUrl', "base_url", 'timeoutMs', "timeout_ms"),
  "secrets" = CASE WHEN "api_key" <> '' THEN 'plain:' || jsonb_build_object('apiKey', "api_key")::text ELSE '' END;--> statement-breakpoint
ALTER TABLE "carrier_connections" DROP COLUMN "adapter";--> statement-breakpoint
ALTER TABLE "carrier_connections" DROP COLUMN "base_url";--> statement-breakpoint
ALTER TABLE "carrier_connections" DROP COLUMN "api_key";--> statement-breakpoint
ALTER TABLE "carrier_connections" DROP COLUMN "timeout_ms";