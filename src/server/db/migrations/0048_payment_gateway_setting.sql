-- The virtual POS chosen on the back office's payment setup screen, one row, its merchant keys sealed
-- (AES-256-GCM); its trigger stamps data_versions so every process follows a change on its next payment.
CREATE TABLE "payment_gateway_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"gateway" varchar(16) NOT NULL,
	"base_url" text,
	"api_key_sealed" text,
	"api_key_ending" varchar(4),
	"api_key_set_at" timestamp with time zone,
	"secret_key_sealed" text,
	"secret_key_ending" varchar(4),
	"secret_key_set_at" timestamp with time zone,
	"sealed_with" varchar(16),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	CONSTRAINT "payment_gateway_settings_one_row" CHECK ("payment_gateway_settings"."id" = 1),
	CONSTRAINT "payment_gateway_settings_gateway_valid" CHECK ("payment_gateway_settings"."gateway" in ('sandbox', 'iyzico'))
);
--> statement-breakpoint
ALTER TABLE "payment_gateway_settings" ADD CONSTRAINT "payment_gateway_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TRIGGER payment_gateway_settings_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_gateway_settings
  FOR EACH STATEMENT EXECUTE FUNCTION data_versions_stamp();
