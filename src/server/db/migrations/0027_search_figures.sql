ALTER TABLE "studio_note_sentences" ADD COLUMN "words_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "studio_note_sentences" ADD COLUMN "figures" text;--> statement-breakpoint
ALTER TABLE "studio_notes" ADD COLUMN "figures" text;--> statement-breakpoint
ALTER TABLE "studio_note_sentences" drop column "search";--> statement-breakpoint
ALTER TABLE "studio_note_sentences" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "studio_note_sentences"."text" || ' ' || coalesce("studio_note_sentences"."figures", ''))) STORED;--> statement-breakpoint
ALTER TABLE "studio_notes" drop column "search";--> statement-breakpoint
ALTER TABLE "studio_notes" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("studio_notes"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("studio_notes"."text", '') || ' ' || coalesce("studio_notes"."figures", '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "studio_notes_owner_search_idx" ON "studio_notes" USING gin ("owner_email","search");
