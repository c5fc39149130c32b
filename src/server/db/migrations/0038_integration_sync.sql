-- The ERP integration's bulk upserts: categories and models get the ERP's codes (existing categories
-- start with their slug as code, so products can name them at once), products keep the ERP's image
-- address for the image fetcher, Idempotency-Key answers are kept 24 h, and each bulk write leaves a
-- row of counts for the sync health screen.
CREATE TABLE "integration_idempotency" (
	"key_id" integer NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "integration_idempotency_key_id_idempotency_key_pk" PRIMARY KEY("key_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "integration_writes" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"resource" varchar(32) NOT NULL,
	"key_id" integer,
	"job_id" integer,
	"created" integer NOT NULL,
	"updated" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"rejected" integer NOT NULL,
	"errors" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "code" varchar(40);--> statement-breakpoint
UPDATE "categories" SET "code" = left("slug", 40);--> statement-breakpoint
ALTER TABLE "categories" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "code" varchar(40);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "image_source_url" text;--> statement-breakpoint
ALTER TABLE "integration_idempotency" ADD CONSTRAINT "integration_idempotency_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_writes" ADD CONSTRAINT "integration_writes_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_idempotency_created_idx" ON "integration_idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "integration_writes_resource_idx" ON "integration_writes" USING btree ("resource","at");--> statement-breakpoint
CREATE INDEX "integration_writes_at_idx" ON "integration_writes" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_code_uq" ON "categories" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "models_brand_code_uq" ON "models" USING btree ("brand_id","code");