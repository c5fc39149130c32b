CREATE TABLE "search_stat_pairs" (
	"period" varchar(8) NOT NULL,
	"query_key" varchar(200) NOT NULL,
	"user_id" integer NOT NULL,
	"query" varchar(200) NOT NULL,
	"hits" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_stat_pairs_period_query_key_user_id_pk" PRIMARY KEY("period","query_key","user_id"),
	CONSTRAINT "search_stat_pairs_period_valid" CHECK ("search_stat_pairs"."period" in ('today', '7d', '30d'))
);
--> statement-breakpoint
CREATE TABLE "search_stat_state" (
	"period" varchar(8) PRIMARY KEY NOT NULL,
	"through_day" date NOT NULL,
	CONSTRAINT "search_stat_state_period_valid" CHECK ("search_stat_state"."period" in ('today', '7d', '30d'))
);
--> statement-breakpoint
CREATE TABLE "search_stat_users" (
	"period" varchar(8) NOT NULL,
	"user_id" integer NOT NULL,
	"hits" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_stat_users_period_user_id_pk" PRIMARY KEY("period","user_id"),
	CONSTRAINT "search_stat_users_period_valid" CHECK ("search_stat_users"."period" in ('today', '7d', '30d'))
);
--> statement-breakpoint
CREATE TABLE "search_stat_words" (
	"period" varchar(8) NOT NULL,
	"query_key" varchar(200) NOT NULL,
	"query" varchar(200) NOT NULL,
	"hits" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"zero_hits" integer DEFAULT 0 NOT NULL,
	"zero_last_at" timestamp with time zone,
	CONSTRAINT "search_stat_words_period_query_key_pk" PRIMARY KEY("period","query_key"),
	CONSTRAINT "search_stat_words_period_valid" CHECK ("search_stat_words"."period" in ('today', '7d', '30d'))
);
--> statement-breakpoint
ALTER TABLE "search_stat_users" ADD CONSTRAINT "search_stat_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_stat_pairs_word_idx" ON "search_stat_pairs" USING btree ("period","query_key","hits","last_at","user_id");--> statement-breakpoint
CREATE INDEX "search_stat_pairs_user_idx" ON "search_stat_pairs" USING btree ("period","user_id","hits","last_at","query_key");--> statement-breakpoint
CREATE INDEX "search_stat_users_top_idx" ON "search_stat_users" USING btree ("period","hits","last_at","user_id");--> statement-breakpoint
CREATE INDEX "search_stat_words_top_idx" ON "search_stat_words" USING btree ("period","hits","last_at","query_key");--> statement-breakpoint
CREATE INDEX "search_stat_words_zero_idx" ON "search_stat_words" USING btree ("period","zero_hits","zero_last_at","query_key") WHERE "search_stat_words"."zero_hits" > 0;