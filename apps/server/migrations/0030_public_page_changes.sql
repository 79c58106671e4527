-- Decision 310: talent pages are served from memory (issue 37), so the database says when one may
-- have changed. Every statement that writes a table a public profile is drawn from sends, at commit,
-- one notification on 'tl_public_pages' naming the freelancers it touched (their user ids, comma
-- separated; '*' when it touched more than 100). Every instance listens and drops those pages. It
-- is the database, not the writers, that tells: no write path can forget to.
CREATE OR REPLACE FUNCTION "public_page_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer;
  ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT count(DISTINCT %1$I)::integer, string_agg(DISTINCT %1$I::text, '','') FROM old_rows', TG_ARGV[0]) INTO touched, ids;
  ELSE
    EXECUTE format('SELECT count(DISTINCT %1$I)::integer, string_agg(DISTINCT %1$I::text, '','') FROM new_rows', TG_ARGV[0]) INTO touched, ids;
  END IF;
  IF touched > 0 THEN
    PERFORM pg_notify('tl_public_pages', CASE WHEN touched > 100 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('users', 'id'),
    ('freelancer_profiles', 'user_id'),
    ('freelancer_privacy', 'user_id'),
    ('freelancer_portfolio', 'user_id'),
    ('freelancer_languages', 'user_id'),
    ('freelancer_skills', 'user_id'),
    ('freelancer_education', 'user_id'),
    ('freelancer_work_experience', 'user_id'),
    ('freelancer_certifications', 'user_id'),
    ('hires', 'freelancer_id'),
    ('reviews', 'freelancer_id')
  ) AS v(tbl, col) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_page_changed(%L)', t.tbl || '_public_page_ins', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public_page_changed(%L)', t.tbl || '_public_page_upd', t.tbl, t.col);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public_page_changed(%L)', t.tbl || '_public_page_del', t.tbl, t.col);
  END LOOP;
END;
$$;
