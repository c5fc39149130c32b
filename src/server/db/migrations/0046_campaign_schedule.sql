-- Campaigns edited in the back office: cards side by side per screen width and the dates a campaign
-- is shown between.

ALTER TABLE "campaigns" ADD COLUMN "slides_phone" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "slides_tablet" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "slides_desktop" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_slides_range" CHECK ("campaigns"."slides_phone" between 1 and 8 and "campaigns"."slides_tablet" between 1 and 8 and "campaigns"."slides_desktop" between 1 and 8);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_dates_order" CHECK ("campaigns"."ends_at" is null or "campaigns"."starts_at" is null or "campaigns"."ends_at" > "campaigns"."starts_at");