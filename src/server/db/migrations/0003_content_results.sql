CREATE TABLE "content_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source_url" text NOT NULL,
	"source_platform" text,
	"user_email" text NOT NULL,
	"result_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_results_product_type_check" CHECK ("content_results"."product_type" in ('transcription', 'trend_analysis', 'echo_core')),
	CONSTRAINT "content_results_status_check" CHECK ("content_results"."status" in ('pending', 'processing', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "content_results_email_created_idx" ON "content_results" USING btree ("user_email","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_received_idx" ON "webhook_deliveries" USING btree ("received_at");