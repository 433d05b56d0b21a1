CREATE TABLE "upload_uses" (
	"upload_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	CONSTRAINT "upload_uses_upload_id_target_type_target_id_pk" PRIMARY KEY("upload_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"source_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_by" integer,
	CONSTRAINT "uploads_size_ok" CHECK (width > 0 and height > 0 and bytes >= 0)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "upload_uses" ADD CONSTRAINT "upload_uses_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_uses_target_idx" ON "upload_uses" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "uploads_user_time_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_unused_idx" ON "uploads" USING btree ("created_at") WHERE used_at is null and removed_at is null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;