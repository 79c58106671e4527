-- Decision 285: the balance check of a journal entry (decision 200's deferred constraint triggers,
-- unchanged: at commit, an entry has at least two lines and its lines sum to zero in each currency)
-- reads the entry's lines once instead of twice. It fires once per inserted line and once per
-- inserted entry, so a statement import's receipt (an entry of two or three lines) ran six queries
-- at commit; it now runs three, which shortens each import chunk's hold of PGlite's one connection.
CREATE OR REPLACE FUNCTION "journal_entry_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry uuid;
  line_count integer;
  unbalanced text;
BEGIN
  IF TG_TABLE_NAME = 'journal_lines' THEN entry := NEW.entry_id; ELSE entry := NEW.id; END IF;
  SELECT coalesce(sum(g.lines), 0)::integer, min(g.currency) FILTER (WHERE g.total <> 0)
    INTO line_count, unbalanced
    FROM (SELECT currency, count(*) AS lines, sum(amount_minor) AS total FROM journal_lines WHERE entry_id = entry GROUP BY currency) g;
  IF line_count < 2 THEN
    RAISE EXCEPTION 'journal entry % has % line(s); an entry needs at least two', entry, line_count USING ERRCODE = 'check_violation';
  END IF;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % does not balance in %', entry, unbalanced USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
