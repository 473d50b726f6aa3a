-- Sellers see the revenue and services reports of their own account (docs/reports.md): the owner,
-- VIP, manager and accountant roles of a database seeded before get the two codes (new databases
-- get them from the role defaults). Roles staff created themselves are left as they are.
INSERT INTO "role_permissions" ("role_id", "permission_code")
SELECT r."id", c.code
FROM "roles" r
CROSS JOIN (VALUES ('EX-REPORT-REVENUE'), ('EX-REPORT-SERVICES')) AS c(code)
WHERE r."code" IN ('EXR-CUSTOMER', 'EXR-VIP-CUSTOMER', 'EXR-MANAGER', 'EXR-ACCOUNTANT')
  AND EXISTS (SELECT 1 FROM "permissions" p WHERE p."code" = c.code)
ON CONFLICT DO NOTHING;
