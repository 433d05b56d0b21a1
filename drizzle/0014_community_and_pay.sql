-- Blocking reaches beyond chat (issue 18): chat_blocks becomes member_blocks, its rows kept.
ALTER TABLE "chat_blocks" RENAME TO "member_blocks";--> statement-breakpoint
ALTER TABLE "member_blocks" RENAME CONSTRAINT "chat_blocks_blocker_id_blocked_id_pk" TO "member_blocks_blocker_id_blocked_id_pk";--> statement-breakpoint
ALTER TABLE "member_blocks" RENAME CONSTRAINT "chat_blocks_blocker_id_users_id_fk" TO "member_blocks_blocker_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "member_blocks" RENAME CONSTRAINT "chat_blocks_blocked_id_users_id_fk" TO "member_blocks_blocked_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "chat_blocks_blocked_idx" RENAME TO "member_blocks_blocked_idx";--> statement-breakpoint
CREATE TABLE "bookmarks" (
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);--> statement-breakpoint
CREATE TABLE "pay_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"network" text NOT NULL,
	"engagement" text NOT NULL,
	"vehicle" text NOT NULL,
	"postcode_area" text NOT NULL,
	"region" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"hours" double precision NOT NULL,
	"drops" integer NOT NULL,
	"miles" double precision NOT NULL,
	"gross_pay" double precision NOT NULL,
	"cost_fuel" double precision DEFAULT 0 NOT NULL,
	"cost_vehicle" double precision DEFAULT 0 NOT NULL,
	"cost_insurance" double precision DEFAULT 0 NOT NULL,
	"cost_other" double precision DEFAULT 0 NOT NULL,
	"net_hourly" double precision GENERATED ALWAYS AS ((gross_pay - cost_fuel - cost_vehicle - cost_insurance - cost_other) / hours) STORED NOT NULL,
	"outlier" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_reports_hours_check" CHECK (hours > 0),
	CONSTRAINT "pay_reports_period_check" CHECK (period_end >= period_start)
);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_moderator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "previous_visit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pay_reports" ADD CONSTRAINT "pay_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_reports_member_network_period_key" ON "pay_reports" USING btree ("user_id","network","period_start");--> statement-breakpoint
CREATE INDEX "pay_reports_user_idx" ON "pay_reports" USING btree ("user_id","period_start" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pay_reports_index_idx" ON "pay_reports" USING btree ("network","period_start") WHERE outlier = false;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_top_idx" ON "posts" USING btree ((upvotes - downvotes) desc,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "posts_category_top_idx" ON "posts" USING btree ("category_id",(upvotes - downvotes) desc,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "posts_unanswered_idx" ON "posts" USING btree ("is_pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null and comment_count = 0;--> statement-breakpoint
CREATE INDEX "bookmarks_user_idx" ON "bookmarks" USING btree ("user_id","created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookmarks_post_idx" ON "bookmarks" USING btree ("post_id");
