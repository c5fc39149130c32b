-- The staff's product table filters every product (variants and inactive ones too) by text, category
-- and brand; the text index dropped in 0021 comes back for it, with the two foreign keys indexed.

CREATE INDEX "products_staff_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_staff_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_staff_brand_idx" ON "products" USING btree ("brand_id");