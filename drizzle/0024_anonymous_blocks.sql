CREATE TABLE "anonymous_blocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "anonymous_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"post_id" integer,
	"comment_id" integer,
	"anonymous_as" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anonymous_blocks" ADD CONSTRAINT "anonymous_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymous_blocks" ADD CONSTRAINT "anonymous_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymous_blocks" ADD CONSTRAINT "anonymous_blocks_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymous_blocks" ADD CONSTRAINT "anonymous_blocks_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anonymous_blocks_blocker_idx" ON "anonymous_blocks" USING btree ("blocker_id","created_at");--> statement-breakpoint
CREATE INDEX "anonymous_blocks_blocked_idx" ON "anonymous_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "anonymous_blocks_post_key" ON "anonymous_blocks" USING btree ("blocker_id","post_id") WHERE post_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "anonymous_blocks_comment_key" ON "anonymous_blocks" USING btree ("blocker_id","comment_id") WHERE comment_id is not null;