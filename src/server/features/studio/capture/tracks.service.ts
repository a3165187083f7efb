import {
  CONVERSATION_LIMITS,
  NEEDS_STT_MESSAGE,
  STUDIO_LIMITS,
  UNSUPPORTED_MEDIA_MESSAGE,
} from '#contract/studio.ts';
import type { ConversationCreated, CreateConversationInput } from '#contract/studio-capture.ts';
import type { AppContext } from '../../../context.ts';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { ObjectNotFoundError, TUS_PREFIX } from '../../../providers/storage/index.ts';
import { mediaEngineName } from '../../transcription/index.ts';
import { queueMediaDeletion, removeQueuedMediaNow } from '../media-deletions.ts';
import { detectStoredMedia, onStorage, studioStorage } from '../media-store.ts';
import {
  countNewNotes,
  distinctLabels,
  findTrack,
  insertNote,
  insertTracks,
  settleTracks,
  type TrackRow,
  titleOfConversation,
  trackJob,
  trackLabel,
  updateTrack,
} from '../notes/index.ts';
import { withinQuota } from './quota.ts';

/**
 * A conversation recorded one file per speaker (decision 023): `POST /conversations` makes the note
 * (uploading) and a track per file, the files' sizes reserved against the quota at once; each file
 * then goes up through the same tus endpoint as any upload, with the metadata `track`. A finished
 * track is checked by content and queued for transcription (notes/tracks-job.ts); a file that is
 * not media fails its track alone. The note is transcribing once no track is uploading.
 */

export async function createConversation(
  ctx: AppContext,
  owner: string,
  input: CreateConversationInput,
): Promise<ConversationCreated> {
  if (mediaEngineName(ctx.config) === null) throw new AppError('unavailable', NEEDS_STT_MESSAGE);
  const labels = distinctLabels(
    input.tracks.map((t) => trackLabel(t.filename, CONVERSATION_LIMITS.labelMaxChars)),
  );
  const bytes = input.tracks.reduce((sum, t) => sum + t.size, 0);
  await countNewNotes(ctx, owner, 1);
  return withinQuota(ctx, owner, bytes, async (tx) => {
    const note = await insertNote(tx.db, {
      ownerEmail: owner,
      kind: 'voice',
      register: 'spoken',
      status: 'uploading',
      title: input.title || titleOfConversation(labels).slice(0, STUDIO_LIMITS.titleMaxChars),
      // The tracks' bytes count against the quota as the note's.
      mediaBytes: bytes,
    });
    const tracks = await insertTracks(
      tx.db,
      input.tracks.map((t, position) => ({
        noteId: note.id,
        position,
        label: labels[position]!,
        mediaBytes: t.size,
      })),
    );
    return { note_id: note.id, tracks: tracks.map((t) => ({ id: t.id, label: t.label })) };
  });
}

/** The owner's track still waiting for its file, else a 404 / 409. */
async function trackToUpload(ctx: AppContext, owner: string, trackId: string) {
  const track = await findTrack(ctx.database.db, { id: trackId });
  if (!track || track.ownerEmail !== owner) throw notFound('This track was not found.');
  if (track.status !== 'uploading') throw conflict('This track has been uploaded already.');
  return track;
}

/**
 * tus creation of a track's file: its size must be the one announced; the track takes the upload
 * (a creation tried again replaces the upload that never received its bytes).
 */
export async function createTrackUpload(
  ctx: AppContext,
  owner: string,
  trackId: string,
  upload: { id: string; size?: number; metadata?: Record<string, string | null> | undefined },
): Promise<void> {
  const track = await trackToUpload(ctx, owner, trackId);
  if (upload.size !== track.mediaBytes)
    throw badRequest(
      `This track's file is ${track.mediaBytes} bytes; send Upload-Length: ${track.mediaBytes}.`,
    );
  const keys = await ctx.database.transaction(async (tx) => {
    const updated = await updateTrack(
      tx.db,
      track.id,
      {
        uploadId: upload.id.slice(TUS_PREFIX.length),
        mediaPath: upload.id,
        mediaMime: upload.metadata?.filetype ?? null,
      },
      ['uploading'],
    );
    if (!updated) throw conflict('This track has been uploaded already.');
    return track.mediaPath && track.mediaPath !== upload.id
      ? queueMediaDeletion(ctx.jobs, tx, { keys: [track.mediaPath] })
      : [];
  });
  await removeQueuedMediaNow(ctx, keys);
}

