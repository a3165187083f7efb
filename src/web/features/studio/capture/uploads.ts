import * as tus from 'tus-js-client';
import {
  ACCEPTED_MEDIA_EXTENSIONS,
  STUDIO_LIMITS,
  UNSUPPORTED_MEDIA_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
} from '#contract/studio.ts';
import { STUDIO_NOTE_ID_HEADER, STUDIO_UPLOADS_PATH } from '#contract/studio-capture.ts';

// Audio and video uploads over tus (resumable): the part of the Studio's API that is not JSON.

/** Why a file cannot be uploaded (checked again, by content, on the server), or null. */
export function uploadProblem(file: File): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = /^(audio|video)\//.test(file.type);
  if (!typeOk && !(ACCEPTED_MEDIA_EXTENSIONS as readonly string[]).includes(ext))
    return UNSUPPORTED_MEDIA_MESSAGE;
  if (file.size > STUDIO_LIMITS.uploadMaxBytes) return UPLOAD_TOO_LARGE_MESSAGE;
  if (file.size === 0) return 'This file is empty.';
  return null;
}

export interface MediaUpload {
  /** Stops sending; the upload can be resumed later by choosing the same file. */
  pause(): void;
  /** Stops and deletes what the server holds. */
  cancel(): void;
}

/** Waits between retries: a dropped connection is retried for about two minutes before giving up. */
const RETRY_DELAYS_MS = [0, 1_000, 2_000, 3_000, 5_000, 10_000, 10_000, 20_000, 20_000, 30_000, 30_000];
/** Each PATCH carries at most this much, so progress after a drop resumes from the last chunk. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** The server's JSON `{ message }` of a refused upload, or a general sentence. */
function messageOf(error: Error): string {
  const body = (error as tus.DetailedError).originalResponse?.getBody();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    } catch {
      if (body.length < 300) return body;
    }
  }
  return 'The upload could not be finished. Check your connection and try again.';
}

/**
 * Uploads a file with tus: progress as bytes are accepted, automatic retries after a dropped
 * connection, and a fingerprint kept in local storage so that choosing the same file after a
 * reload continues where it stopped. The note the upload becomes is named by a response header.
 */
export function startMediaUpload(
  file: File,
  handlers: {
    onProgress: (sent: number, total: number) => void;
    /** A request failed for a network reason and will be tried again. */
    onRetry: () => void;
    onSuccess: (noteId: string | null) => void;
    onError: (message: string) => void;
  },
  /**
   * `conversation`: several speakers, for the diarizing model. `track`: the file of a track of a
   * conversation uploaded one file per speaker (not resumed from an earlier upload of the same
   * file, which was another note's).
   */
  options: { conversation?: boolean; track?: string } = {},
): MediaUpload {
  let noteId: string | null = null;
  const upload = new tus.Upload(file, {
    endpoint: STUDIO_UPLOADS_PATH,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    storeFingerprintForResuming: !options.track,
    removeFingerprintOnSuccess: true,
    metadata: {
      filename: file.name,
      filetype: file.type || 'application/octet-stream',
      ...(options.conversation ? { conversation: '1' } : {}),
      ...(options.track ? { track: options.track } : {}),
    },
    onAfterResponse: (_req, res) => {
      noteId = res.getHeader(STUDIO_NOTE_ID_HEADER) || noteId;
    },
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      const retry = status === 0 || status === 408 || status === 409 || status === 423 || status >= 500;
      if (retry) handlers.onRetry();
      return retry;
    },
    onProgress: (sent, total) => handlers.onProgress(sent, total),
    onSuccess: () => handlers.onSuccess(noteId),
    onError: (error) => handlers.onError(messageOf(error)),
  });
  if (options.track) upload.start();
  else
    upload.findPreviousUploads().then(
      (previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      },
      () => upload.start(),
    );
  return {
    pause: () => void upload.abort(false),
    cancel: () => void upload.abort(true).catch(() => {}),
  };
}

export interface InterruptedUpload {
  key: string;
  name: string;
  size: number | null;
}

/** Uploads started in this browser and never finished (they resume when the same file is chosen). */
export async function listInterruptedUploads(): Promise<InterruptedUpload[]> {
  if (!tus.canStoreURLs) return [];
  const previous = await tus.defaultOptions.urlStorage.findAllUploads();
  return previous
    .filter((upload) => upload.uploadUrl?.includes(STUDIO_UPLOADS_PATH))
    .map((upload) => ({
      key: upload.urlStorageKey,
      name: upload.metadata.filename ?? 'A file',
      size: upload.size,
    }));
}
