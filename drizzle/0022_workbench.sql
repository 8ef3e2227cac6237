CREATE TABLE "model_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"base_url" text NOT NULL,
	"default_model" text,
	"sealed_key" text,
	"key_secret_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prompt_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"user_id" uuid,
	"connection_id" uuid,
	"connection_name" text NOT NULL,
	"model" text NOT NULL,
	"temperature" real,
	"max_tokens" integer,
	"values" jsonb NOT NULL,
	"output" text NOT NULL,
	"usage" jsonb NOT NULL,
	"ms" integer NOT NULL,
	"first_token_ms" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_test_results" (
	"test_id" uuid NOT NULL,
	"prompt_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"passed" boolean NOT NULL,
	"output" text NOT NULL,
	"failures" jsonb NOT NULL,
	"connection_name" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_test_results_test_id_version_pk" PRIMARY KEY("test_id","version")
);
--> statement-breakpoint
CREATE TABLE "prompt_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prompt_id" uuid NOT NULL,
	"name" text NOT NULL,
	"values" jsonb NOT NULL,
	"checks" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_connections" ADD CONSTRAINT "model_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_runs" ADD CONSTRAINT "prompt_runs_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_runs" ADD CONSTRAINT "prompt_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_runs" ADD CONSTRAINT "prompt_runs_connection_id_model_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."model_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_test_results" ADD CONSTRAINT "prompt_test_results_test_id_prompt_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."prompt_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_test_results" ADD CONSTRAINT "prompt_test_results_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_tests" ADD CONSTRAINT "prompt_tests_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_connections_user_idx" ON "model_connections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "prompt_runs_prompt_idx" ON "prompt_runs" USING btree ("prompt_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prompt_runs_user_idx" ON "prompt_runs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prompt_runs_connection_idx" ON "prompt_runs" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "prompt_test_results_prompt_idx" ON "prompt_test_results" USING btree ("prompt_id","version");--> statement-breakpoint
CREATE INDEX "prompt_tests_prompt_idx" ON "prompt_tests" USING btree ("prompt_id","created_at");--> statement-breakpoint
-- A purged version takes its kept runs and test outcomes with it: an answer may repeat the text
-- the purge was for.
CREATE FUNCTION forget_purged_version_runs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM prompt_runs WHERE prompt_id = NEW.prompt_id AND version = NEW.number;
  DELETE FROM prompt_test_results WHERE prompt_id = NEW.prompt_id AND version = NEW.number;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prompt_versions_forget_runs AFTER UPDATE OF purged_at ON prompt_versions
  FOR EACH ROW WHEN (NEW.purged_at IS NOT NULL AND OLD.purged_at IS NULL)
  EXECUTE FUNCTION forget_purged_version_runs();
