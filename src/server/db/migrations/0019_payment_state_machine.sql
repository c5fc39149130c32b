CREATE TABLE "payment_intent_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"intent_id" varchar(32) NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"actor" varchar(12) NOT NULL,
	"user_id" integer,
	"ip" varchar(64),
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intent_events_actor_valid" CHECK ("payment_intent_events"."actor" in ('payer', 'gateway', 'reconciler', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "payment_start_refusals" (
	"hour" timestamp with time zone NOT NULL,
	"rule" varchar(16) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_start_refusals_hour_rule_pk" PRIMARY KEY("hour","rule")
);
--> statement-breakpoint
CREATE TABLE "sandbox_pos_payments" (
	"payment_id" varchar(40) PRIMARY KEY NOT NULL,
	"intent_id" varchar(32) NOT NULL,
	"status" varchar(10) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "sandbox_pos_payments_status_valid" CHECK ("sandbox_pos_payments"."status" in ('charged', 'declined', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "payment_intents" DROP CONSTRAINT "payment_intents_status_valid";--> statement-breakpoint
ALTER TABLE "payment_intents" ALTER COLUMN "status" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "payment_intents" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "description_text" jsonb;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "state_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "callback_data" jsonb;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "reservation" jsonb;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "attention_reason" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "reconcile_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "refund_ref" varchar(100);--> statement-breakpoint
ALTER TABLE "payment_intent_events" ADD CONSTRAINT "payment_intent_events_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intent_events" ADD CONSTRAINT "payment_intent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_intent_events_intent_idx" ON "payment_intent_events" USING btree ("intent_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_pos_payments_intent_uq" ON "sandbox_pos_payments" USING btree ("intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_intent_uq" ON "orders" USING btree ("payment_intent_id") WHERE "orders"."payment_intent_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_intents_open_idx" ON "payment_intents" USING btree ("status","state_changed_at") WHERE "payment_intents"."status" in ('pending', 'authorized', 'capturing', 'refunding');--> statement-breakpoint
CREATE INDEX "payment_intents_status_idx" ON "payment_intents" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_intents_link_idx" ON "payment_intents" USING btree ("payment_link_id","created_at") WHERE "payment_intents"."payment_link_id" is not null;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_status_valid" CHECK ("payment_intents"."status" in ('pending', 'authorized', 'capturing', 'succeeded', 'failed', 'expired', 'needs_attention', 'refunding', 'refunded'));--> statement-breakpoint
-- Existing intents: when their state last changed, and the pending ones past their time read as expired.
UPDATE "payment_intents" SET "state_changed_at" = coalesce("completed_at", "created_at");--> statement-breakpoint
UPDATE "payment_intents" SET "status" = 'expired' WHERE "status" = 'pending' AND "expires_at" < now();
