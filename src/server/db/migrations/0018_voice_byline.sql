-- The name or handle a user chose for their content (issue 28), shown on carousel slides; none when null.
ALTER TABLE "studio_voice_settings" ADD COLUMN "byline" text;