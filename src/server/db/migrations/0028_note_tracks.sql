CREATE TABLE "studio_note_tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"status_message" text,
	"upload_id" text,
	"media_path" text,
	"media_bytes" bigint DEFAULT 0 NOT NULL,
	"media_mime" text,
	"segments" jsonb,
	"duration_ms" integer,
	"engine" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_note_tracks_status_check" CHECK ("studio_note_tracks"."status" in ('uploading', 'transcribing', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "studio_notes" ADD COLUMN "diarize" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_note_tracks" ADD CONSTRAINT "studio_note_tracks_note_id_studio_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."studio_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "studio_note_tracks_note_position_key" ON "studio_note_tracks" USING btree ("note_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "studio_note_tracks_upload_key" ON "studio_note_tracks" USING btree ("upload_id");