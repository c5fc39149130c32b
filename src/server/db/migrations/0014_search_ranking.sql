CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The typo dictionary follows the search documents whatever writes them. Inserts are read
-- once per statement (a seed of 100,000 rows is one pass); an update only when search_text changes.
CREATE FUNCTION search_words_from_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows, regexp_split_to_table(new_rows.search_text, ' ') AS w
    WHERE w ~ '^[a-z]{3,}$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_words_from_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, ' ') AS w
    WHERE w ~ '^[a-z]{3,}$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE OF search_text ON products
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION search_words_from_row();
--> statement-breakpoint
-- Rows written before this migration: the name normalised as domain/search-query does it (folded,
-- punctuation dropped, '4 x 40' → '4x40', '10 mm' → '10mm'), added to the search text as well.
UPDATE products SET search_name = btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
    lower(translate(name, 'ŞşİIıĞğÇçÖöÜüÂâÎîÛû×*', 'ssiiiggccoouuaaiiuuxx')),
    '[^a-z0-9.,/x -]+', ' ', 'g'),
    '(\d)\s*x\s*(\d)', '\1x\2', 'g'),
    '(\d)\s+(mm|cm|mt|m|kg|gr|g|lt|ml|l|v|w|kw|a|ah|mah|bar|inc|inch|cc)(?![a-z0-9])', '\1\2', 'g'),
    '\s+', ' ', 'g'))
  WHERE search_name = '';
--> statement-breakpoint
UPDATE products SET search_text = search_text || ' ' || search_name
  WHERE search_name <> '' AND position(search_name in search_text) = 0;
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products, regexp_split_to_table(products.search_text, ' ') AS w
  WHERE w ~ '^[a-z]{3,}$'
ON CONFLICT DO NOTHING;
