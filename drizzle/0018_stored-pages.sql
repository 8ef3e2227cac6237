CREATE TABLE "stored_pages" (
	"path" text PRIMARY KEY NOT NULL,
	"build" text NOT NULL,
	"shown_ids" uuid[] NOT NULL,
	"stamps" text[] NOT NULL,
	"tags" text[] NOT NULL,
	"headers" jsonb NOT NULL,
	"body" "bytea" NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_pages_shown_idx" ON "stored_pages" USING gin ("shown_ids");--> statement-breakpoint
CREATE INDEX "stored_pages_stored_at_idx" ON "stored_pages" USING btree ("stored_at");
--> statement-breakpoint
-- The body is brotli already: PostgreSQL's own compression would only spend time on it.
ALTER TABLE "stored_pages" ALTER COLUMN "body" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- A stored page is served only while every prompt it shows reads as it did (its stamp), so one
-- showing a prompt made private or deleted is never served again. It goes at once all the same,
-- whichever code or process made the change, so nothing once shared lingers in a stored copy.
CREATE FUNCTION stored_pages_forget(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM stored_pages WHERE shown_ids && ids
$$;
--> statement-breakpoint
CREATE FUNCTION stored_pages_unshared() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stored_pages_forget(array(
    SELECT after.id FROM old_prompts AS before JOIN new_prompts AS after ON after.id = before.id
    WHERE before.is_shared AND NOT after.is_shared));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompts_stored_pages_unshared AFTER UPDATE ON prompts
  REFERENCING OLD TABLE AS old_prompts NEW TABLE AS new_prompts
  FOR EACH STATEMENT EXECUTE FUNCTION stored_pages_unshared();
--> statement-breakpoint
CREATE FUNCTION stored_pages_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stored_pages_forget(array(SELECT id FROM old_prompts WHERE is_shared));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompts_stored_pages_deleted AFTER DELETE ON prompts
  REFERENCING OLD TABLE AS old_prompts
  FOR EACH STATEMENT EXECUTE FUNCTION stored_pages_deleted();
