-- A person's own access tokens (those OAuth clients hold are not counted) are held to
-- tokens_per_person, as collections are (0017): the person's advisory lock makes two at once
-- wait for each other, so both cannot pass.
CREATE FUNCTION access_token_count_limit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lim bigint := library_limit('tokens_per_person');
  crowded uuid;
BEGIN
  IF lim IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('promptshelf.access_tokens:' || user_id::text, 0))
    FROM (SELECT DISTINCT user_id FROM new_rows WHERE client_id IS NULL ORDER BY user_id) o;
  SELECT o.user_id INTO crowded FROM (SELECT DISTINCT user_id FROM new_rows WHERE client_id IS NULL) o
    WHERE (SELECT count(*) FROM access_tokens t WHERE t.user_id = o.user_id AND t.client_id IS NULL) > lim
    LIMIT 1;
  IF crowded IS NOT NULL THEN PERFORM library_refuse('PS011', lim); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER access_tokens_limit AFTER INSERT ON access_tokens REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION access_token_count_limit();
