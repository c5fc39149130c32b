CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"name" text NOT NULL,
	"logo" varchar(200),
	"issuer_match" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bin_ranges" (
	"prefix" varchar(8) PRIMARY KEY NOT NULL,
	"network" varchar(30) NOT NULL,
	"card_type" varchar(30) DEFAULT '' NOT NULL,
	"category" varchar(60) DEFAULT '' NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"bank_id" integer,
	CONSTRAINT "bin_ranges_prefix_valid" CHECK ("bin_ranges"."prefix" ~ '^[0-9]{6}([0-9]{2})?$')
);
--> statement-breakpoint
CREATE TABLE "installment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer,
	"installment" smallint NOT NULL,
	"commission_fee" numeric(7, 2) DEFAULT '0' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "installment_plans_count_valid" CHECK ("installment_plans"."installment" between 1 and 12),
	CONSTRAINT "installment_plans_fee_valid" CHECK ("installment_plans"."commission_fee" >= 0 and "installment_plans"."commission_fee" < 100)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"document_no" varchar(40) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"entry_date" date NOT NULL,
	"due_date" date,
	"debit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"open_amount" numeric(18, 2) NOT NULL,
	"order_id" integer,
	"payment_intent_id" varchar(32),
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_kind_valid" CHECK ("ledger_entries"."kind" in ('opening', 'invoice', 'order', 'card_payment', 'bank_transfer')),
	CONSTRAINT "ledger_one_side" CHECK (("ledger_entries"."debit" > 0 and "ledger_entries"."credit" = 0) or ("ledger_entries"."credit" > 0 and "ledger_entries"."debit" = 0)),
	CONSTRAINT "ledger_open_valid" CHECK ("ledger_entries"."open_amount" >= 0 and "ledger_entries"."open_amount" <= "ledger_entries"."debit" + "ledger_entries"."credit")
);
--> statement-breakpoint
CREATE TABLE "ledger_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"credit_entry_id" integer NOT NULL,
	"debit_entry_id" integer NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_settlements_amount_positive" CHECK ("ledger_settlements"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer,
	"payment_type" varchar(8) NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"gateway" varchar(16) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"installment" smallint DEFAULT 1 NOT NULL,
	"commission_fee" numeric(7, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(18, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'TRY' NOT NULL,
	"bank_id" integer,
	"payment_plan_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"settle_entry_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_link_id" integer,
	"card_masked" varchar(19) NOT NULL,
	"card_holder" text NOT NULL,
	"card_network" varchar(20),
	"card_expiry" varchar(5) NOT NULL,
	"gateway_ref" varchar(100),
	"failure_code" varchar(40),
	"failure_message" text,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_intents_type_valid" CHECK ("payment_intents"."payment_type" in ('order', 'pay', 'link')),
	CONSTRAINT "payment_intents_status_valid" CHECK ("payment_intents"."status" in ('pending', 'succeeded', 'failed')),
	CONSTRAINT "payment_intents_amount_positive" CHECK ("payment_intents"."amount" > 0 and "payment_intents"."total_amount" >= "payment_intents"."amount")
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"customer_id" integer NOT NULL,
	"created_by_user_id" integer,
	"amount" numeric(18, 2) NOT NULL,
	"settle_entry_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"email" varchar(254),
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"payment_intent_id" varchar(32),
	CONSTRAINT "payment_links_amount_positive" CHECK ("payment_links"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" varchar(32);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bin_ranges" ADD CONSTRAINT "bin_ranges_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installment_plans" ADD CONSTRAINT "installment_plans_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_settlements" ADD CONSTRAINT "ledger_settlements_credit_entry_id_ledger_entries_id_fk" FOREIGN KEY ("credit_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_settlements" ADD CONSTRAINT "ledger_settlements_debit_entry_id_ledger_entries_id_fk" FOREIGN KEY ("debit_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banks_code_uq" ON "banks" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "installment_plans_bank_count_uq" ON "installment_plans" USING btree (coalesce("bank_id", 0),"installment");--> statement-breakpoint
CREATE INDEX "ledger_customer_date_idx" ON "ledger_entries" USING btree ("customer_id","entry_date","id");--> statement-breakpoint
CREATE INDEX "ledger_open_debits_idx" ON "ledger_entries" USING btree ("customer_id","due_date") WHERE "ledger_entries"."open_amount" > 0 and "ledger_entries"."debit" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_intent_uq" ON "ledger_entries" USING btree ("payment_intent_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_settlements_credit_idx" ON "ledger_settlements" USING btree ("credit_entry_id");--> statement-breakpoint
CREATE INDEX "ledger_settlements_debit_idx" ON "ledger_settlements" USING btree ("debit_entry_id");--> statement-breakpoint
CREATE INDEX "payment_intents_customer_idx" ON "payment_intents" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_intents_created_idx" ON "payment_intents" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_token_uq" ON "payment_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "payment_links_customer_idx" ON "payment_links" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_links_created_idx" ON "payment_links" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_valid" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'offer', 'payment_link'));