-- A bank receipt is entered once per dealer, and a bank transfer entered by mistake is taken back by a
-- reversing debit that names it (nothing is deleted from the ledger); staff list transfers by date.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_kind_valid";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "kind" SET DATA TYPE varchar(24);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "reverses_entry_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_reverses_uq" ON "ledger_entries" USING btree ("reverses_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfer_receipt_uq" ON "ledger_entries" USING btree ("customer_id",upper("document_no")) WHERE "ledger_entries"."kind" = 'bank_transfer';--> statement-breakpoint
CREATE INDEX "ledger_transfers_idx" ON "ledger_entries" USING btree ("entry_date","id") WHERE "ledger_entries"."kind" = 'bank_transfer';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_reversal_linked" CHECK (("ledger_entries"."kind" = 'transfer_reversal') = ("ledger_entries"."reverses_entry_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_kind_valid" CHECK ("ledger_entries"."kind" in ('opening', 'invoice', 'order', 'card_payment', 'bank_transfer', 'transfer_reversal'));
