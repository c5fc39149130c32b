-- Reference data (settings, currencies, payment plans, store info, categories, brands,
-- translations) is kept in each process's memory until it changes, not for a time. Every statement
-- that writes one of these tables stamps its row here from one sequence, in the writer's own
-- transaction, so the new number becomes visible exactly when the change does; a request reads
-- max(version) once and reloads only what is older. Any writer counts: the app, an import, psql.
CREATE SEQUENCE "data_versions_seq";--> statement-breakpoint
CREATE TABLE "data_versions" (
  "name" text PRIMARY KEY NOT NULL,
  "version" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION data_versions_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_versions (name, version) VALUES (TG_TABLE_NAME, nextval('data_versions_seq'))
    ON CONFLICT (name) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER store_settings_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_settings
  FOR EACH STATEMENT EXECUTE FUNCTION data_versions_stamp();
--> statement-breakpoint
CREATE TRIGGER currencies_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON currencies
  FOR EACH STATEMENT EXECUTE FUNCTION data_versions_stamp();
--> statement-breakpoint
CREATE TRIGGER payment_plans_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_plans
  FOR EACH STATEMENT EXECUTE FUNCTION data_versions_stamp();
--> statement-breakpoint
CREATE TRIGGER store_info_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store_info
  FOR EACH STATEMENT EXECUTE FUNCTION data_versions_stamp();
--> statement-breakpoint
CREATE TRIGGER categories_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION data_versions_stamp();
--> statement-breakpoint
CREATE TRIGGER brands_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION data_versions_stamp();
--> statement-breakpoint
CREATE TRIGGER translations_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON translations
  FOR EACH STATEMENT EXECUTE FUNCTION data_versions_stamp();
--> statement-breakpoint
INSERT INTO "data_versions" ("name", "version") VALUES ('start', nextval('data_versions_seq'));
