-- The staff home counts today's offers across all dealers.
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("created_at","id");
