-- A spreadsheet waiting for its import is kept in the database, so whichever app process the staff
-- member's next request reaches (or the same one after a restart) can read it; an hour at most.
CREATE TABLE "import_uploads" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"resource" varchar(32) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_uploads" ADD CONSTRAINT "import_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_uploads_created_idx" ON "import_uploads" USING btree ("created_at");