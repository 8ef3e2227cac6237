-- The deployment's limits, one row each, where every connection sees them. They were settings
-- each connection started with (promptshelf.*), which a connection pooler drops or refuses, and a
-- connection without them had no limits at all. Each start of the app writes its configured
-- values (server/db/deployment-settings.ts): the last to start wins. The rows below are the
-- configuration's defaults (server/db/library-limits.test.ts compares them), so a database
-- migrated by a script is limited before any app has started.
CREATE TABLE "library_limits" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO library_limits (name, value) VALUES
  ('prompts_per_person', 50000),
  ('library_bytes_per_person', 268435456),
  ('folders_per_person', 2000),
  ('folder_depth', 32),
  ('tags_per_person', 5000),
  ('tags_per_prompt', 20),
  ('collections_per_person', 50),
  ('items_per_collection', 100),
  ('versions_per_prompt', 1000),
  ('history_bytes_per_prompt', 4194304),
  ('tokens_per_person', 50);
--> statement-breakpoint
-- A limit with no row is no permission: the write it governs is refused (PS000), never let
-- through unlimited as an unset setting once was.
CREATE OR REPLACE FUNCTION library_limit(name text) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  lim bigint;
BEGIN
  SELECT l.value INTO lim FROM library_limits l WHERE l.name = library_limit.name;
  IF lim IS NULL THEN
    RAISE EXCEPTION 'library limit % is not set', name USING ERRCODE = 'PS000', DETAIL = '';
  END IF;
  RETURN lim;
END $$;
