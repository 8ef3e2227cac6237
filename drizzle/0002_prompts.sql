CREATE TABLE "prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"prompt_text" text NOT NULL,
	"category" text,
	"user_id" uuid,
	"is_shared" boolean NOT NULL,
	"created_by_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompts_community_idx" ON "prompts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "prompts"."is_shared";--> statement-breakpoint
CREATE INDEX "prompts_topic_idx" ON "prompts" USING btree (lower("category"),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "prompts"."is_shared";--> statement-breakpoint
CREATE INDEX "prompts_owner_idx" ON "prompts" USING btree ("user_id","is_shared","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "prompts_created_idx" ON "prompts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "prompts_text_trgm_idx" ON "prompts" USING gin ("prompt_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "prompts_category_trgm_idx" ON "prompts" USING gin ("category" gin_trgm_ops);