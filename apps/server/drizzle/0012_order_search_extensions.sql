-- The order list's keyword search (docs/orders-list.md): trigram indexes for "contains" (pg_trgm) that
-- also hold the account id (btree_gin). Both are trusted contrib extensions (PostgreSQL 13+): the
-- database owner may create them; PGlite loads them in platform/db.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
