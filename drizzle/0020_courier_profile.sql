ALTER TABLE "users" ADD COLUMN "courier_networks" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "courier_networks_visibility" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "courier_vehicle" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "courier_vehicle_visibility" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "courier_area" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "courier_area_visibility" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "courier_years" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "courier_years_visibility" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "courier_engagement" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "courier_engagement_visibility" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_directory_network_idx" ON "users" USING gin ("courier_networks") WHERE email_verified_at is not null and deleted_at is null and courier_networks_visibility <> 'nobody';--> statement-breakpoint
CREATE INDEX "users_directory_area_idx" ON "users" USING btree ("courier_area") WHERE email_verified_at is not null and deleted_at is null and courier_area_visibility <> 'nobody';--> statement-breakpoint
CREATE INDEX "users_directory_vehicle_idx" ON "users" USING btree ("courier_vehicle") WHERE email_verified_at is not null and deleted_at is null and courier_vehicle_visibility <> 'nobody';