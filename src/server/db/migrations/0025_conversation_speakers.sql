CREATE TABLE "studio_note_speakers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"name" text NOT NULL,
	"is_me" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studio_note_sentences" ADD COLUMN "speaker_id" uuid;--> statement-breakpoint
ALTER TABLE "studio_notes" ADD COLUMN "words_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "studio_notes" ADD COLUMN "transcript_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "studio_voice_settings" ADD COLUMN "my_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "studio_note_speakers" ADD CONSTRAINT "studio_note_speakers_note_id_studio_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."studio_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "studio_note_speakers_note_position_key" ON "studio_note_speakers" USING btree ("note_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "studio_note_speakers_one_me_key" ON "studio_note_speakers" USING btree ("note_id") WHERE "studio_note_speakers"."is_me";--> statement-breakpoint
ALTER TABLE "studio_note_sentences" ADD CONSTRAINT "studio_note_sentences_speaker_id_studio_note_speakers_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."studio_note_speakers"("id") ON DELETE set null ON UPDATE no action;