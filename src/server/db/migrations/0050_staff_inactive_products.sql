-- The staff table filters the inactive products, usually few among 100,000: a partial index finds
-- them instead of a walk through a whole sort index.

CREATE INDEX "products_staff_inactive_idx" ON "products" USING btree ("id") WHERE not "products"."is_active";