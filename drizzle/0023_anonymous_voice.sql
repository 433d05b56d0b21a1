ALTER TABLE "categories" ADD COLUMN "allow_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "anonymous_as" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "anonymous_as" text;--> statement-breakpoint
ALTER TABLE "held_items" ADD COLUMN "anonymous_as" text;--> statement-breakpoint
-- Issue 32 (ADR 0022): the search's copy never holds who wrote an anonymous post, so no filter by author
-- (the profession filter reads it) can find one. anonymous_as is frozen at insert, so the same triggers suffice.
CREATE OR REPLACE FUNCTION "derived"."post_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO derived.post_search (post_id, category_id, author_id, created_at, search)
  SELECT id, category_id, CASE WHEN anonymous_as IS NULL THEN author_id END, created_at, search FROM inserted_posts WHERE deleted_at IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "derived"."post_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NULL THEN
    INSERT INTO derived.post_search (post_id, category_id, author_id, created_at, search)
    VALUES (NEW.id, NEW.category_id, CASE WHEN NEW.anonymous_as IS NULL THEN NEW.author_id END, NEW.created_at, NEW.search)
    ON CONFLICT (post_id) DO UPDATE SET category_id = EXCLUDED.category_id, author_id = EXCLUDED.author_id,
                                        created_at = EXCLUDED.created_at, search = EXCLUDED.search;
  ELSE
    DELETE FROM derived.post_search WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
