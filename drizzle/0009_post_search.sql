-- A narrow copy of what a text search reads (server/db/schema/forum.ts postSearch), kept in step with posts
-- by the triggers below. Posts are locked against writes (reads go on) until the migration commits, so no
-- post written meanwhile is missed between the copy and the triggers.
LOCK TABLE "posts" IN SHARE MODE;--> statement-breakpoint
CREATE SCHEMA "derived";
--> statement-breakpoint
CREATE TABLE "derived"."post_search" (
	"post_id" integer PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
-- Filled before the foreign key and the indexes: checked and built once over the whole table, not row by row.
INSERT INTO "derived"."post_search" ("post_id", "category_id", "author_id", "created_at", "search")
SELECT "id", "category_id", "author_id", "created_at", "search" FROM "posts" WHERE "deleted_at" IS NULL ORDER BY "id";--> statement-breakpoint
ALTER TABLE "derived"."post_search" ADD CONSTRAINT "post_search_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_search_search_idx" ON "derived"."post_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "post_search_category_idx" ON "derived"."post_search" USING btree ("category_id","post_id" DESC NULLS FIRST);--> statement-breakpoint
-- New posts, once per statement (a bulk insert, a restore's batches: one INSERT … SELECT, not a call per row).
-- A transition table holds the rows as stored, posts.search computed.
CREATE FUNCTION "derived"."post_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO derived.post_search (post_id, category_id, author_id, created_at, search)
  SELECT id, category_id, author_id, created_at, search FROM inserted_posts WHERE deleted_at IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_search_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS inserted_posts
FOR EACH STATEMENT EXECUTE FUNCTION "derived"."post_search_insert"();--> statement-breakpoint
-- A changed post, row by row (PostgreSQL allows no transition table on a trigger limited to some columns):
-- a live post's row is written afresh, a deleted one's removed. Only when something the row holds (or
-- whether the post is live) changed: votes, views and counters never reach it. AFTER, so NEW.search is the
-- recomputed generated column. A hard delete needs no trigger: the foreign key cascades.
CREATE FUNCTION "derived"."post_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NULL THEN
    INSERT INTO derived.post_search (post_id, category_id, author_id, created_at, search)
    VALUES (NEW.id, NEW.category_id, NEW.author_id, NEW.created_at, NEW.search)
    ON CONFLICT (post_id) DO UPDATE SET category_id = EXCLUDED.category_id, author_id = EXCLUDED.author_id,
                                        created_at = EXCLUDED.created_at, search = EXCLUDED.search;
  ELSE
    DELETE FROM derived.post_search WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_search_update" AFTER UPDATE OF "title", "content", "category_id", "author_id", "created_at", "deleted_at" ON "posts"
FOR EACH ROW WHEN (
  OLD.title IS DISTINCT FROM NEW.title OR OLD.content IS DISTINCT FROM NEW.content
  OR OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.author_id IS DISTINCT FROM NEW.author_id
  OR OLD.created_at IS DISTINCT FROM NEW.created_at OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL)
) EXECUTE FUNCTION "derived"."post_search_update"();--> statement-breakpoint
-- Nothing reads posts.search through an index any more (only the triggers read it, row by row): one GIN
-- index less to keep up on every post written.
DROP INDEX "posts_search_idx";--> statement-breakpoint
-- Statistics now: the search picks its plan from the planner's estimates on this table.
ANALYZE "derived"."post_search";
