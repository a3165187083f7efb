-- Publishing (issue 25): connected accounts (tokens sealed with AES-256-GCM), OAuth states under
-- way, Echo's app per Mastodon instance, posts of drafts to accounts (parts, what was sent, the part
-- in flight) and weekly time slots per account.
CREATE TABLE "publish_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"platform" text NOT NULL,
	"remote_id" text NOT NULL,
	"handle" text NOT NULL,
	"instance_url" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"credentials" text,
	"token_expires_at" timestamp with time zone,
	"char_limit" integer NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publish_accounts_platform_check" CHECK ("publish_accounts"."platform" in ('bluesky', 'mastodon', 'x', 'linkedin')),
	CONSTRAINT "publish_accounts_status_check" CHECK ("publish_accounts"."status" in ('connected', 'reconnect', 'disconnected'))
);
--> statement-breakpoint
CREATE TABLE "publish_mastodon_apps" (
	"instance_url" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"owner_email" text NOT NULL,
	"platform" text NOT NULL,
	"instance_url" text,
	"verifier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"account_id" uuid NOT NULL,
	"draft_id" uuid,
	"platform" text NOT NULL,
	"parts" jsonb NOT NULL,
	"sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending_part" smallint,
	"pending_key" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"placement" text DEFAULT 'now' NOT NULL,
	"run" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publish_posts_status_check" CHECK ("publish_posts"."status" in ('scheduled', 'publishing', 'published', 'failed', 'check', 'waiting_account', 'cancelled')),
	CONSTRAINT "publish_posts_placement_check" CHECK ("publish_posts"."placement" in ('now', 'slot', 'time'))
);
--> statement-breakpoint
CREATE TABLE "publish_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_email" text NOT NULL,
	"account_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"minute" smallint NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publish_slots_weekday_check" CHECK ("publish_slots"."weekday" between 0 and 6),
	CONSTRAINT "publish_slots_minute_check" CHECK ("publish_slots"."minute" between 0 and 1439)
);
--> statement-breakpoint
ALTER TABLE "publish_posts" ADD CONSTRAINT "publish_posts_account_id_publish_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."publish_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_posts" ADD CONSTRAINT "publish_posts_draft_id_studio_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."studio_drafts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_slots" ADD CONSTRAINT "publish_slots_account_id_publish_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."publish_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publish_accounts_owner_remote_idx" ON "publish_accounts" USING btree ("owner_email","platform","remote_id","instance_url");--> statement-breakpoint
CREATE INDEX "publish_posts_owner_scheduled_idx" ON "publish_posts" USING btree ("owner_email","scheduled_at");--> statement-breakpoint
CREATE INDEX "publish_posts_account_scheduled_idx" ON "publish_posts" USING btree ("account_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "publish_posts_draft_idx" ON "publish_posts" USING btree ("draft_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publish_slots_account_time_idx" ON "publish_slots" USING btree ("account_id","weekday","minute");