CREATE TABLE "fault_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_no" varchar(20) NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer,
	"product_id" integer,
	"product_code" varchar(80) NOT NULL,
	"serial_number" varchar(64),
	"description" text NOT NULL,
	"contact_phone" varchar(40) NOT NULL,
	"photo" "bytea",
	"photo_type" varchar(40),
	"status" varchar(16) DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fault_reports_status_valid" CHECK ("fault_reports"."status" in ('new', 'in_service', 'done'))
);
--> statement-breakpoint
CREATE TABLE "product_serial_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_id" integer NOT NULL,
	"moved_on" date NOT NULL,
	"status" varchar(40) NOT NULL,
	"document_no" varchar(40) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_serials" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" varchar(64) NOT NULL,
	"product_id" integer,
	"customer_id" integer,
	"sale_date" date,
	"warranty_months" integer DEFAULT 24 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_serials_months_valid" CHECK ("product_serials"."warranty_months" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "fault_reports" ADD CONSTRAINT "fault_reports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_reports" ADD CONSTRAINT "fault_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_reports" ADD CONSTRAINT "fault_reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_serial_movements" ADD CONSTRAINT "product_serial_movements_serial_id_product_serials_id_fk" FOREIGN KEY ("serial_id") REFERENCES "public"."product_serials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_serials" ADD CONSTRAINT "product_serials_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_serials" ADD CONSTRAINT "product_serials_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fault_reports_no_uq" ON "fault_reports" USING btree ("report_no");--> statement-breakpoint
CREATE INDEX "fault_reports_customer_idx" ON "fault_reports" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "fault_reports_status_idx" ON "fault_reports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "product_serial_movements_serial_idx" ON "product_serial_movements" USING btree ("serial_id","moved_on");--> statement-breakpoint
CREATE UNIQUE INDEX "product_serials_serial_uq" ON "product_serials" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "search_logs_zero_idx" ON "search_logs" USING btree ("created_at") WHERE "search_logs"."result_count" = 0;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_valid" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'offer', 'payment_link', 'fault_report'));