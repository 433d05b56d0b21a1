CREATE INDEX "users_avatar_idx" ON "users" USING btree ("avatar");--> statement-breakpoint
CREATE INDEX "posts_author_live_idx" ON "posts" USING btree ("author_id") WHERE deleted_at is null;