/** The track an upload is the file of (by the upload's id), when it is one. */
export const trackOfUpload = (ctx: AppContext, uploadId: string) =>
  /^[0-9a-f-]{36}$/.test(uploadId) ? findTrack(ctx.database.db, { uploadId }) : Promise.resolve(undefined);

/** A track's status changed in the transaction: it may settle the last track or start the note transcribing. */
async function trackChanged(
  ctx: AppContext,
  track: TrackRow,
  values: Partial<TrackRow>,
  removeKey: string | null,
): Promise<boolean> {
  const keys = await ctx.database.transaction(async (tx) => {
    if (!(await updateTrack(tx.db, track.id, values, ['uploading']))) return null;
    if (values.status === 'transcribing') await ctx.jobs.enqueue(tx, trackJob, { trackId: track.id });
    await settleTracks(ctx.jobs, tx, track.noteId);
    return removeKey ? queueMediaDeletion(ctx.jobs, tx, { keys: [removeKey] }) : [];
  });
  if (keys) await removeQueuedMediaNow(ctx, keys);
  return keys !== null;
}

/** A track's file that is not audio or video: its track fails (and the file goes), the others still land. */
export async function refuseTrack(ctx: AppContext, track: TrackRow): Promise<never> {
  await trackChanged(
    ctx,
    track,
    { status: 'failed', statusMessage: UNSUPPORTED_MEDIA_MESSAGE },
    track.mediaPath,
  );
  throw new AppError('unsupported_media_type', UNSUPPORTED_MEDIA_MESSAGE);
}

/** A track's file complete: checked by content, then queued for transcription (else refused). */
export async function finishTrackUpload(ctx: AppContext, track: TrackRow, bytes: number): Promise<void> {
  const key = track.mediaPath ?? `${TUS_PREFIX}${track.uploadId}`;
  const media = await onStorage(ctx.config, () =>
    detectStoredMedia(studioStorage(ctx.config), key, track.mediaMime).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError) return null;
      throw error;
    }),
  );
  if (!media) await refuseTrack(ctx, track);
  else
    await trackChanged(
      ctx,
      track,
      { status: 'transcribing', mediaMime: media.mime, mediaBytes: bytes },
      null,
    );
}

/** tus's own finish of a track's upload (the last PATCH on local disk): the note it belongs to, or null. */
export async function finishedTrack(
  ctx: AppContext,
  uploadId: string,
  bytes: number,
): Promise<{ noteId: string } | null> {
  const track = await trackOfUpload(ctx, uploadId);
  if (!track) return null;
  if (track.status === 'uploading') await finishTrackUpload(ctx, track, bytes);
  return { noteId: track.noteId };
}

/**
 * A request for an existing upload that is a track's: the owner's own (404 otherwise); a DELETE
 * while it uploads fails the track (the others still land). Null when the upload is no track's.
 */
export async function checkTrackRequest(
  ctx: AppContext,
  owner: string,
  uploadId: string,
  method: string,
): Promise<'terminated' | 'continue' | null> {
  const track = await trackOfUpload(ctx, uploadId);
  if (!track) return null;
  if (track.ownerEmail !== owner) throw notFound('Upload not found');
  if (method !== 'DELETE') return 'continue';
  if (track.status !== 'uploading') throw conflict('This upload has finished; delete the note instead.');
  await trackChanged(
    ctx,
    track,
    { status: 'failed', statusMessage: 'The upload was cancelled.' },
    track.mediaPath,
  );
  return 'terminated';
}
