-- The staff customer search over one column the database keeps folded (code, name, tax number),
-- in place of three expression indexes: a match is checked without folding three columns again.
DROP INDEX "customers_code_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_name_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_tax_trgm_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(translate("customers"."code" || ' ' || "customers"."name" || ' ' || coalesce("customers"."tax_number", ''), 'ŞşİIıĞğÇçÖöÜüÂâÎîÛû', 'ssiiiggccoouuaaiiuu'))) STORED;--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);