-- Earlier versions of a draft (issue 28): the draft as it was before each save, regeneration or
-- restore, deleted with the draft; and the name or handle a user chose for their content, shown on
-- carousel slides (none when null).
CREATE TABLE "studio_draft_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"blocks" jsonb NOT NULL,
	"fidelity" jsonb,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"engine" text NOT NULL,
	"edited" boolean NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_draft_versions_reason_check" CHECK ("studio_draft_versions"."reason" in ('save', 'regenerate', 'restore'))
);
--> statement-breakpoint
ALTER TABLE "studio_voice_settings" ADD COLUMN "byline" text;--> statement-breakpoint
ALTER TABLE "studio_draft_versions" ADD CONSTRAINT "studio_draft_versions_draft_id_studio_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."studio_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "studio_draft_versions_draft_created_idx" ON "studio_draft_versions" USING btree ("draft_id","created_at");