-- The staff lists at 100,000 orders and 20,000 companies: a page by total read from an index, and a
-- typed part of an order or ERP number, or of a company's code, name or tax number, found by trigrams.
CREATE INDEX "customers_code_trgm_idx" ON "customers" USING gin (lower(translate("code", 'şŞıIİğĞçÇöÖüÜ', 'ssiiiggccoouu')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin (lower(translate("name", 'şŞıIİğĞçÇöÖüÜ', 'ssiiiggccoouu')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_tax_trgm_idx" ON "customers" USING gin ("tax_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("base_total","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_total_idx" ON "orders" USING btree ("status","base_total","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_no_trgm_idx" ON "orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_erp_no_trgm_idx" ON "orders" USING gin (upper("erp_document_no") gin_trgm_ops);