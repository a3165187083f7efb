import { createHash } from 'node:crypto';
import { CONTENT_PLATFORM_KEYS, LINK_HOST_MESSAGE } from '#contract/content-results.ts';
import { checkMediaUrl } from '#contract/social-urls.ts';
import { STUDIO_LIMITS } from '#contract/studio.ts';
import type { ImportRequest, ImportResponse } from '#contract/studio-capture.ts';
import type { AppContext } from '../../../context.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { loopSlices } from '../../../lib/event-loop.ts';
import { type Analysis, analyseOffThread, cleanText } from '../engine/index.ts';
import {
  assertTextQuota,
  countNewNotes,
  insertNote,
  insertNotesSkippingDuplicates,
  insertSentences,
  insertSpeakers,
  joinTurns,
  type NewNote,
  queueProfile,
  speakTurns,
  titleFrom,
  titleOfConversation,
  transcribeJob,
  withOwnerLock,
} from '../notes/index.ts';
import { ImportFormatError, importFormatOf, parseImportFile, TooManyPostsError } from './import-parsers.ts';
import {
  parseCaptionTranscript,
  parseTextTranscript,
  TooManySpeakersError,
  type Transcript,
} from './transcripts.ts';

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

/**
 * A transcript as one note, read as speech (decision 023): with two or more speakers a
 * conversation, each sentence carrying its turn's speaker and the owner's own words (a label they
 * said was them before) the only ones its stats and key phrases read; with none, the owner's own
 * words (captions of their video). Times come from the cues when the file gives them.
 */
async function importTranscript(
  ctx: AppContext,
  owner: string,
  format: 'text' | 'vtt' | 'srt',
  transcript: Transcript & { title?: string | null },
): Promise<ImportResponse> {
  const conversation = transcript.speakers.length >= 2;
  const joined = joinTurns(transcript.turns, STUDIO_LIMITS.textMaxChars);
  const { text } = joined;
  if (!text.trim()) throw badRequest('This transcript has no words to import.');
  if (text.length > STUDIO_LIMITS.textMaxChars)
    throw badRequest(
      `This transcript is longer than ${STUDIO_LIMITS.textMaxChars.toLocaleString('en-US')} characters; split it into parts.`,
    );
  await assertTextQuota(ctx, owner, text.length);
  await countNewNotes(ctx, owner, 1);
  const { speakers, analysis, sentences, own, names } = await speakTurns(
    ctx,
    owner,
    joined,
    conversation ? transcript.speakers : [],
  );
  const hash = hashOf(text);
  const ids = await withOwnerLock(ctx, owner, async (tx) => {
    await assertTextQuota(ctx, owner, text.length, 0, tx.db);
    const inserted = await insertNotesSkippingDuplicates(tx.db, owner, [
      {
        ownerEmail: owner,
        kind: 'text',
        register: 'spoken',
        status: 'ready',
        title:
          transcript.title?.slice(0, STUDIO_LIMITS.titleMaxChars) ||
          (conversation ? titleOfConversation(names) : titleFrom(text, 'Imported transcript')),
        text,
        wordCount: analysis.wordCount,
        stats: own.stats,
        keyPhrases: own.keyPhrases,
        contentHash: hash,
      },
    ]);
    for (const { id } of inserted) {
      await insertSpeakers(tx.db, id, speakers);
      await insertSentences(
        tx.db,
        sentences.map((s) => ({ ...s, noteId: id })),
      );
      await queueProfile(ctx.jobs, tx, owner);
    }
    return inserted.map((r) => r.id);
  });
  return {
    format: conversation ? 'transcript' : format,
    imported: ids.length,
    skipped: 1 - ids.length,
    note_ids: ids,
  };
}

/**
 * A file of the user's own posts: each post becomes a ready, written note of kind post. A
 * transcript naming two or more speakers (a .txt of `Name:` turns, captions) is one conversation
 * note instead, and captions without names one note of the owner's words.
 */
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
      "Import LinkedIn's Shares.csv, an X archive's tweets.js, a .txt, .md or .csv file of your posts, or a transcript (.txt, .vtt, .srt).",
    );
  let posts: Awaited<ReturnType<typeof parseImportFile>>;
  try {
    const cleaned = await cleanInSlices(content);
    if (format === 'vtt' || format === 'srt')
      return await importTranscript(ctx, owner, format, await parseCaptionTranscript(cleaned, format));
    const transcript = format === 'text' ? await parseTextTranscript(cleaned) : null;
    if (transcript) return await importTranscript(ctx, owner, 'text', transcript);
    posts = await parseImportFile(format, cleaned, IMPORT_MAX_POSTS);
  } catch (error) {
    if (error instanceof TooManySpeakersError) throw badRequest(`${filename}: ${error.message}`);
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
    // Every new note's sentences in the same few statements, not a delete and an insert per note.
    await insertSentences(
      tx.db,
      inserted.flatMap(({ id, hash }) => (byHash.get(hash) ?? []).map((s) => ({ ...s, noteId: id }))),
    );
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
