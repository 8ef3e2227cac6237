-- An import lands whole or not at all, and nobody sees any of it before it has landed
-- (docs/decisions/0010). It writes in short transactions, each row carrying its run's id; while
-- the run is in import_runs its rows are nobody's, not even their owner's. The transaction that
-- ends the run deletes that one row, and everything the import wrote is there at once; a refused
-- or failed import deletes its rows before its run, so they are never shown. The app reads
-- through the same test (landed() in server/prompts/prompt-access.ts); here, what the database
-- announces leaves such rows out, and the run's end announces the import instead.
CREATE FUNCTION prompt_landed(run uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT run IS NULL OR NOT EXISTS (SELECT 1 FROM import_runs WHERE import_runs.id = run)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION prompt_changes_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM prompt_change_notify('created', newest.id, newest.category)
    FROM (SELECT id, category, created_at FROM new_prompts
          WHERE is_shared AND prompt_landed(import_run_id)
          ORDER BY created_at DESC, id DESC LIMIT 20) AS newest
    ORDER BY newest.created_at, newest.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION prompt_changes_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM prompt_change_notify(
      CASE WHEN before.is_shared AND after.is_shared THEN 'updated'
           WHEN after.is_shared THEN 'created' ELSE 'deleted' END,
      after.id, after.category)
    FROM old_prompts AS before JOIN new_prompts AS after ON after.id = before.id
    WHERE (before.is_shared OR after.is_shared)
      AND prompt_landed(after.import_run_id)
      AND (before.title, before.prompt_text, before.category, before.user_id, before.is_shared)
        IS DISTINCT FROM (after.title, after.prompt_text, after.category, after.user_id, after.is_shared);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION prompt_changes_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM prompt_change_notify('deleted', id, category)
    FROM old_prompts WHERE is_shared AND prompt_landed(import_run_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An import undone leaves no gone page behind: its prompts never had one.
CREATE OR REPLACE FUNCTION gone_prompts_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO gone_prompts (id)
    SELECT id FROM old_prompts WHERE is_shared AND prompt_landed(import_run_id)
    ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The run's end: its prompts are announced as one insert of them would have been (its 20 newest
-- shared ones, oldest first, read off the owner's index), and kept pages drop. A run undone has
-- no prompts left by then: only its owner's pages are told.
CREATE FUNCTION import_run_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM prompt_change_notify('created', newest.id, newest.category)
    FROM (SELECT id, category, created_at FROM prompts
          WHERE user_id = OLD.user_id AND is_shared AND import_run_id = OLD.id
          ORDER BY created_at DESC, id DESC LIMIT 20) AS newest
    ORDER BY newest.created_at, newest.id;
  IF FOUND THEN PERFORM cache_notify('community'); END IF;
  PERFORM cache_notify('user:' || OLD.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER import_runs_ended AFTER DELETE ON import_runs
  FOR EACH ROW EXECUTE FUNCTION import_run_ended();
