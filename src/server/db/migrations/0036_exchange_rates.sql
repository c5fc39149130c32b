-- Exchange rates from the Central Bank of Turkey's daily bulletin (today.xml): every rate a currency
-- was given, with its bulletin day and source (one row per currency and bulletin, so a bulletin fetched
-- twice, by two processes or a retry, is written once), the state of the last fetches for staff's
-- warning, and on each currency where its rate came from and whether staff pinned a manual one.
CREATE TABLE "exchange_rate_status" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_bulletin_date" date,
	"applied_with" varchar(40),
	"last_failure_at" timestamp with time zone,
	"last_failure" text,
	CONSTRAINT "exchange_rate_status_single_row" CHECK ("exchange_rate_status"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"bulletin_date" date,
	"source" varchar(8) NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"user_id" integer,
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_source" CHECK ("exchange_rates"."source" in ('tcmb', 'manual')),
	CONSTRAINT "exchange_rates_bulletin" CHECK (("exchange_rates"."source" = 'tcmb') = ("exchange_rates"."bulletin_date" is not null))
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "rate_source" varchar(8) DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "rate_bulletin_date" date;--> statement-breakpoint
ALTER TABLE "currencies" ADD COLUMN "rate_pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_bulletin_uq" ON "exchange_rates" USING btree ("currency_code","bulletin_date") WHERE "exchange_rates"."source" = 'tcmb';--> statement-breakpoint
CREATE INDEX "exchange_rates_currency_idx" ON "exchange_rates" USING btree ("currency_code","fetched_at");--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_rate_source" CHECK ("currencies"."rate_source" in ('tcmb', 'manual'));--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_rate_bulletin" CHECK (("currencies"."rate_source" = 'tcmb') = ("currencies"."rate_bulletin_date" is not null));--> statement-breakpoint
INSERT INTO "exchange_rate_status" ("id") VALUES (1);
