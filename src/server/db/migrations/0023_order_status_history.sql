-- Staff move orders through new → processing → shipped → delivered (or cancel them) and the dealer is
-- mailed each change; every change is kept in order_status_changes, and the orders written so far get
-- the one change they could have had: a dealer's cancellation.
CREATE TABLE "order_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" varchar(16) NOT NULL,
	"to_status" varchar(16) NOT NULL,
	"note" text,
	"by_user_id" integer,
	"by_staff" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "staff_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "erp_document_no" varchar(40);--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_changes_order_idx" ON "order_status_changes" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_valid" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'order_status', 'offer', 'payment_link', 'fault_report'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('new', 'processing', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
INSERT INTO "order_status_changes" ("order_id", "from_status", "to_status", "by_user_id", "by_staff", "created_at")
  SELECT "id", 'new', 'cancelled', "user_id", false, "cancelled_at" FROM "orders"
  WHERE "status" = 'cancelled' AND "cancelled_at" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "status_changed_at" = "cancelled_at" WHERE "status" = 'cancelled';
