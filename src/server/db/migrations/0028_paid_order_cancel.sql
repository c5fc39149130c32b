-- Staff cancel a card-paid order through a refund: the order keeps the cancellation (who, the note)
-- while the bank is asked, and the ledger gains the refund's debit and the cancelled order's credit
-- that give the money back without rewriting the booked entries.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_kind_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_request" jsonb;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_kind_valid" CHECK ("ledger_entries"."kind" in ('opening', 'invoice', 'order', 'card_payment', 'bank_transfer', 'transfer_reversal', 'card_refund', 'order_cancel'));