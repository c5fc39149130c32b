-- Bank transfers: a receipt is entered once per dealer while it stands, and one entered by mistake is
-- taken back by reversing debits that name it (nothing is deleted from the ledger); staff list them by
-- date. The store's own mail of every new order and offer goes through the outbox. The staff home
-- counts today's offers across all dealers.
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_kind_valid";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "kind" SET DATA TYPE varchar(24);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "reverses_entry_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_reverses_idx" ON "ledger_entries" USING btree ("reverses_entry_id");--> statement-breakpoint
-- Receipts entered twice for one dealer before this keep their entries under a told-apart number
-- (the later ones get '-2', '-3', …), so the unique index below can be made.
UPDATE "ledger_entries" AS e SET "document_no" = left(e."document_no", 35) || '-' || d.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "customer_id", upper("document_no") ORDER BY "id") AS n
  FROM "ledger_entries" WHERE "kind" = 'bank_transfer'
) AS d
WHERE d."id" = e."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfer_receipt_uq" ON "ledger_entries" USING btree ("customer_id",upper("document_no")) WHERE "ledger_entries"."kind" = 'bank_transfer' and "ledger_entries"."reversed_at" is null;--> statement-breakpoint
CREATE INDEX "ledger_transfers_idx" ON "ledger_entries" USING btree ("entry_date","id") WHERE "ledger_entries"."kind" = 'bank_transfer';--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_valid" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'order_status', 'offer', 'payment_link', 'fault_report', 'store_order', 'store_offer'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_reversal_linked" CHECK (("ledger_entries"."kind" = 'transfer_reversal') = ("ledger_entries"."reverses_entry_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_kind_valid" CHECK ("ledger_entries"."kind" in ('opening', 'invoice', 'order', 'card_payment', 'bank_transfer', 'transfer_reversal'));
