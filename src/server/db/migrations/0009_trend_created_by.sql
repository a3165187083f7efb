ALTER TABLE "trends" ADD COLUMN "created_by" text;--> statement-breakpoint
CREATE INDEX "trends_created_by_idx" ON "trends" USING btree ("created_by");