-- Customers run from the back office: payment terms and the sales person of a company, a branch
-- closed without deleting it (its orders name it), and the staff list sorted by name.
ALTER TABLE "branches" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "payment_term_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sales_user_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_sales_user_id_users_id_fk" FOREIGN KEY ("sales_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name","id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_payment_term_valid" CHECK ("customers"."payment_term_days" between 0 and 365);