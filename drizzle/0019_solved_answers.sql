ALTER TABLE "categories" ADD COLUMN "is_qa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "accepted_comment_id" integer;--> statement-breakpoint
CREATE INDEX "posts_solved_idx" ON "posts" USING btree ("is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null and accepted_comment_id is not null;--> statement-breakpoint
CREATE INDEX "posts_accepted_comment_idx" ON "posts" USING btree ("accepted_comment_id") WHERE accepted_comment_id is not null;