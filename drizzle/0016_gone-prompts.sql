CREATE TABLE "gone_prompts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"gone_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A shared prompt deleted, by whichever code or process (its owner, an administrator, an import
-- undone, a restore), leaves its id here, so its public page says 410 Gone and search engines
-- drop it. A personal prompt leaves nothing: its page never existed. One statement per delete,
-- however many rows it removes.
CREATE FUNCTION gone_prompts_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO gone_prompts (id) SELECT id FROM old_prompts WHERE is_shared
    ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompts_gone_recorded AFTER DELETE ON prompts
  REFERENCING OLD TABLE AS old_prompts
  FOR EACH STATEMENT EXECUTE FUNCTION gone_prompts_recorded();
