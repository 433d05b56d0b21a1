CREATE INDEX "comments_text_md5_idx" ON "comments" USING btree (md5(lower(content)));--> statement-breakpoint
CREATE INDEX "posts_text_md5_idx" ON "posts" USING btree (md5(lower(content)));