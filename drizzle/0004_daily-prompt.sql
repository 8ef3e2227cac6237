CREATE TABLE "daily_prompts" (
	"day" text PRIMARY KEY NOT NULL,
	"prompt_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_prompts" ADD CONSTRAINT "daily_prompts_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;