-- Every change that can alter what a signed-in page or list shows announces itself on the
-- cache_changes channel, whichever code (or process) made it: 'community' when shared prompts
-- (or what their cards show) change, 'user:<id>' when that person's library changes, and
-- 'session:<hash>' when a session ends. Each app instance drops what it cached on hearing it.
-- NOTIFY is sent at commit and identical messages in one transaction are sent once.
CREATE FUNCTION cache_notify(message text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('cache_changes', message)
$$;
--> statement-breakpoint
CREATE FUNCTION cache_changed_prompt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.user_id IS NOT NULL THEN PERFORM cache_notify('user:' || OLD.user_id); END IF;
    IF OLD.is_shared THEN PERFORM cache_notify('community'); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.user_id IS NOT NULL THEN PERFORM cache_notify('user:' || NEW.user_id); END IF;
    IF NEW.is_shared THEN PERFORM cache_notify('community'); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompts_cache_changes AFTER INSERT OR UPDATE OR DELETE ON prompts
  FOR EACH ROW EXECUTE FUNCTION cache_changed_prompt();
--> statement-breakpoint
-- Folders, tags and stars belong to one person; a star also changes a shared card's count.
CREATE FUNCTION cache_changed_organiser() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  PERFORM cache_notify('user:' || changed.user_id);
  IF TG_TABLE_NAME = 'favourites' THEN PERFORM cache_notify('community'); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER folders_cache_changes AFTER INSERT OR UPDATE OR DELETE ON folders
  FOR EACH ROW EXECUTE FUNCTION cache_changed_organiser();
--> statement-breakpoint
CREATE TRIGGER tags_cache_changes AFTER INSERT OR UPDATE OR DELETE ON tags
  FOR EACH ROW EXECUTE FUNCTION cache_changed_organiser();
--> statement-breakpoint
CREATE TRIGGER favourites_cache_changes AFTER INSERT OR UPDATE OR DELETE ON favourites
  FOR EACH ROW EXECUTE FUNCTION cache_changed_organiser();
--> statement-breakpoint
CREATE FUNCTION cache_changed_prompt_tag() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  SELECT user_id INTO owner FROM prompts
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.prompt_id ELSE NEW.prompt_id END;
  IF owner IS NOT NULL THEN PERFORM cache_notify('user:' || owner); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompt_tags_cache_changes AFTER INSERT OR UPDATE OR DELETE ON prompt_tags
  FOR EACH ROW EXECUTE FUNCTION cache_changed_prompt_tag();
--> statement-breakpoint
-- A person's name is on their shared cards and in their header.
CREATE FUNCTION cache_changed_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cache_notify('user:' || OLD.id);
  PERFORM cache_notify('community');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every sign-in writes the name, email and picture again; only a real change counts.
CREATE TRIGGER users_cache_changes AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.name, OLD.email, OLD.avatar_url) IS DISTINCT FROM (NEW.name, NEW.email, NEW.avatar_url))
  EXECUTE FUNCTION cache_changed_person();
--> statement-breakpoint
CREATE TRIGGER users_cache_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION cache_changed_person();
--> statement-breakpoint
CREATE TRIGGER profiles_cache_changes AFTER UPDATE ON profiles FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION cache_changed_person();
--> statement-breakpoint
CREATE TRIGGER profiles_cache_deleted AFTER DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION cache_changed_person();
--> statement-breakpoint
CREATE FUNCTION cache_ended_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cache_notify('session:' || OLD.token_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_cache_changes AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION cache_ended_session();
