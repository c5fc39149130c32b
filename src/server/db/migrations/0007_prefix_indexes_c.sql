DROP INDEX "products_code_prefix_idx";--> statement-breakpoint
DROP INDEX "products_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "products_code_prefix_c_idx" ON "products" USING btree ((lower("code") collate "C"),"id") WHERE "products"."parent_id" is null and "products"."is_active";--> statement-breakpoint
CREATE INDEX "products_name_prefix_c_idx" ON "products" USING btree ((lower(translate("name", 'ŞşİIıĞğÇçÖöÜüÂâÎîÛû', 'ssiiiggccoouuaaiiuu')) collate "C"),"id") WHERE "products"."parent_id" is null and "products"."is_active";