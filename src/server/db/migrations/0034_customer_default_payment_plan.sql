-- A company's default payment plan: its dealers' cart starts in it until they pick another. A
-- plan removed from the store leaves the company on the store's default (ON DELETE SET NULL).
ALTER TABLE "customers" ADD COLUMN "default_payment_plan_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_default_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("default_payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE set null ON UPDATE no action;