-- Publishing (issue 25): a carousel goes to X, Bluesky and Mastodon as its slides, up to 4 images a
-- post, and a clip as video: each slide's alt text (alt_texts), the clip published (clip), and the
-- media uploaded for each part (uploads) so a resumed post does not upload it again.
ALTER TABLE "publish_posts" ADD COLUMN "alt_texts" jsonb;--> statement-breakpoint
ALTER TABLE "publish_posts" ADD COLUMN "uploads" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "publish_posts" ADD COLUMN "clip" smallint;