CREATE TABLE "campaign_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"enrolment_id" bigint NOT NULL,
	"step_id" bigint NOT NULL,
	"sequence_number" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"reason" text,
	"outbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_enrolments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" bigint NOT NULL,
	"contact_id" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"stop_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" bigint NOT NULL,
	"sequence_number" integer NOT NULL,
	"delay_days" integer DEFAULT 0 NOT NULL,
	"message_type" text NOT NULL,
	"subject" text,
	"html_content" text,
	"text_content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_steps_type_check" CHECK ("campaign_steps"."message_type" in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"trigger_type" text DEFAULT 'time_based' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"pause_on_response" boolean DEFAULT true NOT NULL,
	"share_with_everyone" boolean DEFAULT false NOT NULL,
	"system_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'active', 'paused', 'archived')),
	CONSTRAINT "campaigns_trigger_check" CHECK ("campaigns"."trigger_type" in ('time_based', 'signup'))
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"email_subscribed" boolean DEFAULT true NOT NULL,
	"sms_subscribed" boolean DEFAULT false NOT NULL,
	"sms_stopped_at" timestamp with time zone,
	"time_zone" text NOT NULL,
	"source" text NOT NULL,
	"waitlist_signup_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_reachable_check" CHECK ("contacts"."email" is not null or "contacts"."phone" is not null)
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_deliveries" ADD CONSTRAINT "campaign_deliveries_enrolment_id_campaign_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."campaign_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_enrolments" ADD CONSTRAINT "campaign_enrolments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_enrolments" ADD CONSTRAINT "campaign_enrolments_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_waitlist_signup_id_waitlist_signups_id_fk" FOREIGN KEY ("waitlist_signup_id") REFERENCES "public"."waitlist_signups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_deliveries_enrolment_step_key" ON "campaign_deliveries" USING btree ("enrolment_id","step_id");--> statement-breakpoint
CREATE INDEX "campaign_deliveries_status_idx" ON "campaign_deliveries" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_enrolments_campaign_contact_key" ON "campaign_enrolments" USING btree ("campaign_id","contact_id");--> statement-breakpoint
CREATE INDEX "campaign_enrolments_contact_idx" ON "campaign_enrolments" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "campaign_steps_campaign_idx" ON "campaign_steps" USING btree ("campaign_id","sequence_number");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_system_key_key" ON "campaigns" USING btree ("system_key");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_email_key" ON "contacts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_phone_key" ON "contacts" USING btree ("phone");