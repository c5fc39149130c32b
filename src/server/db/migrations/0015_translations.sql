CREATE TABLE "translations" (
	"kind" varchar(20) NOT NULL,
	"key" varchar(120) NOT NULL,
	"locale" varchar(5) NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_locale_kind_key_pk" PRIMARY KEY("locale","kind","key"),
	CONSTRAINT "translations_kind_valid" CHECK ("translations"."kind" in ('category','campaign','paymentPlan','unit','setting')),
	CONSTRAINT "translations_locale_valid" CHECK ("translations"."locale" ~ '^[a-z]{2}$' and "translations"."locale" <> 'tr'),
	CONSTRAINT "translations_text_present" CHECK (length(btrim("translations"."text")) > 0)
);
