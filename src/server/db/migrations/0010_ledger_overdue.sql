ALTER TABLE "customers" DROP CONSTRAINT "customers_overdue_currency_id_currencies_id_fk";
--> statement-breakpoint
CREATE INDEX "ledger_open_credits_idx" ON "ledger_entries" USING btree ("customer_id","entry_date") WHERE "ledger_entries"."open_amount" > 0 and "ledger_entries"."credit" > 0;--> statement-breakpoint
-- Written by hand: a typed overdue balance is carried over as an opening entry of the ledger, due as
-- many days ago as was typed, so the overdue figure of an existing company stays what it was.
INSERT INTO "ledger_entries" ("customer_id", "kind", "document_no", "description", "entry_date", "due_date", "debit", "open_amount")
SELECT "id", 'opening', 'DEVIR', 'Devir bakiyesi (vadesi geçmiş)', current_date - "overdue_days", current_date - "overdue_days", "overdue_balance", "overdue_balance"
FROM "customers" WHERE "overdue_balance" > 0;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "overdue_balance";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "overdue_days";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "overdue_currency_id";