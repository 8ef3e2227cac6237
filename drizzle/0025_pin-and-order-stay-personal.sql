-- A prompt's pin, manual order and folder are its owner's organisation, shown on their pages
-- alone: changing them on a shared prompt tells its owner's pages, and no community page, which
-- before this dropped every kept community page at once ('community:now') for a drag in one
-- person's library.
CREATE OR REPLACE FUNCTION cache_changed_prompt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN
    PERFORM cache_notify('user:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN
    PERFORM cache_notify('user:' || NEW.user_id);
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.is_shared AND NEW.is_shared
     AND (to_jsonb(OLD) - 'pinned_at' - 'position' - 'folder_id' - 'updated_at')
       = (to_jsonb(NEW) - 'pinned_at' - 'position' - 'folder_id' - 'updated_at') THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.is_shared THEN
    IF TG_OP = 'UPDATE' AND NEW.is_shared
       AND (to_jsonb(OLD) - 'copy_count' - 'save_count' - 'updated_at')
         = (to_jsonb(NEW) - 'copy_count' - 'save_count' - 'updated_at') THEN
      PERFORM cache_notify('community');
    ELSE
      PERFORM cache_notify('community:now');
    END IF;
  ELSIF TG_OP <> 'DELETE' AND NEW.is_shared THEN
    PERFORM cache_notify('community');
  END IF;
  RETURN NULL;
END $$;
