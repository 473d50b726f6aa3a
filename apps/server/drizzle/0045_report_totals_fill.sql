-- The account-free totals (each dimension per quarter hour and per hour) and the accounts' days from the rollups already written (docs/reports.md "Fast at scale").
INSERT INTO report_totals (dim, bucket, key, fact, rollup_rows, orders, weight_gr, shipping_cents, fees_cents, tax_cents, discount_cents, surcharge_cents, refund_cents, payments, paid_cents, top_ups, top_up_cents, cost_cents, freight_cents, label_failures, delivered, on_time, late, lost)
SELECT d.dim || g.suffix, g.bucket, d.key, CASE r.method WHEN '' THEN 'parcel' WHEN 'top-up' THEN 'top-up' ELSE 'order' END, count(*), sum(r.orders), sum(r.weight_gr), sum(r.shipping_cents), sum(r.fees_cents), sum(r.tax_cents), sum(r.discount_cents), sum(r.surcharge_cents), sum(r.refund_cents), sum(r.payments), sum(r.paid_cents), sum(r.top_ups), sum(r.top_up_cents), sum(r.cost_cents), sum(r.freight_cents), sum(r.label_failures), sum(r.delivered), sum(r.on_time), sum(r.late), sum(r.lost)
FROM report_rollups r
CROSS JOIN LATERAL (VALUES ('method', r.method), ('service', r.service_code), ('carrier', r.carrier_code), ('warehouse', r.warehouse_code), ('lane', r.warehouse_code || ' → ' || r.country)) AS d(dim, key)
CROSS JOIN LATERAL (VALUES ('', r.bucket), (':h', date_bin('1 hour', r.bucket, timestamptz '2000-01-01 00:00:00+00'))) AS g(suffix, bucket)
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO report_account_days (day, account_id, orders, paid_cents, refund_cents)
SELECT date_bin('1 day', bucket, timestamptz '2000-01-01 00:00:00+00'), account_id, sum(orders), sum(paid_cents), sum(refund_cents)
FROM report_rollups WHERE method NOT IN ('', 'top-up')
GROUP BY 1, 2;
