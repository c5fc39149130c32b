-- Fault reports answered both ways: each status step kept with the note staff wrote for the dealer,
-- the latest note on the report, and the dealer's mail of each step through the outbox.
CREATE TABLE "fault_report_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"from_status" varchar(16) NOT NULL,
	"to_status" varchar(16) NOT NULL,
	"note" text,
	"by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "fault_reports" ADD COLUMN "staff_note" text;--> statement-breakpoint
ALTER TABLE "fault_report_changes" ADD CONSTRAINT "fault_report_changes_report_id_fault_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."fault_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_report_changes" ADD CONSTRAINT "fault_report_changes_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fault_report_changes_report_idx" ON "fault_report_changes" USING btree ("report_id","id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_valid" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'order_status', 'offer', 'payment_link', 'fault_report', 'fault_status', 'store_order', 'store_offer'));