CREATE TABLE "affiliate_click_visitors" (
	"affiliate_id" bigint NOT NULL,
	"visitor_hash" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_click_visitors_affiliate_id_visitor_hash_pk" PRIMARY KEY("affiliate_id","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "affiliate_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"visitor_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"referral_id" bigint,
	"customer_email" text NOT NULL,
	"conversion_type" text NOT NULL,
	"stripe_invoice_id" text,
	"stripe_charge_id" text,
	"order_value_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"adjusts_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"payout_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_conversions_status_check" CHECK ("affiliate_conversions"."status" in ('pending', 'approved', 'paid', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "affiliate_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"period" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "affiliate_payouts_status_check" CHECK ("affiliate_payouts"."status" in ('due', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "affiliate_referrals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"affiliate_id" bigint NOT NULL,
	"email" text NOT NULL,
	"waitlist_signup_id" bigint,
	"stripe_customer_id" text,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"email" text NOT NULL,
	"company_name" text,
	"website" text,
	"social_media" text,
	"audience_size" text,
	"content_type" text,
	"promotion_strategy" text NOT NULL,
	"payout_method" text,
	"payout_details" text,
	"referral_code" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "affiliates_status_check" CHECK ("affiliates"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliate_click_visitors" ADD CONSTRAINT "affiliate_click_visitors_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_conversions" ADD CONSTRAINT "affiliate_conversions_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_conversions" ADD CONSTRAINT "affiliate_conversions_referral_id_affiliate_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."affiliate_referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_conversions" ADD CONSTRAINT "affiliate_conversions_payout_id_affiliate_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."affiliate_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payouts" ADD CONSTRAINT "affiliate_payouts_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_referrals" ADD CONSTRAINT "affiliate_referrals_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_clicks_affiliate_idx" ON "affiliate_clicks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_conversions_invoice_key" ON "affiliate_conversions" USING btree ("stripe_invoice_id");--> statement-breakpoint
CREATE INDEX "affiliate_conversions_affiliate_idx" ON "affiliate_conversions" USING btree ("affiliate_id","status");--> statement-breakpoint
CREATE INDEX "affiliate_conversions_charge_idx" ON "affiliate_conversions" USING btree ("stripe_charge_id");--> statement-breakpoint
CREATE INDEX "affiliate_conversions_created_idx" ON "affiliate_conversions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payouts_period_key" ON "affiliate_payouts" USING btree ("affiliate_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_referrals_email_key" ON "affiliate_referrals" USING btree ("email");--> statement-breakpoint
CREATE INDEX "affiliate_referrals_affiliate_idx" ON "affiliate_referrals" USING btree ("affiliate_id","active");--> statement-breakpoint
CREATE INDEX "affiliate_referrals_customer_idx" ON "affiliate_referrals" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_email_key" ON "affiliates" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_referral_code_key" ON "affiliates" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "affiliates_created_at_idx" ON "affiliates" USING btree ("created_at");