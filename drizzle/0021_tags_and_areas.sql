CREATE TABLE "derived"."label_counts" (
	"label" text PRIMARY KEY NOT NULL,
	"post_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "derived"."post_labels" (
	"label" text NOT NULL,
	"post_id" integer NOT NULL,
	"is_pinned" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"hot_score" double precision NOT NULL,
	"view_count" integer NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"top_score" integer NOT NULL,
	CONSTRAINT "post_labels_label_post_id_pk" PRIMARY KEY("label","post_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_follows" (
	"user_id" integer NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_follows_user_id_label_pk" PRIMARY KEY("user_id","label")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "areas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "alert_kind" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "alert_place" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "alert_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "held_items" ADD COLUMN "post_extras" jsonb;--> statement-breakpoint
ALTER TABLE "derived"."post_labels" ADD CONSTRAINT "post_labels_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_follows" ADD CONSTRAINT "label_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_labels_post_idx" ON "derived"."post_labels" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_labels_newest_idx" ON "derived"."post_labels" USING btree ("label","is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_labels_popular_idx" ON "derived"."post_labels" USING btree ("label","is_pinned" DESC NULLS FIRST,"hot_score" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_labels_views_idx" ON "derived"."post_labels" USING btree ("label","is_pinned" DESC NULLS FIRST,"view_count" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_labels_active_idx" ON "derived"."post_labels" USING btree ("label","is_pinned" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_labels_top_idx" ON "derived"."post_labels" USING btree ("label","top_score" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_key" ON "tags" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "label_follows_label_idx" ON "label_follows" USING btree ("label");--> statement-breakpoint
CREATE INDEX "posts_alerts_idx" ON "posts" USING btree ((areas[1]),"alert_expires_at" DESC NULLS FIRST) WHERE deleted_at is null and alert_kind is not null;--> statement-breakpoint
-- The tags every site starts with (admins add, rename and remove them): the networks (the courier
-- profile's list) and the trade's topics.
INSERT INTO "tags" ("slug", "name", "kind") VALUES
  ('amazon-flex', 'Amazon Flex', 'network'), ('evri', 'Evri', 'network'), ('dpd', 'DPD', 'network'),
  ('yodel', 'Yodel', 'network'), ('royal-mail', 'Royal Mail', 'network'), ('parcelforce', 'Parcelforce', 'network'),
  ('ups', 'UPS', 'network'), ('fedex', 'FedEx', 'network'), ('dhl', 'DHL', 'network'), ('inpost', 'InPost', 'network'),
  ('uber-eats', 'Uber Eats', 'network'), ('deliveroo', 'Deliveroo', 'network'), ('just-eat', 'Just Eat', 'network'),
  ('stuart', 'Stuart', 'network'), ('gophr', 'Gophr', 'network'), ('citysprint', 'CitySprint', 'network'),
  ('ulez', 'ULEZ and clean air zones', 'topic'), ('insurance', 'Insurance', 'topic'), ('tax', 'Tax', 'topic'),
  ('vans', 'Vans', 'topic'), ('parking', 'Parking and PCNs', 'topic'), ('theft', 'Theft and security', 'topic'),
  ('ev', 'Electric vehicles', 'topic'), ('depots', 'Depots', 'topic');
--> statement-breakpoint
-- A post's labels: `tag:<id>` for each tag, `area:<AREA>` for each postcode area.
CREATE FUNCTION "derived"."post_label_names"(tag_ids integer[], areas text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(l), '{}') FROM (
    SELECT 'tag:' || t AS l FROM unnest(tag_ids) t
    UNION SELECT 'area:' || a FROM unnest(areas) a
  ) x
$$;
--> statement-breakpoint
-- New posts, once per statement (the bench's and a restore's batches are one INSERT … SELECT each).
CREATE FUNCTION "derived"."post_labels_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO derived.post_labels (label, post_id, is_pinned, created_at, hot_score, view_count, last_activity_at, top_score)
  SELECT l, p.id, p.is_pinned, p.created_at, p.hot_score, p.view_count, p.last_activity_at, p.upvotes - p.downvotes
  FROM inserted_posts p, unnest(derived.post_label_names(p.tag_ids, p.areas)) l
  WHERE p.deleted_at IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_labels_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS inserted_posts
FOR EACH STATEMENT EXECUTE FUNCTION "derived"."post_labels_insert"();
--> statement-breakpoint
-- A changed post with labels (before or after), row by row: when its labels or whether it is live
-- changed, its rows are written afresh; when only a sort key moved (a vote, a view, a reply, a pin) they
-- are updated in place. A post without labels never reaches the function.
CREATE FUNCTION "derived"."post_labels_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.tag_ids IS DISTINCT FROM NEW.tag_ids OR OLD.areas IS DISTINCT FROM NEW.areas
     OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) THEN
    DELETE FROM derived.post_labels WHERE post_id = NEW.id;
    IF NEW.deleted_at IS NULL THEN
      INSERT INTO derived.post_labels (label, post_id, is_pinned, created_at, hot_score, view_count, last_activity_at, top_score)
      SELECT l, NEW.id, NEW.is_pinned, NEW.created_at, NEW.hot_score, NEW.view_count, NEW.last_activity_at, NEW.upvotes - NEW.downvotes
      FROM unnest(derived.post_label_names(NEW.tag_ids, NEW.areas)) l;
    END IF;
  ELSIF NEW.deleted_at IS NULL THEN
    UPDATE derived.post_labels
    SET is_pinned = NEW.is_pinned, created_at = NEW.created_at, hot_score = NEW.hot_score, view_count = NEW.view_count,
        last_activity_at = NEW.last_activity_at, top_score = NEW.upvotes - NEW.downvotes
    WHERE post_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_labels_update" AFTER UPDATE ON "posts"
FOR EACH ROW WHEN (
  (cardinality(OLD.tag_ids) + cardinality(OLD.areas) + cardinality(NEW.tag_ids) + cardinality(NEW.areas)) > 0 AND (
    OLD.tag_ids IS DISTINCT FROM NEW.tag_ids OR OLD.areas IS DISTINCT FROM NEW.areas
    OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) OR OLD.is_pinned IS DISTINCT FROM NEW.is_pinned
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.hot_score IS DISTINCT FROM NEW.hot_score
    OR OLD.view_count IS DISTINCT FROM NEW.view_count OR OLD.last_activity_at IS DISTINCT FROM NEW.last_activity_at
    OR OLD.upvotes IS DISTINCT FROM NEW.upvotes OR OLD.downvotes IS DISTINCT FROM NEW.downvotes
  )
) EXECUTE FUNCTION "derived"."post_labels_update"();
--> statement-breakpoint
-- Each label's live posts, once per statement.
CREATE FUNCTION "derived"."label_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO derived.label_counts (label, post_count)
  SELECT label, count(*) FROM added_labels GROUP BY label
  ON CONFLICT (label) DO UPDATE SET post_count = derived.label_counts.post_count + EXCLUDED.post_count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "post_labels_count_insert" AFTER INSERT ON "derived"."post_labels" REFERENCING NEW TABLE AS added_labels
FOR EACH STATEMENT EXECUTE FUNCTION "derived"."label_counts_add"();
--> statement-breakpoint
CREATE FUNCTION "derived"."label_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE derived.label_counts c SET post_count = c.post_count - r.n
  FROM (SELECT label, count(*) AS n FROM removed_labels GROUP BY label) r
  WHERE c.label = r.label;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "post_labels_count_delete" AFTER DELETE ON "derived"."post_labels" REFERENCING OLD TABLE AS removed_labels
FOR EACH STATEMENT EXECUTE FUNCTION "derived"."label_counts_remove"();
--> statement-breakpoint
-- A restore empties posts (and with them, by the cascade, post_labels) by TRUNCATE, which fires no delete trigger.
CREATE FUNCTION "derived"."label_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE derived.label_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "post_labels_count_truncate" AFTER TRUNCATE ON "derived"."post_labels"
FOR EACH STATEMENT EXECUTE FUNCTION "derived"."label_counts_clear"();
