-- Staff convert a dealer's offer into an order: the offer keeps the order it became (one at most),
-- and its status (cancelled, ordered, open) is derived from is_cancel and order_id; the expression
-- index serves the staff's offer list narrowed to a status, newest first.
ALTER TABLE "offers" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_status_created_idx" ON "offers" USING btree ((case when "is_cancel" then 'cancelled' when "order_id" is not null then 'ordered' else 'open' end),"created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_order_uq" ON "offers" USING btree ("order_id") WHERE "offers"."order_id" is not null;