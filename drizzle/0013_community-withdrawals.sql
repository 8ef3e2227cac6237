-- What others see of the community may lag a moment behind a new share or a new star: each app
-- instance applies 'community' at most once a second (server/cache/cache-versions.ts), so a
-- burst of shares costs each reader one new render. A shared prompt edited, withdrawn (made
-- private) or deleted must not linger on anyone's screen, not even for that second: it is
-- announced as 'community:now', which every instance applies at once. Only a moved copy count
-- is a mere addition among updates.
CREATE OR REPLACE FUNCTION cache_changed_prompt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN
    PERFORM cache_notify('user:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN
    PERFORM cache_notify('user:' || NEW.user_id);
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.is_shared THEN
    IF TG_OP = 'UPDATE' AND NEW.is_shared
       AND (to_jsonb(OLD) - 'copy_count' - 'updated_at') = (to_jsonb(NEW) - 'copy_count' - 'updated_at') THEN
      PERFORM cache_notify('community');
    ELSE
      PERFORM cache_notify('community:now');
    END IF;
  ELSIF TG_OP <> 'DELETE' AND NEW.is_shared THEN
    PERFORM cache_notify('community');
  END IF;
  RETURN NULL;
END $$;
