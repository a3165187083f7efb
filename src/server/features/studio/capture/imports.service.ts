import { createHash } from 'node:crypto';
import { CONTENT_PLATFORM_KEYS, LINK_HOST_MESSAGE } from '#contract/content-results.ts';
import { checkMediaUrl } from '#contract/social-urls.ts';
import { type ImportRequest, type ImportResponse, STUDIO_LIMITS } from '#contract/studio.ts';
import type { AppContext } from '../../../context.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { loopSlices } from '../../../lib/event-loop.ts';
import { type Analysis, analyseOffThread, cleanText } from '../engine/index.ts';
import {
  assertTextQuota,
  countNewNotes,
  insertNote,
  insertNotesSkippingDuplicates,
  type NewNote,
  queueProfile,
  replaceSentences,
  titleFrom,
  transcribeJob,
  withOwnerLock,
} from '../notes/index.ts';
import { ImportFormatError, importFormatOf, parseImportFile, TooManyPostsError } from './import-parsers.ts';

/** Posts one import may bring (a decade of daily posting is about 4,000). */
export const IMPORT_MAX_POSTS = 20_000;

const hashOf = (text: string) =>
  createHash('sha256').update(text.replace(/\s+/g, ' ').trim().toLowerCase()).digest('hex');

/** A TikTok, Instagram, YouTube or Facebook link: a video note transcribed by the existing pipeline. */
async function importLink(ctx: AppContext, owner: string, url: string): Promise<ImportResponse> {
  const checked = checkMediaUrl(url, Object.values(CONTENT_PLATFORM_KEYS), LINK_HOST_MESSAGE);
  if (!checked.ok) throw badRequest(checked.message);
  await countNewNotes(ctx, owner, 1);
  const note = await ctx.database.transaction(async (tx) => {
    const row = await insertNote(tx.db, {
      ownerEmail: owner,
      kind: 'video',
      register: 'spoken',
      status: 'transcribing',
      title: `Video from ${new URL(checked.url).hostname.replace(/^www\./, '')}`,
      sourceUrl: checked.url,
    });
    await ctx.jobs.enqueue(tx, transcribeJob, { noteId: row.id });
    return row;
  });
  return { format: 'link', imported: 1, skipped: 0, note_ids: [note.id] };
}

/** Characters cleaned between two checks of the slice's time. */
const CLEAN_CHUNK_CHARS = 256 * 1024;

/** cleanText over a whole file, a chunk per turn of the event loop (a CRLF is never split). */
async function cleanInSlices(content: string): Promise<string> {
  const slice = loopSlices();
  const pieces: string[] = [];
  for (let at = 0; at < content.length; ) {
    let end = Math.min(content.length, at + CLEAN_CHUNK_CHARS);
    if (content.charCodeAt(end - 1) === 0x0d) end++;
    pieces.push(cleanText(content.slice(at, end)));
    at = end;
    await slice();
  }
  return pieces.join('');
}

/** A file of the user's own posts: each post becomes a ready, written note of kind post. */
async function importFile(
  ctx: AppContext,
  owner: string,
  filename: string,
  content: string,
): Promise<ImportResponse> {
  const format = importFormatOf(filename);
  if (!format)
    throw new AppError(
      'unsupported_media_type',
      "Import LinkedIn's Shares.csv, an X archive's tweets.js, or a .txt, .md or .csv file of your posts.",
    );
  let posts: Awaited<ReturnType<typeof parseImportFile>>;
  try {
    posts = await parseImportFile(format, await cleanInSlices(content), IMPORT_MAX_POSTS);
  } catch (error) {
    if (error instanceof ImportFormatError)
      throw badRequest(`${filename}: ${error.message}`, 'malformed_request');
    if (error instanceof TooManyPostsError)
      throw badRequest(
        `This file has more than ${IMPORT_MAX_POSTS.toLocaleString('en-US')} posts; import at most ${IMPORT_MAX_POSTS.toLocaleString('en-US')} at a time.`,
      );
    throw error;
  }
  const seen = new Set<string>();
  const values: Array<NewNote & { sentences: Analysis['sentences'] }> = [];
  let skipped = 0;
  const kept: Array<{ post: (typeof posts)[number]; text: string; hash: string }> = [];
  const slice = loopSlices();
  for (const post of posts) {
    await slice();
    const text = cleanText(post.text).slice(0, STUDIO_LIMITS.textMaxChars);
    const hash = hashOf(text);
    if (!text || seen.has(hash)) {
      skipped++;
      continue;
    }
    seen.add(hash);
    kept.push({ post, text, hash });
  }
  await assertTextQuota(
    ctx,
    owner,
    kept.reduce((sum, k) => sum + k.text.length, 0),
  );
  await countNewNotes(ctx, owner, kept.length);
  // Every post in one task on the analysis threads (never on the event loop).
  const analyses = await analyseOffThread(
    ctx.config.studio.analysis,
    kept.map(({ text }) => ({ text, register: 'written' as const })),
  );
  for (const [i, { post, text, hash }] of kept.entries()) {
    const analysis = analyses[i]!;
    values.push({
      ownerEmail: owner,
      kind: 'post',
      register: 'written',
      status: 'ready',
      title: titleFrom(text, 'Imported post'),
      text,
      wordCount: analysis.wordCount,
      stats: analysis.stats,
      keyPhrases: analysis.keyPhrases,
      figures: analysis.figures,
      sourceUrl: post.url,
      contentHash: hash,
      ...(post.date ? { createdAt: post.date, updatedAt: new Date() } : {}),
      sentences: analysis.sentences,
    });
  }
  const ids = await withOwnerLock(ctx, owner, async (tx) => {
    await assertTextQuota(
      ctx,
      owner,
      values.reduce((sum, v) => sum + (v.text?.length ?? 0), 0),
      0,
      tx.db,
    );
    const rows = values.map(({ sentences: _sentences, ...row }) => row);
    const inserted = await insertNotesSkippingDuplicates(tx.db, owner, rows);
    const byHash = new Map(values.map((v) => [v.contentHash ?? null, v.sentences]));
    for (const { id, hash } of inserted) await replaceSentences(tx.db, id, byHash.get(hash) ?? []);
    if (inserted.length) await queueProfile(ctx.jobs, tx, owner);
    return inserted.map((r) => r.id);
  });
  return { format, imported: ids.length, skipped: skipped + (values.length - ids.length), note_ids: ids };
}

export async function importForOwner(
  ctx: AppContext,
  owner: string,
  input: ImportRequest,
): Promise<ImportResponse> {
  return input.type === 'link'
    ? importLink(ctx, owner, input.url)
    : importFile(ctx, owner, input.filename, input.content);
}
