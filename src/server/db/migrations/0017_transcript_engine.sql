-- What made a Studio note's transcript (issue 22): the speech-to-text server, PocketSphinx (rough,
-- offline) or the browser's own recognition; null for written notes and older transcripts. What the
-- browser recognised while recording (used when no server engine is configured), and each
-- sentence's word times when the recogniser gave them.
ALTER TABLE "studio_note_sentences" ADD COLUMN "words" jsonb;--> statement-breakpoint
ALTER TABLE "studio_notes" ADD COLUMN "transcript_engine" text;--> statement-breakpoint
ALTER TABLE "studio_notes" ADD COLUMN "browser_transcript" jsonb;--> statement-breakpoint
ALTER TABLE "studio_notes" ADD CONSTRAINT "studio_notes_transcript_engine_check" CHECK ("studio_notes"."transcript_engine" is null or "studio_notes"."transcript_engine" in ('server', 'pocketsphinx', 'browser'));
