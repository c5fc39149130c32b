-- The audit trail names an integration API key as the actor of a change the ERP made (no user then):
-- actor_api_key_id beside actor_user_id. Keys are revoked, never deleted, so the reference holds.
ALTER TABLE "audit_log" ADD COLUMN "actor_api_key_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_api_key_id_api_keys_id_fk" FOREIGN KEY ("actor_api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;