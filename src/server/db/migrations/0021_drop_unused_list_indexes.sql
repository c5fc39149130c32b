-- The list pages and the search are answered by the in-process search index: these indexes served
-- the SQL listing and trigram matching it replaced. No query reads them, and every product write
-- (an order's stock change, an ERP import) paid for all six; the trigram one alone was most of a
-- million-product seed's time. The category index stays: the fault report's product picker uses it.
DROP INDEX "products_list_name_idx";--> statement-breakpoint
DROP INDEX "products_list_price_idx";--> statement-breakpoint
DROP INDEX "products_list_quantity_idx";--> statement-breakpoint
DROP INDEX "products_list_brand_idx";--> statement-breakpoint
DROP INDEX "products_list_model_idx";--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";