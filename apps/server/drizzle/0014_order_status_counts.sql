CREATE TABLE "order_status_counts" (
	"account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_account_id_status_pk" PRIMARY KEY("account_id","status"),
	CONSTRAINT "order_status_counts_status_ck" CHECK ("order_status_counts"."status" in ('draft', 'unpaid', 'paid', 'waiting-label', 'label error', 'labeled', 'not-verified', 'error-dimension', 'on-hold', 'on-hold-ship', 'waiting-cancel', 'canceled', 'shipped', 'delivered', 'completed'))
);
