CREATE TABLE "prompt_labels" (
	"prompt_id" uuid NOT NULL,
	"label" text NOT NULL,
	"version" integer NOT NULL,
	"moved_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"moved_by" uuid,
	CONSTRAINT "prompt_labels_prompt_id_label_pk" PRIMARY KEY("prompt_id","label")
);
--> statement-breakpoint
CREATE TABLE "prompt_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prompt_id" uuid NOT NULL,
	"author_id" uuid,
	"prompt_text" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"base_version" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone,
	"decided_by" uuid,
	"accepted_version" integer
);
--> statement-breakpoint
ALTER TABLE "prompt_labels" ADD CONSTRAINT "prompt_labels_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_labels" ADD CONSTRAINT "prompt_labels_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_suggestions" ADD CONSTRAINT "prompt_suggestions_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_suggestions" ADD CONSTRAINT "prompt_suggestions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_suggestions" ADD CONSTRAINT "prompt_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_labels_moved_by_idx" ON "prompt_labels" USING btree ("moved_by") WHERE "prompt_labels"."moved_by" is not null;--> statement-breakpoint
CREATE INDEX "prompt_suggestions_prompt_idx" ON "prompt_suggestions" USING btree ("prompt_id","status","created_at");--> statement-breakpoint
CREATE INDEX "prompt_suggestions_author_idx" ON "prompt_suggestions" USING btree ("author_id") WHERE "prompt_suggestions"."author_id" is not null;--> statement-breakpoint
CREATE INDEX "prompt_suggestions_decided_by_idx" ON "prompt_suggestions" USING btree ("decided_by") WHERE "prompt_suggestions"."decided_by" is not null;--> statement-breakpoint
ALTER TABLE "prompt_labels" ADD CONSTRAINT "prompt_labels_name" CHECK (label ~ '^[a-z0-9-]{1,32}$');--> statement-breakpoint
ALTER TABLE "prompt_suggestions" ADD CONSTRAINT "prompt_suggestions_status" CHECK (status IN ('pending', 'accepted', 'declined'));--> statement-breakpoint
ALTER TABLE "prompt_suggestions" ADD CONSTRAINT "prompt_suggestions_decided" CHECK ((status = 'pending') = (decided_at IS NULL));--> statement-breakpoint
ALTER TABLE "prompt_suggestions" ADD CONSTRAINT "prompt_suggestions_sizes" CHECK (char_length(prompt_text) BETWEEN 1 AND 200000 AND char_length(coalesce(note, '')) <= 500);--> statement-breakpoint
INSERT INTO library_limits (name, value) VALUES ('labels_per_prompt', 20), ('pending_suggestions_per_prompt', 50)
  ON CONFLICT (name) DO NOTHING;--> statement-breakpoint
-- A label points at a version that is there: the prompt's current one, or an earlier one kept and
-- not purged (else PS017). The prompt's row is locked first, so labels of one prompt are counted
-- one change after the other (at most labels_per_prompt, PS015), and an edit merging versions away
-- waits or is waited for; the earlier version's row is held (FOR SHARE), so a purge at the same
-- moment waits for the label and then takes it away, or goes first and the label is refused.
CREATE FUNCTION prompt_label_checks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lim bigint;
  current_version integer;
BEGIN
  SELECT version INTO current_version FROM prompts WHERE id = NEW.prompt_id FOR NO KEY UPDATE;
  IF current_version IS DISTINCT FROM NEW.version THEN
    PERFORM 1 FROM prompt_versions
      WHERE prompt_id = NEW.prompt_id AND number = NEW.version AND purged_at IS NULL FOR SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'no such version to label' USING ERRCODE = 'PS017', DETAIL = '';
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    lim := library_limit('labels_per_prompt');
    IF (SELECT count(*) FROM prompt_labels
        WHERE prompt_id = NEW.prompt_id AND label <> NEW.label) >= lim THEN
      PERFORM library_refuse('PS015', lim);
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompt_labels_checks BEFORE INSERT OR UPDATE OF version ON prompt_labels
  FOR EACH ROW EXECUTE FUNCTION prompt_label_checks();
--> statement-breakpoint
-- A label never points at nothing: purging the version it points at, or merging it away, takes the
-- label with it (the current version is never purged, and a deleted prompt takes its labels).
CREATE FUNCTION prompt_labels_follow_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM prompt_labels WHERE prompt_id = OLD.prompt_id AND version = OLD.number;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompt_versions_unlabel_purged AFTER UPDATE OF purged_at ON prompt_versions
  FOR EACH ROW WHEN (OLD.purged_at IS NULL AND NEW.purged_at IS NOT NULL)
  EXECUTE FUNCTION prompt_labels_follow_versions();
--> statement-breakpoint
CREATE TRIGGER prompt_versions_unlabel_deleted AFTER DELETE ON prompt_versions
  FOR EACH ROW EXECUTE FUNCTION prompt_labels_follow_versions();
--> statement-breakpoint
-- At most pending_suggestions_per_prompt suggestions wait on a prompt (PS016), counted with the
-- prompt's row locked: two suggestions at once are counted one after the other.
CREATE FUNCTION prompt_suggestion_limits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lim bigint;
BEGIN
  PERFORM 1 FROM prompts WHERE id = NEW.prompt_id FOR NO KEY UPDATE;
  lim := library_limit('pending_suggestions_per_prompt');
  IF (SELECT count(*) FROM prompt_suggestions
      WHERE prompt_id = NEW.prompt_id AND status = 'pending') >= lim THEN
    PERFORM library_refuse('PS016', lim);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompt_suggestions_limits BEFORE INSERT ON prompt_suggestions
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION prompt_suggestion_limits();
--> statement-breakpoint
-- Kept pages and lists of whoever sees a prompt's labels and suggestions hear of their changes:
-- its owner's, or every member's of its team.
CREATE FUNCTION cache_changed_prompt_extras() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prompt record;
BEGIN
  SELECT user_id, team_id INTO prompt FROM prompts
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.prompt_id ELSE NEW.prompt_id END);
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF prompt.team_id IS NOT NULL THEN
    PERFORM cache_notify('user:' || m.user_id) FROM team_members m WHERE m.team_id = prompt.team_id;
  ELSIF prompt.user_id IS NOT NULL THEN
    PERFORM cache_notify('user:' || prompt.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompt_labels_cache_changes AFTER INSERT OR UPDATE OR DELETE ON prompt_labels
  FOR EACH ROW EXECUTE FUNCTION cache_changed_prompt_extras();
--> statement-breakpoint
CREATE TRIGGER prompt_suggestions_cache_changes AFTER INSERT OR UPDATE OR DELETE ON prompt_suggestions
  FOR EACH ROW EXECUTE FUNCTION cache_changed_prompt_extras();
