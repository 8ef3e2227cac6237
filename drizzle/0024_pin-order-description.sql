-- A prompt's manual order is a key compared byte by byte: digits only, never ending in 0, so a
-- key fits between any two (server/prompts/order-key.ts). A new prompt's key comes from the time,
-- smaller for newer, so the manual order starts newest first and a move writes one row.
CREATE FUNCTION order_key_at(at timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lpad((10000000000000 - floor(extract(epoch FROM at) * 1000))::bigint::text, 13, '0') || '5'
$$;
--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "pinned_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "position" text COLLATE "C";--> statement-breakpoint
UPDATE "prompts" SET "position" = order_key_at("created_at");--> statement-breakpoint
ALTER TABLE "prompts" ALTER COLUMN "position" SET DEFAULT order_key_at(clock_timestamp());--> statement-breakpoint
ALTER TABLE "prompts" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "prompts_owner_position_idx" ON "prompts" USING btree ("user_id","position","id");--> statement-breakpoint
CREATE INDEX "prompts_folder_position_idx" ON "prompts" USING btree ("folder_id","position","id");--> statement-breakpoint
CREATE INDEX "prompts_shared_description_trgm_idx" ON "prompts" USING gin ((CASE WHEN is_shared THEN description END) COLLATE "C" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "prompts_personal_description_trgm_idx" ON "prompts" USING gin ("description" COLLATE "C" gin_trgm_ops) WITH (gin_pending_list_limit=256) WHERE not "prompts"."is_shared";
