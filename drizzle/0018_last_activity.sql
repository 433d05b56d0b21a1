ALTER TABLE "posts" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing posts: their newest visible comment, or their creation (GREATEST skips the NULL of none). Before
-- the indexes, so the update does not maintain them row by row.
UPDATE "posts" SET "last_activity_at" = greatest("created_at", (SELECT max(c."created_at") FROM "comments" c WHERE c."post_id" = "posts"."id" AND c."deleted_at" IS NULL));--> statement-breakpoint
CREATE INDEX "posts_active_idx" ON "posts" USING btree ("is_pinned" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "posts_category_active_idx" ON "posts" USING btree ("category_id","is_pinned" DESC NULLS FIRST,"last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;
