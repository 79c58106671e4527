CREATE TABLE "talent_search_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "talent_search_log_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Writers of talent_search take turns until they commit, so the log's seqs become visible in
  -- their order: a reader that has seen seq N has seen every change before it. A statement that
  -- changed no row (a profile outside the pool saved) takes no turn.
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM "old_rows") THEN
      PERFORM pg_advisory_xact_lock(20261126018);
      INSERT INTO "talent_search_changes" ("user_id") SELECT "user_id" FROM "old_rows";
    END IF;
  ELSIF EXISTS (SELECT 1 FROM "new_rows") THEN
    PERFORM pg_advisory_xact_lock(20261126018);
    INSERT INTO "talent_search_changes" ("user_id") SELECT "user_id" FROM "new_rows";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "talent_search_log_insert" AFTER INSERT ON "talent_search" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "talent_search_log_change"();
--> statement-breakpoint
CREATE TRIGGER "talent_search_log_update" AFTER UPDATE ON "talent_search" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "talent_search_log_change"();
--> statement-breakpoint
CREATE TRIGGER "talent_search_log_delete" AFTER DELETE ON "talent_search" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "talent_search_log_change"();
