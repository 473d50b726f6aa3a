-- The amount off moves from one column whose unit depended on amount_type into two columns named by their unit.
ALTER TABLE "discounts" ADD COLUMN "amount_off_percent_basis_points" integer;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "amount_off_cents" bigint;--> statement-breakpoint
UPDATE "discounts" SET
  "amount_off_percent_basis_points" = CASE WHEN "amount_type" = 'percent' THEN "amount_value"::integer END,
  "amount_off_cents" = CASE WHEN "amount_type" = 'fixed' THEN "amount_value" END;--> statement-breakpoint
ALTER TABLE "discounts" DROP CONSTRAINT "discounts_amount_ck";--> statement-breakpoint
ALTER TABLE "discounts" DROP COLUMN "amount_value";--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_amount_ck" CHECK (("discounts"."amount_type" = 'percent' and "discounts"."amount_off_percent_basis_points" between 1 and 10000 and "discounts"."amount_off_cents" is null) or ("discounts"."amount_type" = 'fixed' and "discounts"."amount_off_cents" > 0 and "discounts"."amount_off_percent_basis_points" is null));--> statement-breakpoint
-- Start and end become instants (timestamptz): the local text in the row's offset, converted row by row.
-- A stored date that does not exist (2026-13-45T25:99, 2027-02-30T10:00) or lies outside 2000–2100 cannot
-- be converted: that discount is switched off and the date becomes its creation time, so nothing is lost
-- silently (it shows as deactive with that date) and no list breaks on it.
ALTER TABLE "discounts" ADD COLUMN "start_instant" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "end_instant" timestamp with time zone;--> statement-breakpoint
DO $$
DECLARE
  r record;
  s timestamptz;
  e timestamptz;
  bad boolean;
BEGIN
  FOR r IN SELECT "id", "start_date", "end_date", "tz_offset", "created_at" FROM "discounts" LOOP
    bad := false;
    BEGIN
      s := (r."start_date" || r."tz_offset")::timestamptz;
      IF extract(year FROM s AT TIME ZONE 'UTC') NOT BETWEEN 2000 AND 2100 THEN s := NULL; END IF;
    EXCEPTION WHEN others THEN
      s := NULL;
    END;
    BEGIN
      e := (r."end_date" || r."tz_offset")::timestamptz;
      IF extract(year FROM e AT TIME ZONE 'UTC') NOT BETWEEN 2000 AND 2100 THEN e := NULL; END IF;
    EXCEPTION WHEN others THEN
      e := NULL;
    END;
    IF s IS NULL THEN s := r."created_at"; bad := true; END IF;
    IF e IS NULL THEN e := greatest(s, r."created_at"); bad := true; END IF;
    UPDATE "discounts" SET "start_instant" = s, "end_instant" = e, "enabled" = CASE WHEN bad THEN false ELSE "enabled" END WHERE "id" = r."id";
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "discounts" DROP COLUMN "start_date";--> statement-breakpoint
ALTER TABLE "discounts" DROP COLUMN "end_date";--> statement-breakpoint
ALTER TABLE "discounts" RENAME COLUMN "start_instant" TO "start_date";--> statement-breakpoint
ALTER TABLE "discounts" RENAME COLUMN "end_instant" TO "end_date";--> statement-breakpoint
ALTER TABLE "discounts" ALTER COLUMN "start_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "discounts" ALTER COLUMN "end_date" SET NOT NULL;
