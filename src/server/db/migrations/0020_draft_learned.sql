-- Learning from edits without a library note (issue 28): the user's own words in an edited draft
-- and their stats, one sample per draft, added to the voice profile. Notes made by the earlier
-- "Edited ..." learning stay in the library (they are the user's to keep or delete).
ALTER TABLE "studio_drafts" ADD COLUMN "learned" jsonb;