CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_runs_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "library_usage" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"prompts" integer DEFAULT 0 NOT NULL,
	"prompt_bytes" bigint DEFAULT 0 NOT NULL,
	"folders" integer DEFAULT 0 NOT NULL,
	"tags" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_copies" (
	"prompt_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "prompt_copies_prompt_id_user_id_day_pk" PRIMARY KEY("prompt_id","user_id","day")
);
--> statement-breakpoint
DROP INDEX "prompts_text_trgm_idx";--> statement-breakpoint
DROP INDEX "prompts_category_trgm_idx";--> statement-breakpoint
ALTER TABLE "folders" ADD COLUMN "import_run_id" uuid;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "import_run_id" uuid;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "import_run_id" uuid;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_usage" ADD CONSTRAINT "library_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_copies" ADD CONSTRAINT "prompt_copies_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_copies" ADD CONSTRAINT "prompt_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_copies_user_idx" ON "prompt_copies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prompt_copies_day_idx" ON "prompt_copies" USING btree ("day");--> statement-breakpoint
CREATE INDEX "prompts_shared_text_trgm_idx" ON "prompts" USING gin ((CASE WHEN is_shared THEN prompt_text END) COLLATE "C" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "prompts_shared_category_trgm_idx" ON "prompts" USING gin ((CASE WHEN is_shared THEN category END) COLLATE "C" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "prompts_personal_text_trgm_idx" ON "prompts" USING gin ("prompt_text" COLLATE "C" gin_trgm_ops) WITH (gin_pending_list_limit=256) WHERE not "prompts"."is_shared";--> statement-breakpoint
CREATE INDEX "prompts_personal_category_trgm_idx" ON "prompts" USING gin ("category" COLLATE "C" gin_trgm_ops) WITH (gin_pending_list_limit=256) WHERE not "prompts"."is_shared";--> statement-breakpoint
-- Repair what could be made before these rules. First loops: a folder whose parents lead back to
-- it moves to the top of its library; the folders below a loop stay where they are. Each folder
-- outside every tree is walked up once, marked with the walk that reached it first; a walk that
-- comes back to its own mark has found a loop, and goes round it once more to move it.
DO $$
DECLARE
  start_id uuid;
  at uuid;
  seen uuid;
  next_id uuid;
BEGIN
  CREATE TEMP TABLE lost_folders (
    id uuid PRIMARY KEY, parent_id uuid, walk uuid, on_loop boolean NOT NULL DEFAULT false
  ) ON COMMIT DROP;
  INSERT INTO lost_folders (id, parent_id)
    SELECT id, parent_id FROM folders WHERE parent_id IS NOT NULL AND id NOT IN (
      WITH RECURSIVE placed(id) AS (
        SELECT id FROM folders WHERE parent_id IS NULL
        UNION ALL
        SELECT f.id FROM folders f JOIN placed p ON f.parent_id = p.id
      ) SELECT id FROM placed);
  FOR start_id IN SELECT id FROM lost_folders LOOP
    at := start_id;
    LOOP
      SELECT walk, parent_id INTO seen, next_id FROM lost_folders WHERE id = at;
      EXIT WHEN NOT FOUND OR seen IS NOT NULL;
      UPDATE lost_folders SET walk = start_id WHERE id = at;
      at := next_id;
    END LOOP;
    IF seen = start_id THEN
      LOOP
        UPDATE lost_folders SET on_loop = true WHERE id = at AND NOT on_loop
          RETURNING parent_id INTO next_id;
        EXIT WHEN NOT FOUND;
        at := next_id;
      END LOOP;
    END IF;
  END LOOP;
  UPDATE folders SET parent_id = NULL WHERE id IN (SELECT id FROM lost_folders WHERE on_loop);
END $$;
--> statement-breakpoint
-- Then depth: folders deeper than 32 levels (the default limit) move up to the 32nd, beside
-- each other. A lower FOLDER_DEPTH_LIMIT holds for every folder placed from then on.
WITH RECURSIVE placed(id, depth, ancestor_31) AS (
  SELECT id, 1, NULL::uuid FROM folders WHERE parent_id IS NULL
  UNION ALL
  SELECT f.id, p.depth + 1, CASE WHEN p.depth = 31 THEN p.id ELSE p.ancestor_31 END
  FROM folders f JOIN placed p ON f.parent_id = p.id
)
UPDATE folders f SET parent_id = p.ancestor_31 FROM placed p WHERE p.id = f.id AND p.depth > 32;
--> statement-breakpoint
-- Limits come from the connection's settings (promptshelf.*, set by the app and its scripts from
-- their configuration); a setting left unset, as on the connection that migrates, is no limit.
CREATE FUNCTION library_limit(name text) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('promptshelf.' || name, true), '')::bigint
$$;
--> statement-breakpoint
-- A refusal carries its own SQLSTATE (class PS) and the limit in DETAIL, for the app to word.
CREATE FUNCTION library_refuse(code text, lim bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'library limit % reached', code USING ERRCODE = code, DETAIL = coalesce(lim::text, '');
END $$;
--> statement-breakpoint
-- Every person has a usage row from the start, so counting only ever updates one.
CREATE FUNCTION library_usage_for_new_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_usage (user_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_library_usage AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_usage_for_new_users();
--> statement-breakpoint
-- Prompts: how many, and how many bytes of text, per owner: one update per owner per statement,
-- however many rows it wrote. The update holds the owner's row until commit, and the check reads
-- the values it left, so two writes at once cannot both pass a limit.
CREATE FUNCTION library_usage_prompts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owners uuid[];
  counts bigint[];
  sizes bigint[];
  refusal text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(n), array_agg(b) INTO owners, counts, sizes FROM (
      SELECT user_id, count(*) AS n, sum(octet_length(prompt_text))::bigint AS b FROM new_rows
      WHERE user_id IS NOT NULL GROUP BY user_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id), array_agg(n), array_agg(b) INTO owners, counts, sizes FROM (
      SELECT user_id, -count(*) AS n, -sum(octet_length(prompt_text))::bigint AS b FROM old_rows
      WHERE user_id IS NOT NULL GROUP BY user_id) d;
  ELSE
    SELECT array_agg(user_id), array_agg(n), array_agg(b) INTO owners, counts, sizes FROM (
      SELECT user_id, sum(n) AS n, sum(b)::bigint AS b FROM (
        SELECT user_id, 1 AS n, octet_length(prompt_text) AS b FROM new_rows
        UNION ALL
        SELECT user_id, -1, -octet_length(prompt_text) FROM old_rows
      ) rows WHERE user_id IS NOT NULL GROUP BY user_id) d
    WHERE n <> 0 OR b <> 0;
  END IF;
  IF owners IS NULL THEN RETURN NULL; END IF;
  WITH d AS (SELECT * FROM unnest(owners, counts, sizes) AS d(user_id, n, b)),
  counted AS (
    UPDATE library_usage u SET prompts = u.prompts + d.n, prompt_bytes = u.prompt_bytes + d.b
    FROM d WHERE u.user_id = d.user_id
    RETURNING u.prompts, u.prompt_bytes, d.n, d.b
  )
  SELECT CASE WHEN n > 0 AND prompts > library_limit('prompts_per_person') THEN 'PS001' ELSE 'PS002' END
    INTO refusal FROM counted
    WHERE (n > 0 AND prompts > library_limit('prompts_per_person'))
       OR (b > 0 AND prompt_bytes > library_limit('library_bytes_per_person'))
    LIMIT 1;
  IF refusal = 'PS001' THEN PERFORM library_refuse(refusal, library_limit('prompts_per_person'));
  ELSIF refusal = 'PS002' THEN PERFORM library_refuse(refusal, library_limit('library_bytes_per_person'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompts_usage_insert AFTER INSERT ON prompts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_usage_prompts();
--> statement-breakpoint
CREATE TRIGGER prompts_usage_update AFTER UPDATE ON prompts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_usage_prompts();
--> statement-breakpoint
CREATE TRIGGER prompts_usage_delete AFTER DELETE ON prompts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_usage_prompts();
--> statement-breakpoint
-- Folders and tags: how many per owner. TG_ARGV: which of the two, its limit, its refusal.
CREATE FUNCTION library_usage_organisers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_folder boolean := TG_ARGV[0] = 'folders';
  setting text := TG_ARGV[1];
  owners uuid[];
  counts bigint[];
  full_owner uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id), array_agg(n) INTO owners, counts
      FROM (SELECT user_id, count(*) AS n FROM new_rows GROUP BY user_id) d;
  ELSE
    SELECT array_agg(user_id), array_agg(n) INTO owners, counts
      FROM (SELECT user_id, -count(*) AS n FROM old_rows GROUP BY user_id) d;
  END IF;
  IF owners IS NULL THEN RETURN NULL; END IF;
  WITH d AS (SELECT * FROM unnest(owners, counts) AS d(user_id, n)),
  counted AS (
    UPDATE library_usage u SET
      folders = u.folders + CASE WHEN is_folder THEN d.n ELSE 0 END,
      tags = u.tags + CASE WHEN is_folder THEN 0 ELSE d.n END
    FROM d WHERE u.user_id = d.user_id
    RETURNING u.user_id, CASE WHEN is_folder THEN u.folders ELSE u.tags END AS kept, d.n
  )
  SELECT user_id INTO full_owner FROM counted WHERE n > 0 AND kept > library_limit(setting) LIMIT 1;
  IF full_owner IS NOT NULL THEN PERFORM library_refuse(TG_ARGV[2], library_limit(setting)); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER folders_usage_insert AFTER INSERT ON folders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_usage_organisers('folders', 'folders_per_person', 'PS003');
--> statement-breakpoint
CREATE TRIGGER folders_usage_delete AFTER DELETE ON folders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_usage_organisers('folders', 'folders_per_person', 'PS003');
--> statement-breakpoint
CREATE TRIGGER tags_usage_insert AFTER INSERT ON tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_usage_organisers('tags', 'tags_per_person', 'PS004');
--> statement-breakpoint
CREATE TRIGGER tags_usage_delete AFTER DELETE ON tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_usage_organisers('tags', 'tags_per_person', 'PS004');
--> statement-breakpoint
-- A folder's place: under one of its owner's folders, never inside itself, and no deeper than
-- promptshelf.folder_depth levels counting the folders under it. One person's folder changes take
-- turns (an advisory lock held to commit), and each check reads what the one before committed,
-- so two moves at once cannot make a loop. Every walk stops after a bounded number of steps:
-- one more than the depth limit, or without one, than the person has folders.
CREATE FUNCTION folder_placement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  depth_limit bigint := library_limit('folder_depth');
  steps bigint;
  parent_owner uuid;
  above bigint := 0;
  below bigint := 0;
  loops boolean := false;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.parent_id IS NOT DISTINCT FROM OLD.parent_id AND NEW.user_id = OLD.user_id THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('promptshelf.folders:' || NEW.user_id::text, 0));
  steps := coalesce(depth_limit, (SELECT count(*) FROM folders WHERE user_id = NEW.user_id)) + 1;
  IF NEW.parent_id IS NOT NULL THEN
    SELECT user_id INTO parent_owner FROM folders WHERE id = NEW.parent_id;
    IF parent_owner IS DISTINCT FROM NEW.user_id THEN PERFORM library_refuse('PS007', NULL); END IF;
    WITH RECURSIVE up(id, parent_id, n) AS (
      SELECT id, parent_id, 1::bigint FROM folders WHERE id = NEW.parent_id
      UNION ALL
      SELECT f.id, f.parent_id, up.n + 1 FROM folders f JOIN up ON f.id = up.parent_id
      WHERE up.n < steps AND up.id <> NEW.id
    ) SELECT coalesce(max(n), 0), coalesce(bool_or(id = NEW.id), false) INTO above, loops FROM up;
    IF loops THEN PERFORM library_refuse('PS006', NULL); END IF;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    WITH RECURSIVE down(id, n) AS (
      SELECT id, 1::bigint FROM folders WHERE parent_id = NEW.id
      UNION ALL
      SELECT f.id, down.n + 1 FROM folders f JOIN down ON f.parent_id = down.id WHERE down.n < steps
    ) SELECT coalesce(max(n), 0) INTO below FROM down;
  END IF;
  IF depth_limit IS NOT NULL AND above + 1 + below > depth_limit THEN
    PERFORM library_refuse('PS005', depth_limit);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER folders_placement BEFORE INSERT OR UPDATE OF parent_id, user_id ON folders
  FOR EACH ROW EXECUTE FUNCTION folder_placement();
--> statement-breakpoint
-- Tags per prompt: checked after the insert, holding each prompt's turn until commit, so the
-- count includes every committed tagging and two at once cannot both pass.
CREATE FUNCTION prompt_tag_limit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tag_limit bigint := library_limit('tags_per_prompt');
  crowded uuid;
BEGIN
  IF tag_limit IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('promptshelf.prompt_tags:' || prompt_id::text, 0))
    FROM (SELECT DISTINCT prompt_id FROM new_rows ORDER BY prompt_id) p;
  -- Counted prompt by prompt through the key's index, whatever the table's statistics say.
  SELECT p.prompt_id INTO crowded FROM (SELECT DISTINCT prompt_id FROM new_rows) p
    WHERE (SELECT count(*) FROM prompt_tags t WHERE t.prompt_id = p.prompt_id) > tag_limit
    LIMIT 1;
  IF crowded IS NOT NULL THEN PERFORM library_refuse('PS008', tag_limit); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompt_tags_limit AFTER INSERT ON prompt_tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION prompt_tag_limit();
--> statement-breakpoint
INSERT INTO library_usage (user_id, prompts, prompt_bytes, folders, tags)
SELECT u.id,
  (SELECT count(*) FROM prompts p WHERE p.user_id = u.id),
  (SELECT coalesce(sum(octet_length(p.prompt_text)), 0) FROM prompts p WHERE p.user_id = u.id),
  (SELECT count(*) FROM folders f WHERE f.user_id = u.id),
  (SELECT count(*) FROM tags t WHERE t.user_id = u.id)
FROM users u;
