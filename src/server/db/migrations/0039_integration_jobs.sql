-- Large loads as jobs: a job's rows wait in chunks and are written a chunk at a time by the job
-- worker, each chunk in one transaction with the job's progress (a restart resumes at the first chunk
-- left); rejected rows are kept with their reasons for the rejected-rows file.
CREATE TABLE "integration_job_chunks" (
	"job_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"first_row" integer NOT NULL,
	"rows" jsonb NOT NULL,
	CONSTRAINT "integration_job_chunks_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "integration_job_rejects" (
	"job_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"code" text NOT NULL,
	"errors" jsonb NOT NULL,
	"row" jsonb NOT NULL,
	CONSTRAINT "integration_job_rejects_job_id_row_number_pk" PRIMARY KEY("job_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "integration_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource" varchar(32) NOT NULL,
	"status" varchar(12) NOT NULL,
	"source" varchar(8) NOT NULL,
	"key_id" integer,
	"user_id" integer,
	"actor_name" text NOT NULL,
	"actor_ip" varchar(64) NOT NULL,
	"locale" varchar(2) NOT NULL,
	"file_name" text,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "integration_jobs_status_valid" CHECK ("integration_jobs"."status" in ('receiving', 'queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "integration_job_chunks" ADD CONSTRAINT "integration_job_chunks_job_id_integration_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."integration_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_job_rejects" ADD CONSTRAINT "integration_job_rejects_job_id_integration_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."integration_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_jobs" ADD CONSTRAINT "integration_jobs_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_jobs" ADD CONSTRAINT "integration_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_jobs_status_idx" ON "integration_jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "integration_jobs_key_idx" ON "integration_jobs" USING btree ("key_id","id");