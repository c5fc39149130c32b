-- Spreadsheet imports remember the column mapping of each file layout (the resource and a hash of the
-- normalised header row), so a distributor's next file of the same shape opens already mapped.
CREATE TABLE "import_mappings" (
	"resource" varchar(32) NOT NULL,
	"layout_hash" varchar(64) NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "import_mappings_resource_layout_hash_pk" PRIMARY KEY("resource","layout_hash")
);
--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;