ALTER TABLE "model_connections" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "model_connections" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "model_connections" ADD CONSTRAINT "model_connections_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_connections_team_idx" ON "model_connections" USING btree ("team_id","created_at");--> statement-breakpoint
-- A connection is a person's or a team's, never both, never nobody's.
ALTER TABLE "model_connections" ADD CONSTRAINT "model_connections_one_owner" CHECK ((user_id IS NULL) <> (team_id IS NULL));
