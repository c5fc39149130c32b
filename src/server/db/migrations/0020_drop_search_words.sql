-- search_words was written by two triggers on every product write and never read: typo corrections
-- come from the in-process search index's own tokens. The triggers and their functions go with it.
DROP TRIGGER IF EXISTS products_search_words_insert ON products;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search_words_update ON products;
--> statement-breakpoint
DROP FUNCTION IF EXISTS search_words_from_new_rows();
--> statement-breakpoint
DROP FUNCTION IF EXISTS search_words_from_row();
--> statement-breakpoint
DROP TABLE "search_words" CASCADE;
