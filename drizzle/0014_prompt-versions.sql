CREATE TABLE "prompt_versions" (
	"prompt_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"category" text,
	"prompt_text" text NOT NULL,
	"author_id" uuid,
	"note" text,
	"restored_from" integer,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "prompt_versions_prompt_id_number_pk" PRIMARY KEY("prompt_id","number")
);
--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "source_version" integer;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "save_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "version_author_id" uuid;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "version_note" text;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "version_restored_from" integer;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_versions_author_idx" ON "prompt_versions" USING btree ("author_id") WHERE "prompt_versions"."author_id" is not null;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_version_author_id_users_id_fk" FOREIGN KEY ("version_author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompts_version_author_idx" ON "prompts" USING btree ("version_author_id") WHERE "prompts"."version_author_id" is not null;--> statement-breakpoint
-- Every change to a prompt's text or use case keeps the version it replaces, whichever code
-- made it: the replaced version goes to prompt_versions as it was, and the prompt becomes the
-- next version, dated now. Whoever changes the text sets the new version's author, note and
-- restored-from in the same statement. An update that changes none of the three keeps the
-- current version as it is. The newest versions_per_prompt versions (the current one counted)
-- and history_bytes_per_prompt bytes of earlier text are kept; older ones are merged away, but
-- never the one just replaced. People keeping a copy of the prompt hear of it (their cards say
-- "original updated").
CREATE FUNCTION prompt_versions_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept_versions bigint := library_limit('versions_per_prompt');
  kept_bytes bigint := library_limit('history_bytes_per_prompt');
BEGIN
  IF (NEW.title, NEW.category, NEW.prompt_text)
     IS NOT DISTINCT FROM (OLD.title, OLD.category, OLD.prompt_text) THEN
    NEW.version := OLD.version;
    NEW.version_author_id := OLD.version_author_id;
    NEW.version_note := OLD.version_note;
    NEW.version_restored_from := OLD.version_restored_from;
    NEW.updated_at := OLD.updated_at;
    RETURN NEW;
  END IF;
  INSERT INTO prompt_versions
    (prompt_id, number, title, category, prompt_text, author_id, note, restored_from, created_at)
    VALUES (OLD.id, OLD.version, OLD.title, OLD.category, OLD.prompt_text,
            OLD.version_author_id, OLD.version_note, OLD.version_restored_from, OLD.updated_at);
  NEW.version := OLD.version + 1;
  NEW.updated_at := now();
  IF kept_versions IS NOT NULL THEN
    DELETE FROM prompt_versions
      WHERE prompt_id = OLD.id AND number < OLD.version AND number <= NEW.version - kept_versions;
  END IF;
  IF kept_bytes IS NOT NULL THEN
    DELETE FROM prompt_versions
      WHERE prompt_id = OLD.id AND number < OLD.version AND number <= (
        SELECT max(number) FROM (
          SELECT number, sum(octet_length(prompt_text)) OVER (ORDER BY number DESC) AS total
            FROM prompt_versions WHERE prompt_id = OLD.id) newest_first
        WHERE total > kept_bytes);
  END IF;
  IF OLD.save_count > 0 THEN
    PERFORM cache_notify('user:' || user_id) FROM prompts
      WHERE source_prompt_id = OLD.id AND user_id IS NOT NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompts_versions BEFORE UPDATE OF title, category, prompt_text ON prompts
  FOR EACH ROW EXECUTE FUNCTION prompt_versions_keep();
--> statement-breakpoint
-- "Saved by 12": each original counts the copies that name it, however they came and went
-- (saved, imported, deleted, or cleared when the original is deleted).
CREATE FUNCTION prompt_save_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.source_prompt_id IS NOT NULL THEN
    UPDATE prompts SET save_count = save_count - 1 WHERE id = OLD.source_prompt_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.source_prompt_id IS NOT NULL THEN
    UPDATE prompts SET save_count = save_count + 1 WHERE id = NEW.source_prompt_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompts_save_count_insert AFTER INSERT ON prompts
  FOR EACH ROW WHEN (NEW.source_prompt_id IS NOT NULL) EXECUTE FUNCTION prompt_save_count();
--> statement-breakpoint
CREATE TRIGGER prompts_save_count_update AFTER UPDATE OF source_prompt_id ON prompts
  FOR EACH ROW WHEN (OLD.source_prompt_id IS DISTINCT FROM NEW.source_prompt_id)
  EXECUTE FUNCTION prompt_save_count();
--> statement-breakpoint
CREATE TRIGGER prompts_save_count_delete AFTER DELETE ON prompts
  FOR EACH ROW WHEN (OLD.source_prompt_id IS NOT NULL) EXECUTE FUNCTION prompt_save_count();
--> statement-breakpoint
-- Copies saved before versions existed came from version 1, the only one there was.
UPDATE prompts SET source_version = 1 WHERE source_prompt_id IS NOT NULL;
--> statement-breakpoint
UPDATE prompts SET save_count = saved.n
  FROM (SELECT source_prompt_id AS id, count(*) AS n FROM prompts
        WHERE source_prompt_id IS NOT NULL GROUP BY source_prompt_id) AS saved
  WHERE prompts.id = saved.id;
--> statement-breakpoint
-- A moved save count, like a moved copy count, is a mere addition among updates (see 0013).
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
