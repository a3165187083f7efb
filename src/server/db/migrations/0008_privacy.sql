CREATE TABLE "data_use_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_results" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;