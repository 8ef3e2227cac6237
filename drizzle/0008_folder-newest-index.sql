DROP INDEX "prompts_folder_idx";--> statement-breakpoint
CREATE INDEX "prompts_folder_idx" ON "prompts" USING btree ("folder_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- A folder belongs to one person and holds their personal prompts: without this, PostgreSQL
-- takes "this person's", "personal" and "in this folder" as independent, and expects a folder
-- of thousands to hold a handful of their prompts.
CREATE STATISTICS "prompts_folder_owner" (dependencies) ON "user_id", "folder_id", "is_shared" FROM "prompts";--> statement-breakpoint
ANALYZE "prompts";
