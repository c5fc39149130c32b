-- Staff upload several images per product, in order, one main (its list-size name is copied into products.image,
-- which every dealer page already reads); the files live in the image store (disk or S3), the rows say which.

CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"sizes" jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_product_hash_idx" ON "product_images" USING btree ("product_id","content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_one_main_idx" ON "product_images" USING btree ("product_id") WHERE "product_images"."is_main";