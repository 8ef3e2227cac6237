CREATE TABLE "collection_items" (
	"collection_id" uuid NOT NULL,
	"prompt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"added_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_items_collection_id_prompt_id_pk" PRIMARY KEY("collection_id","prompt_id")
);
--> statement-breakpoint
CREATE TABLE "collection_stars" (
	"collection_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_stars_collection_id_user_id_pk" PRIMARY KEY("collection_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_avatar" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_stars" ADD CONSTRAINT "collection_stars_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_stars" ADD CONSTRAINT "collection_stars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_items_order_idx" ON "collection_items" USING btree ("collection_id","position");--> statement-breakpoint
CREATE INDEX "collection_items_prompt_idx" ON "collection_items" USING btree ("prompt_id");--> statement-breakpoint
CREATE INDEX "collection_stars_user_idx" ON "collection_stars" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "collections_user_idx" ON "collections" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "collections_public_idx" ON "collections" USING btree ("updated_at") WHERE "collections"."is_public";--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_handle_key" ON "profiles" USING btree (lower("handle"));--> statement-breakpoint
CREATE INDEX "profiles_public_idx" ON "profiles" USING btree ("updated_at") WHERE "profiles"."is_public";--> statement-breakpoint
-- A public profile (/u/<handle>) and the collection pages show a person's chosen name, handle
-- and picture, and the collection pages their name as prompt cards give it: any change to
-- those is announced as 'profile:<user id>', so kept public pages showing it are dropped at once.
CREATE FUNCTION cache_changed_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cache_notify('profile:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_public_changes AFTER UPDATE ON profiles FOR EACH ROW
  WHEN ((OLD.is_public, OLD.handle, OLD.display_name, OLD.show_avatar, OLD.username)
    IS DISTINCT FROM (NEW.is_public, NEW.handle, NEW.display_name, NEW.show_avatar, NEW.username))
  EXECUTE FUNCTION cache_changed_profile();
--> statement-breakpoint
CREATE TRIGGER profiles_public_deleted AFTER DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION cache_changed_profile();
--> statement-breakpoint
CREATE TRIGGER users_profile_changes AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.name, OLD.email, OLD.avatar_url) IS DISTINCT FROM (NEW.name, NEW.email, NEW.avatar_url))
  EXECUTE FUNCTION cache_changed_profile();
--> statement-breakpoint
-- A collection's page shows it, its items and its star count ('collection:<id>'); its owner's
-- profile lists it with its number of items ('profile:<owner id>').
CREATE FUNCTION cache_changed_collection() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  PERFORM cache_notify('collection:' || changed.id);
  PERFORM cache_notify('profile:' || changed.user_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collections_cache_changes AFTER INSERT OR UPDATE OR DELETE ON collections
  FOR EACH ROW EXECUTE FUNCTION cache_changed_collection();
--> statement-breakpoint
CREATE FUNCTION cache_changed_collection_part() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  owner uuid;
BEGIN
  PERFORM cache_notify('collection:' || changed.collection_id);
  IF TG_TABLE_NAME = 'collection_items' THEN
    -- Gone already when the collection itself was deleted, which announced the profile.
    SELECT user_id INTO owner FROM collections WHERE id = changed.collection_id;
    IF owner IS NOT NULL THEN PERFORM cache_notify('profile:' || owner); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collection_items_cache_changes AFTER INSERT OR UPDATE OR DELETE ON collection_items
  FOR EACH ROW EXECUTE FUNCTION cache_changed_collection_part();
--> statement-breakpoint
CREATE TRIGGER collection_stars_cache_changes AFTER INSERT OR UPDATE OR DELETE ON collection_stars
  FOR EACH ROW EXECUTE FUNCTION cache_changed_collection_part();
--> statement-breakpoint
-- A person's collections and a collection's prompts are limited (shared/collection.ts, passed
-- as promptshelf.* settings like the library's limits in drizzle/0010), whoever writes them:
-- the statement that would pass a limit fails. Each owner's (each collection's) inserts take
-- turns on an advisory lock, so two at once cannot both pass.
CREATE FUNCTION collection_count_limit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lim bigint := library_limit('collections_per_person');
  crowded uuid;
BEGIN
  IF lim IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('promptshelf.collections:' || user_id::text, 0))
    FROM (SELECT DISTINCT user_id FROM new_rows ORDER BY user_id) o;
  SELECT o.user_id INTO crowded FROM (SELECT DISTINCT user_id FROM new_rows) o
    WHERE (SELECT count(*) FROM collections c WHERE c.user_id = o.user_id) > lim
    LIMIT 1;
  IF crowded IS NOT NULL THEN PERFORM library_refuse('PS009', lim); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collections_limit AFTER INSERT ON collections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collection_count_limit();
--> statement-breakpoint
CREATE FUNCTION collection_item_limit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lim bigint := library_limit('items_per_collection');
  crowded uuid;
BEGIN
  IF lim IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('promptshelf.collection_items:' || collection_id::text, 0))
    FROM (SELECT DISTINCT collection_id FROM new_rows ORDER BY collection_id) c;
  SELECT c.collection_id INTO crowded FROM (SELECT DISTINCT collection_id FROM new_rows) c
    WHERE (SELECT count(*) FROM collection_items i WHERE i.collection_id = c.collection_id) > lim
    LIMIT 1;
  IF crowded IS NOT NULL THEN PERFORM library_refuse('PS010', lim); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER collection_items_limit AFTER INSERT ON collection_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION collection_item_limit();
