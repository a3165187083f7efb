-- Every stored draft block says whose words it is (issue 27): the user's when it cites source
-- sentences, Echo's (a heading, keywords, a call to action, a closing slide) when it cites none.
-- Blocks that already have an origin keep it.
UPDATE "studio_drafts" AS d
SET "blocks" = (
  SELECT coalesce(
    jsonb_agg(
      CASE
        WHEN b ? 'origin' THEN b
        WHEN jsonb_typeof(b -> 'sources') = 'array' AND jsonb_array_length(b -> 'sources') > 0
          THEN b || '{"origin":"user"}'::jsonb
        ELSE b || '{"origin":"echo"}'::jsonb
      END
      ORDER BY t.i
    ),
    '[]'::jsonb
  )
  FROM jsonb_array_elements(d."blocks") WITH ORDINALITY AS t(b, i)
)
WHERE jsonb_typeof(d."blocks") = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(d."blocks") AS e(b) WHERE NOT (e.b ? 'origin'));
