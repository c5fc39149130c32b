-- Staff users get one of five roles; every administrator until now could do everything, so each
-- becomes an owner.
ALTER TABLE "users" ADD COLUMN "staff_role" varchar(16);--> statement-breakpoint
UPDATE "users" SET "staff_role" = 'owner' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_valid" CHECK (("users"."role" = 'admin') = ("users"."staff_role" is not null) and ("users"."staff_role" is null or "users"."staff_role" in ('owner', 'sales', 'catalogue', 'accounting', 'readonly')));
