-- Variant dimension names and option values ("Renk", "Beden", "Kırmızı") get stored
-- translations like category and unit names, keyed by their Turkish text.
ALTER TABLE "translations" DROP CONSTRAINT "translations_kind_valid";--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_kind_valid" CHECK ("translations"."kind" in ('category','campaign','paymentPlan','unit','setting','variant'));
