-- Keys of the ERP integration API (/api/integration/v1/) and the log of its calls. A key is stored
-- only as the SHA-256 of its secret, found by its public prefix; a rotated key carries expires_at (its
-- grace period beside its successor). integration_calls keeps one row per call (key, route, status,
-- rows, duration) for the sync health screen, pruned after 30 days.
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"name" varchar(100) NOT NULL,
	"scopes" text[] NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"rotated_from_id" integer
);
--> statement-breakpoint
CREATE TABLE "integration_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"key_id" integer NOT NULL,
	"method" varchar(8) NOT NULL,
	"route" varchar(200) NOT NULL,
	"status" integer NOT NULL,
	"rows" integer,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_rotated_from_id_api_keys_id_fk" FOREIGN KEY ("rotated_from_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_calls" ADD CONSTRAINT "integration_calls_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix_uq" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "integration_calls_key_idx" ON "integration_calls" USING btree ("key_id","id");--> statement-breakpoint
CREATE INDEX "integration_calls_at_idx" ON "integration_calls" USING btree ("at");