-- pg_trgm (misspelt names) and btree_gin (owner + words in one GIN index): both trusted extensions that ship with PostgreSQL and embedded-postgres.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "studio_note_sentences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"start_char" integer NOT NULL,
	"end_char" integer NOT NULL,
	"start_ms" integer,
	"end_ms" integer,
	"filler" boolean DEFAULT false NOT NULL,
	"fillers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "studio_note_sentences"."text")) STORED
);
--> statement-breakpoint
CREATE TABLE "studio_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"kind" text NOT NULL,
	"register" text NOT NULL,
	"status" text NOT NULL,
	"status_message" text,
	"title" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"media_path" text,
	"media_bytes" bigint DEFAULT 0 NOT NULL,
	"media_mime" text,
	"upload_id" text,
	"source_url" text,
	"content_hash" text,
	"stats" jsonb,
	"key_phrases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("studio_notes"."title", '')), 'A') || setweight(to_tsvector('english', coalesce("studio_notes"."text", '')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_notes_kind_check" CHECK ("studio_notes"."kind" in ('voice', 'video', 'text', 'post')),
	CONSTRAINT "studio_notes_register_check" CHECK ("studio_notes"."register" in ('spoken', 'written')),
	CONSTRAINT "studio_notes_status_check" CHECK ("studio_notes"."status" in ('uploading', 'transcribing', 'needs_stt', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "studio_recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"mime_type" text,
	"title" text,
	"chunks" integer[] DEFAULT '{}'::int[] NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"note_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_voice_settings" (
	"owner_email" text PRIMARY KEY NOT NULL,
	"pins" text[] DEFAULT '{}'::text[] NOT NULL,
	"bans" text[] DEFAULT '{}'::text[] NOT NULL,
	"learn_from_edits" boolean DEFAULT true NOT NULL,
	"profile" jsonb,
	"profile_notes" integer DEFAULT 0 NOT NULL,
	"profile_words" integer DEFAULT 0 NOT NULL,
	"profile_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "studio_note_sentences" ADD CONSTRAINT "studio_note_sentences_note_id_studio_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."studio_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "studio_note_sentences_note_position_key" ON "studio_note_sentences" USING btree ("note_id","position");--> statement-breakpoint
CREATE INDEX "studio_note_sentences_trgm_idx" ON "studio_note_sentences" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "studio_notes_owner_created_idx" ON "studio_notes" USING btree ("owner_email","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "studio_notes_owner_search_idx" ON "studio_notes" USING gin ("owner_email","search");--> statement-breakpoint
CREATE UNIQUE INDEX "studio_notes_upload_key" ON "studio_notes" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "studio_notes_owner_hash_idx" ON "studio_notes" USING btree ("owner_email","content_hash") WHERE "studio_notes"."content_hash" is not null;--> statement-breakpoint
CREATE INDEX "studio_notes_status_idx" ON "studio_notes" USING btree ("status","updated_at") WHERE "studio_notes"."status" in ('uploading', 'transcribing', 'needs_stt');--> statement-breakpoint
CREATE INDEX "studio_recordings_owner_idx" ON "studio_recordings" USING btree ("owner_email","created_at");