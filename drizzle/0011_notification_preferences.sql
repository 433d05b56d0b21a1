-- Notification preferences and follows (server/db/schema/notification-preferences.ts), the notification
-- mail's state, and the device ids that make an offline post or comment's resend the same write.
CREATE TABLE "category_follows" (
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_follows_user_id_category_id_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "notification_mail_state" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mailed_at" timestamp with time zone,
	"mailed_through" timestamp with time zone,
	"digest_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_follows" (
	"user_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	"level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_follows_user_id_post_id_pk" PRIMARY KEY("user_id","post_id"),
	CONSTRAINT "post_follows_level_check" CHECK ("post_follows"."level" in ('follow', 'mute'))
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "category_follows" ADD CONSTRAINT "category_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_follows" ADD CONSTRAINT "category_follows_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mail_state" ADD CONSTRAINT "notification_mail_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_follows" ADD CONSTRAINT "post_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_follows" ADD CONSTRAINT "post_follows_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_follows_category_idx" ON "category_follows" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "post_follows_post_idx" ON "post_follows" USING btree ("post_id","level");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_author_client_key" ON "comments" USING btree ("author_id","client_id") WHERE client_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_author_client_key" ON "posts" USING btree ("author_id","client_id") WHERE client_id is not null;--> statement-breakpoint
-- Members who unsubscribed from announcements keep that choice as the announcements e-mail switch.
INSERT INTO "notification_preferences" ("user_id", "settings")
  SELECT "id", '{"announcements": {"email": false}}'::jsonb FROM "users" WHERE "announcements_opt_out_at" IS NOT NULL;
