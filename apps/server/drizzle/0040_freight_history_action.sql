-- Hand-written backfill (runs before the generated constraint below, which it must satisfy): every
-- existing history row gets an action from what it stored. A weight confirmation was recorded as a
-- state change; any value the list does not know is read from the statuses (no previous status: the
-- creation; a status moved: a state change; otherwise an edit).
UPDATE "freight_history" SET "action" = 'weight-confirmed' WHERE "action" = 'status' AND "to_status" = 'confirmed-weight';--> statement-breakpoint
UPDATE "freight_history" SET "action" = CASE
    WHEN "from_status" IS NULL THEN 'created'
    WHEN "from_status" <> "to_status" THEN CASE WHEN "to_status" = 'confirmed-weight' THEN 'weight-confirmed' ELSE 'status' END
    ELSE 'updated'
  END
  WHERE "action" NOT IN ('created', 'updated', 'status', 'weight-confirmed', 'carton-added', 'carton-removed', 'document-added', 'document-removed', 'cost-adjusted');--> statement-breakpoint
ALTER TABLE "freight_history" ADD CONSTRAINT "freight_history_action_ck" CHECK ("freight_history"."action" in ('created', 'updated', 'status', 'weight-confirmed', 'carton-added', 'carton-removed', 'document-added', 'document-removed', 'cost-adjusted'));
