-- The ERP's invoices as documents: each invoice by its number with its company, days, ETTN, amounts
-- and currency, its PDF kept apart (uploaded, or downloaded from the ERP's address with a fetch state
-- of pending, fetched or failed); and the download of products' image addresses: one fetch state per
-- product and the resized images themselves, served from the database by every app process. Products
-- that already carry an image address are queued for their first download.
CREATE TABLE "erp_invoice_pdfs" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"source" varchar(10) NOT NULL,
	"stored_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(40) NOT NULL,
	"customer_id" integer NOT NULL,
	"date" date NOT NULL,
	"due_date" date,
	"ettn" uuid,
	"amount" numeric(18, 4) NOT NULL,
	"tax_amount" numeric(18, 4),
	"currency" varchar(3) NOT NULL,
	"pdf_url" text,
	"pdf_fetch_state" varchar(10),
	"pdf_fetch_attempts" integer DEFAULT 0 NOT NULL,
	"pdf_fetch_next_at" timestamp with time zone,
	"pdf_fetch_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_image_fetches" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"state" varchar(10) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_image_files" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "erp_invoice_pdfs" ADD CONSTRAINT "erp_invoice_pdfs_invoice_id_erp_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."erp_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_invoices" ADD CONSTRAINT "erp_invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_image_fetches" ADD CONSTRAINT "product_image_fetches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_invoices_number_uq" ON "erp_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "erp_invoices_ettn_uq" ON "erp_invoices" USING btree ("ettn") WHERE "erp_invoices"."ettn" is not null;--> statement-breakpoint
CREATE INDEX "erp_invoices_customer_idx" ON "erp_invoices" USING btree ("customer_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "erp_invoices_pdf_due_idx" ON "erp_invoices" USING btree ("pdf_fetch_next_at") WHERE "erp_invoices"."pdf_fetch_state" = 'pending';--> statement-breakpoint
CREATE INDEX "product_image_fetches_due_idx" ON "product_image_fetches" USING btree ("next_at") WHERE "product_image_fetches"."state" = 'pending';--> statement-breakpoint
INSERT INTO "product_image_fetches" ("product_id", "source_url", "state", "next_at", "updated_at")
  SELECT "id", "image_source_url", 'pending', now(), now() FROM "products" WHERE "image_source_url" IS NOT NULL;
