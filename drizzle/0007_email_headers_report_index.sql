ALTER TABLE "emails" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE INDEX "reports_reporter_created_idx" ON "reports" USING btree ("reporter_id","created_at");