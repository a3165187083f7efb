CREATE TABLE "studio_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"format" text NOT NULL,
	"requested_engine" text DEFAULT 'auto' NOT NULL,
	"engine" text DEFAULT 'extractive' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"note_ids" uuid[] NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fidelity" jsonb,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"edited" boolean DEFAULT false NOT NULL,
	"sample_note_id" uuid,
	"content_result_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_drafts_format_check" CHECK ("studio_drafts"."format" in ('blog', 'linkedin', 'thread', 'carousel', 'clips')),
	CONSTRAINT "studio_drafts_engine_check" CHECK ("studio_drafts"."engine" in ('extractive', 'llm')),
	CONSTRAINT "studio_drafts_status_check" CHECK ("studio_drafts"."status" in ('waiting', 'generating', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "studio_drafts" ADD CONSTRAINT "studio_drafts_content_result_id_content_results_id_fk" FOREIGN KEY ("content_result_id") REFERENCES "public"."content_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_drafts_owner_created_idx" ON "studio_drafts" USING btree ("owner_email","created_at");