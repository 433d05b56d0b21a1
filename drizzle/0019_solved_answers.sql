ALTER TABLE "categories" ADD COLUMN "is_qa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "accepted_comment_id" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "qa_state" smallint;--> statement-breakpoint
CREATE INDEX "posts_qa_idx" ON "posts" USING btree ("qa_state","is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null and qa_state is not null;--> statement-breakpoint
CREATE INDEX "posts_category_qa_idx" ON "posts" USING btree ("category_id","qa_state","is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null and qa_state is not null;--> statement-breakpoint
CREATE INDEX "posts_accepted_comment_idx" ON "posts" USING btree ("accepted_comment_id") WHERE accepted_comment_id is not null;