-- Data out to the ERP. integration_feed: an append-only feed (one row per order placed, offer made or
-- ordered, card payment or bank transfer booked, dealer user made), written in the change's own
-- transaction with that transaction's id (xact_id), so the cursor feeds hand out only rows whose
-- transaction is older than every running one and never skip a late commit. webhook_endpoints and
-- webhook_deliveries: each API key's webhook addresses and the outbox of their deliveries (queued in
-- the event's transaction, sent and retried by the webhook worker). orders.erp_transferred_at: when the
-- ERP acknowledged the order with its document number (erp_document_no).
CREATE TABLE "integration_feed" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"feed" varchar(16) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"entity_id" varchar(40) NOT NULL,
	"xact_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_feed_feed_valid" CHECK ("integration_feed"."feed" in ('orders', 'offers', 'payments', 'customer_users'))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event" varchar(32) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"entity_id" varchar(40) NOT NULL,
	"body" text,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" varchar(300),
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_valid" CHECK ("webhook_deliveries"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" varchar(80) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erp_transferred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_feed_read_idx" ON "integration_feed" USING btree ("feed","xact_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_key_idx" ON "webhook_endpoints" USING btree ("key_id");