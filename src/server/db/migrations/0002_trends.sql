CREATE TABLE "trend_totals" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"platform" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"skeleton" text,
	"twist_ideas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trending_data" jsonb,
	"metrics" jsonb,
	"analysis_input" jsonb,
	"format" text,
	"engine" text,
	"error" text,
	"owner_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "trends_status_check" CHECK ("trends"."status" in ('pending', 'processing', 'processed', 'failed')),
	CONSTRAINT "trends_platform_check" CHECK ("trends"."platform" in ('tiktok', 'instagram', 'youtube'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "trends_source_key" ON "trends" USING btree ("source");--> statement-breakpoint
CREATE INDEX "trends_created_at_id_idx" ON "trends" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);