-- The audit log refuses TRUNCATE too (decision 170): its trigger refused UPDATE and DELETE only.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
-- The application's own role (decision 170): reads and writes rows, owns nothing, so it can neither
-- disable a trigger nor alter or truncate a table; the audit log it may only read and append to.
-- Made where the migrating role may create roles (a PostgreSQL superuser or CREATEROLE; skipped
-- elsewhere). Servers then connect as a login role that is a member of it (DATABASE_URL) and
-- migrate as the tables' owner (DATABASE_MIGRATION_URL): docs/decisions/170.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'talentloop_app')
     AND (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user) THEN
    CREATE ROLE talentloop_app NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'talentloop_app') THEN
    GRANT USAGE ON SCHEMA public TO talentloop_app;
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO talentloop_app;
    REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM talentloop_app;
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO talentloop_app;
    -- Tables and sequences later migrations create (by this same owner) are the app's to use too.
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO talentloop_app;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO talentloop_app;
  END IF;
END $$;
