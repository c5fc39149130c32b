ALTER TABLE "products" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The in-process search index follows products by change. Every insert and update
-- takes the next number of one sequence, so a process asks `max(change_seq)` before a search and
-- reloads only the rows above the highest number it has seen.
CREATE SEQUENCE "products_change_seq";--> statement-breakpoint
CREATE FUNCTION products_next_change_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_seq := nextval('products_change_seq');
  RETURN NEW;
END $$;
--> statement-breakpoint
UPDATE "products" SET "change_seq" = nextval('products_change_seq');--> statement-breakpoint
CREATE TRIGGER products_change_seq_stamp BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION products_next_change_seq();
--> statement-breakpoint
CREATE INDEX "products_change_seq_idx" ON "products" USING btree ("change_seq");
