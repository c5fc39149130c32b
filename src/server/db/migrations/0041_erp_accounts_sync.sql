-- The ERP's bulk upserts of dealer companies, the ledger and campaigns: branches and campaigns get
-- the ERP's codes (existing campaigns start with their id as code; existing branches keep none, as
-- they were made in the portal), the ERP's payments and returns are credits of their own kinds, and
-- the ERP's ledger documents are one entry per company, kind and number, which its upserts find them by.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_kind_valid";--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "code" varchar(40);--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "code" varchar(40);--> statement-breakpoint
UPDATE "campaigns" SET "code" = "id"::text;--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_customer_code_uq" ON "branches" USING btree ("customer_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_code_uq" ON "campaigns" USING btree ("code");--> statement-breakpoint
-- Openings and invoices numbered alike within one company before this keep their entries under a
-- told-apart number (the later ones get '-2', '-3', …), so the unique index below can be made.
UPDATE "ledger_entries" AS e SET "document_no" = left(e."document_no", 35) || '-' || d.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "customer_id", "kind", "document_no" ORDER BY "id") AS n
  FROM "ledger_entries" WHERE "kind" in ('opening', 'invoice')
) AS d
WHERE d."id" = e."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_erp_document_uq" ON "ledger_entries" USING btree ("customer_id","kind","document_no") WHERE "ledger_entries"."kind" in ('opening', 'invoice', 'erp_payment', 'erp_return');--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_kind_valid" CHECK ("ledger_entries"."kind" in ('opening', 'invoice', 'order', 'card_payment', 'bank_transfer', 'transfer_reversal', 'card_refund', 'order_cancel', 'erp_payment', 'erp_return'));
