-- Publishing (issue 25): what goes with a post's text ('pdf': a carousel's slides as LinkedIn's
-- document post, rendered when the post goes out).
ALTER TABLE "publish_posts" ADD COLUMN "media" text;