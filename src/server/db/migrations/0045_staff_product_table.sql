-- The staff's product table sorts every product (variants too) by name, price, stock or last change;
-- a product's English name is a translation like a category's.

ALTER TABLE "translations" DROP CONSTRAINT "translations_kind_valid";--> statement-breakpoint
CREATE INDEX "products_staff_name_idx" ON "products" USING btree ("name_sort","id");--> statement-breakpoint
CREATE INDEX "products_staff_price_idx" ON "products" USING btree ("sale_price_base","id");--> statement-breakpoint
CREATE INDEX "products_staff_stock_idx" ON "products" USING btree ("quantity","id");--> statement-breakpoint
CREATE INDEX "products_staff_updated_idx" ON "products" USING btree ("updated_at","id");--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_kind_valid" CHECK ("translations"."kind" in ('category','campaign','paymentPlan','unit','setting','variant','product'));