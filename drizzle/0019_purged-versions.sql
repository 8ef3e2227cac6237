ALTER TABLE "prompt_versions" ADD COLUMN "purged_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD COLUMN "purged_by" uuid;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_purged_by_users_id_fk" FOREIGN KEY ("purged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_versions_purged_by_idx" ON "prompt_versions" USING btree ("purged_by") WHERE "prompt_versions"."purged_by" is not null;--> statement-breakpoint
-- A purged version keeps its number, its date and its author, and says who purged it and when;
-- its title, use case, text and note are emptied in the same statement, whichever code sets
-- purged_at, and a version once purged stays so. (The current version is the prompt itself:
-- it cannot be purged, only edited.)
CREATE FUNCTION prompt_versions_purge() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.purged_at IS NOT NULL THEN
    NEW.purged_at := OLD.purged_at;
    NEW.purged_by := OLD.purged_by;
  END IF;
  IF NEW.purged_at IS NOT NULL THEN
    NEW.title := '';
    NEW.category := NULL;
    NEW.prompt_text := '';
    NEW.note := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompt_versions_purge BEFORE UPDATE ON prompt_versions
  FOR EACH ROW EXECUTE FUNCTION prompt_versions_purge();
--> statement-breakpoint
-- What showed the purged version goes at once, on every instance: the pages stored in the
-- database that show its prompt are deleted, kept public pages of a shared prompt are dropped as
-- for an edit (the prompt_changes notice, drizzle/0011), and the owner's kept pages as for any
-- change to their library.
CREATE FUNCTION cache_purged_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prompt record;
BEGIN
  SELECT id, user_id, is_shared, category INTO prompt FROM prompts WHERE id = NEW.prompt_id;
  PERFORM stored_pages_forget(ARRAY[NEW.prompt_id]);
  IF prompt.is_shared THEN
    PERFORM prompt_change_notify('updated', prompt.id, prompt.category);
  END IF;
  IF prompt.user_id IS NOT NULL THEN
    PERFORM cache_notify('user:' || prompt.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompt_versions_purged AFTER UPDATE OF purged_at ON prompt_versions
  FOR EACH ROW WHEN (OLD.purged_at IS NULL AND NEW.purged_at IS NOT NULL)
  EXECUTE FUNCTION cache_purged_version();
