-- The staff order search by a number typed from its start (S2026-0001): a range of a sorted index,
-- where trigrams every order shares made the embedded database read thousands of entries.
CREATE INDEX "orders_no_prefix_idx" ON "orders" USING btree ("order_no" text_pattern_ops);
