DROP INDEX "prompts_text_trgm_idx";--> statement-breakpoint
DROP INDEX "prompts_category_trgm_idx";--> statement-breakpoint
CREATE INDEX "prompts_text_trgm_idx" ON "prompts" USING gin ("prompt_text" COLLATE "C" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "prompts_category_trgm_idx" ON "prompts" USING gin ("category" COLLATE "C" gin_trgm_ops) WITH (gin_pending_list_limit=256);