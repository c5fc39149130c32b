-- The store's own mail of every new order and offer goes through the outbox like the dealers' mails.
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_valid" CHECK ("mail_outbox"."kind" in ('order_confirmation', 'order_status', 'offer', 'payment_link', 'fault_report', 'store_order', 'store_offer'));
