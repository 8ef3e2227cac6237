-- Open community lists hear about shared prompts on the prompt_changes channel, whichever code
-- (or process) changed them: the API, page actions, imports, import undo, account deletion and
-- restore alike. Only shared prompts are announced, so nothing private ever is. One notice per
-- changed row, as JSON {type, id, category}; NOTIFY is sent at commit.
CREATE FUNCTION prompt_change_notify(change text, id uuid, category text) RETURNS void
  LANGUAGE sql AS $$
  SELECT pg_notify('prompt_changes', json_build_object('type', change, 'id', id, 'category', category)::text)
$$;
--> statement-breakpoint
-- An open list shows new prompts at its top, so one statement announces at most its 20 newest
-- shared prompts (oldest first, so the newest lands on top): an import of thousands does not
-- send every open browser thousands of look-ups.
CREATE FUNCTION prompt_changes_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM prompt_change_notify('created', newest.id, newest.category)
    FROM (SELECT id, category, created_at FROM new_prompts WHERE is_shared
          ORDER BY created_at DESC, id DESC LIMIT 20) AS newest
    ORDER BY newest.created_at, newest.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompts_live_inserted AFTER INSERT ON prompts
  REFERENCING NEW TABLE AS new_prompts
  FOR EACH STATEMENT EXECUTE FUNCTION prompt_changes_inserted();
--> statement-breakpoint
-- A card changes with its text, use case or owner (an account deleted keeping its shared prompts
-- leaves them to "Community Member"); sharing or unsharing adds or removes it. Moving a prompt
-- between folders, or copying it, changes nothing a community card shows.
CREATE FUNCTION prompt_changes_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM prompt_change_notify(
      CASE WHEN before.is_shared AND after.is_shared THEN 'updated'
           WHEN after.is_shared THEN 'created' ELSE 'deleted' END,
      after.id, after.category)
    FROM old_prompts AS before JOIN new_prompts AS after ON after.id = before.id
    WHERE (before.is_shared OR after.is_shared)
      AND (before.title, before.prompt_text, before.category, before.user_id, before.is_shared)
        IS DISTINCT FROM (after.title, after.prompt_text, after.category, after.user_id, after.is_shared);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompts_live_updated AFTER UPDATE ON prompts
  REFERENCING OLD TABLE AS old_prompts NEW TABLE AS new_prompts
  FOR EACH STATEMENT EXECUTE FUNCTION prompt_changes_updated();
--> statement-breakpoint
CREATE FUNCTION prompt_changes_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM prompt_change_notify('deleted', id, category) FROM old_prompts WHERE is_shared;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompts_live_deleted AFTER DELETE ON prompts
  REFERENCING OLD TABLE AS old_prompts
  FOR EACH STATEMENT EXECUTE FUNCTION prompt_changes_deleted();
