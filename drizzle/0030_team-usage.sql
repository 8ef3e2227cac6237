CREATE TABLE "team_usage" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"prompts" integer DEFAULT 0 NOT NULL,
	"prompt_bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_usage" ADD CONSTRAINT "team_usage_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A team's library has the limits a person's has, counted for the team: a team's prompts no
-- longer count toward the library of the person who wrote each, and a prompt moved into a team
-- leaves its writer's count for the team's. Every team has a usage row from the start.
CREATE FUNCTION team_usage_for_new_teams() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO team_usage (team_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER teams_team_usage AFTER INSERT ON teams REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION team_usage_for_new_teams();
--> statement-breakpoint
INSERT INTO team_usage (team_id, prompts, prompt_bytes)
  SELECT t.id, count(p.id), coalesce(sum(octet_length(p.prompt_text)), 0)
  FROM teams t LEFT JOIN prompts p ON p.team_id = t.id GROUP BY t.id;
--> statement-breakpoint
UPDATE library_usage u SET prompts = u.prompts - d.n, prompt_bytes = u.prompt_bytes - d.b
  FROM (SELECT user_id, count(*) AS n, sum(octet_length(prompt_text))::bigint AS b
        FROM prompts WHERE team_id IS NOT NULL AND user_id IS NOT NULL GROUP BY user_id) d
  WHERE u.user_id = d.user_id;
--> statement-breakpoint
-- Prompts: how many, and how many bytes of text, per owner, a person (their own prompts) or a
-- team (its prompts, whoever wrote them): one update per owner per statement, however many
-- rows it wrote. The update holds the owner's row until commit, and the check reads the values
-- it left, so two writes at once cannot both pass a limit. PS001/PS002 refuse a person's
-- library, PS018/PS019 a team's.
CREATE OR REPLACE FUNCTION library_usage_prompts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owners uuid[];
  counts bigint[];
  sizes bigint[];
  team_owners uuid[];
  team_counts bigint[];
  team_sizes bigint[];
  refusal text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT team_id IS NOT NULL AS for_team, coalesce(team_id, user_id) AS owner, count(*) AS n,
        sum(octet_length(prompt_text))::bigint AS b
      FROM new_rows WHERE coalesce(team_id, user_id) IS NOT NULL GROUP BY 1, 2)
    SELECT array_agg(owner) FILTER (WHERE NOT for_team), array_agg(n) FILTER (WHERE NOT for_team),
      array_agg(b) FILTER (WHERE NOT for_team), array_agg(owner) FILTER (WHERE for_team),
      array_agg(n) FILTER (WHERE for_team), array_agg(b) FILTER (WHERE for_team)
      INTO owners, counts, sizes, team_owners, team_counts, team_sizes FROM d;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT team_id IS NOT NULL AS for_team, coalesce(team_id, user_id) AS owner, -count(*) AS n,
        -sum(octet_length(prompt_text))::bigint AS b
      FROM old_rows WHERE coalesce(team_id, user_id) IS NOT NULL GROUP BY 1, 2)
    SELECT array_agg(owner) FILTER (WHERE NOT for_team), array_agg(n) FILTER (WHERE NOT for_team),
      array_agg(b) FILTER (WHERE NOT for_team), array_agg(owner) FILTER (WHERE for_team),
      array_agg(n) FILTER (WHERE for_team), array_agg(b) FILTER (WHERE for_team)
      INTO owners, counts, sizes, team_owners, team_counts, team_sizes FROM d;
  ELSE
    WITH d AS (
      SELECT for_team, owner, sum(n) AS n, sum(b)::bigint AS b FROM (
        SELECT team_id IS NOT NULL AS for_team, coalesce(team_id, user_id) AS owner, 1 AS n,
          octet_length(prompt_text) AS b FROM new_rows
        UNION ALL
        SELECT team_id IS NOT NULL, coalesce(team_id, user_id), -1, -octet_length(prompt_text)
          FROM old_rows
      ) rows WHERE owner IS NOT NULL GROUP BY 1, 2)
    SELECT array_agg(owner) FILTER (WHERE NOT for_team), array_agg(n) FILTER (WHERE NOT for_team),
      array_agg(b) FILTER (WHERE NOT for_team), array_agg(owner) FILTER (WHERE for_team),
      array_agg(n) FILTER (WHERE for_team), array_agg(b) FILTER (WHERE for_team)
      INTO owners, counts, sizes, team_owners, team_counts, team_sizes FROM d
      WHERE n <> 0 OR b <> 0;
  END IF;
  IF owners IS NOT NULL THEN
    WITH d AS (SELECT * FROM unnest(owners, counts, sizes) AS d(user_id, n, b)),
    counted AS (
      UPDATE library_usage u SET prompts = u.prompts + d.n, prompt_bytes = u.prompt_bytes + d.b
      FROM d WHERE u.user_id = d.user_id
      RETURNING u.prompts, u.prompt_bytes, d.n, d.b
    )
    SELECT CASE WHEN n > 0 AND prompts > library_limit('prompts_per_person') THEN 'PS001' ELSE 'PS002' END
      INTO refusal FROM counted
      WHERE (n > 0 AND prompts > library_limit('prompts_per_person'))
         OR (b > 0 AND prompt_bytes > library_limit('library_bytes_per_person'))
      LIMIT 1;
    IF refusal = 'PS001' THEN PERFORM library_refuse(refusal, library_limit('prompts_per_person'));
    ELSIF refusal = 'PS002' THEN PERFORM library_refuse(refusal, library_limit('library_bytes_per_person'));
    END IF;
  END IF;
  IF team_owners IS NOT NULL THEN
    WITH d AS (SELECT * FROM unnest(team_owners, team_counts, team_sizes) AS d(team_id, n, b)),
    counted AS (
      UPDATE team_usage u SET prompts = u.prompts + d.n, prompt_bytes = u.prompt_bytes + d.b
      FROM d WHERE u.team_id = d.team_id
      RETURNING u.prompts, u.prompt_bytes, d.n, d.b
    )
    SELECT CASE WHEN n > 0 AND prompts > library_limit('prompts_per_person') THEN 'PS018' ELSE 'PS019' END
      INTO refusal FROM counted
      WHERE (n > 0 AND prompts > library_limit('prompts_per_person'))
         OR (b > 0 AND prompt_bytes > library_limit('library_bytes_per_person'))
      LIMIT 1;
    IF refusal = 'PS018' THEN PERFORM library_refuse(refusal, library_limit('prompts_per_person'));
    ELSIF refusal = 'PS019' THEN PERFORM library_refuse(refusal, library_limit('library_bytes_per_person'));
    END IF;
  END IF;
  RETURN NULL;
END $$;
