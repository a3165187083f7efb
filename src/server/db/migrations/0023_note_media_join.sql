ALTER TABLE "studio_notes" ADD COLUMN "join_recording_id" uuid;--> statement-breakpoint
ALTER TABLE "studio_notes" ADD COLUMN "join_chunks" integer;