import type { z } from 'zod';
import { isUuid } from '#contract/ids.ts';
import {
  PLATFORMS,
  type Platform,
  type PublishedResult,
  type PublishedResults,
  type ResultStatus,
  type resultsQuerySchema,
} from '#contract/publishing.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SentPart } from '../../providers/social/types.ts';
import { listResults, resultCounts } from './results.repository.ts';

/** Published results for the dashboard's 'My Voice' tab: the owner's own posts, a page at a time. */

const RESULT_OF: Record<string, ResultStatus> = {
  published: 'published',
  check: 'check',
  failed: 'failed',
  waiting_account: 'reconnect',
};

/** Only web addresses become links (a Mastodon instance is the user's choice: nothing else reaches an href). */
const webLink = (url: string) => /^https?:\/\//i.test(url);

const encodeCursor = (at: Date, id: string) => `${at.toISOString()}_${id}`;
function decodeCursor(cursor: string) {
  const [iso, id] = cursor.split('_');
  const at = new Date(iso ?? '');
  if (!id || !isUuid(id) || Number.isNaN(at.getTime())) throw badRequest('That page cursor is not valid');
  return { at, id };
}

export async function resultsOf(
  ctx: AppContext,
  owner: string,
  query: z.infer<typeof resultsQuerySchema>,
): Promise<PublishedResults> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await listResults(ctx.database.db, owner, query.limit, before);
  const page = rows.slice(0, query.limit);
  const results: PublishedResult[] = page.map(({ post, handle }) => {
    const parts = post.parts as string[];
    const first = (parts[0] ?? '').replace(/\s+/g, ' ').trim();
    return {
      id: post.id,
      platform: post.platform as Platform,
      handle,
      status: RESULT_OF[post.status]!,
      at: (post.publishedAt ?? post.scheduledAt).toISOString(),
      excerpt: first.length > 200 ? `${first.slice(0, 199)}…` : first,
      parts: parts.length,
      links: (post.sent as SentPart[]).map((s) => s.url).filter(webLink),
      error: post.status === 'published' ? null : post.error,
      draft_id: post.draftId,
    };
  });
  const last = page.at(-1);
  const counted = await resultCounts(ctx.database.db, owner);
  const counts = PLATFORMS.map((platform) => {
    const of = (status: string) =>
      counted.find((c) => c.platform === platform && c.status === status)?.count ?? 0;
    return {
      platform,
      published: of('published'),
      check: of('check'),
      failed: of('failed'),
      reconnect: of('waiting_account'),
    };
  }).filter((c) => c.published + c.check + c.failed + c.reconnect > 0);
  return {
    counts,
    results,
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.post.scheduledAt, last.post.id) : null,
  };
}
