DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_brand_idx";--> statement-breakpoint
DROP INDEX "products_model_idx";--> statement-breakpoint
DROP INDEX "products_name_sort_idx";--> statement-breakpoint
DROP INDEX "products_price_base_idx";--> statement-breakpoint
DROP INDEX "products_quantity_idx";--> statement-breakpoint
CREATE INDEX "campaign_products_product_idx" ON "campaign_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_uq" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "product_stocks_warehouse_idx" ON "product_stocks" USING btree ("warehouse_id");--> statement-breakpoint
CREATE INDEX "products_list_name_idx" ON "products" USING btree ("name_sort","id") WHERE "products"."parent_id" is null and "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_list_price_idx" ON "products" USING btree ("sale_price_base","id") WHERE "products"."parent_id" is null and "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_list_quantity_idx" ON "products" USING btree ("quantity","id") WHERE "products"."parent_id" is null and "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_list_category_idx" ON "products" USING btree ("category_id","name_sort","id") WHERE "products"."parent_id" is null and "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_list_brand_idx" ON "products" USING btree ("brand_id","name_sort","id") WHERE "products"."parent_id" is null and "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_list_model_idx" ON "products" USING btree ("model_id","id") WHERE "products"."parent_id" is null and "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_ozelkod2_idx" ON "products" USING btree ("ozelkod2");--> statement-breakpoint
CREATE INDEX "products_code_prefix_idx" ON "products" USING btree (lower("code") text_pattern_ops) WHERE "products"."parent_id" is null and "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_name_prefix_idx" ON "products" USING btree (lower(translate("name", 'ŞşİIıĞğÇçÖöÜüÂâÎîÛû', 'ssiiiggccoouuaaiiuu')) text_pattern_ops) WHERE "products"."parent_id" is null and "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_equivalent_codes_idx" ON "products" USING gin ("equivalent_codes");