import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CONVERSATION_LIMITS,
  IMPORT_FILE_EXTENSIONS,
  type NoteListItem,
  STUDIO_API,
  STUDIO_LIMITS,
} from '#contract/studio.ts';
import {
  type ConversationCreated,
  IMPORT_FILE_TOO_LARGE_MESSAGE,
  type ImportResponse,
} from '#contract/studio-capture.ts';
import type { Capabilities } from '#contract/system.ts';
import { apiRequest } from '#web/lib/api.ts';
import { json, useInvalidateStudio } from '../api.ts';
import { docxAsText, isDocx } from './docx.ts';

export { ACCEPTED_MEDIA_INPUT as MEDIA_ACCEPT } from '#contract/studio.ts';
export { type ChunkedRecording, startChunkedRecording } from './recordings.ts';
export {
  type InterruptedUpload,
  listInterruptedUploads,
  type MediaUpload,
  startMediaUpload,
  uploadProblem,
} from './uploads.ts';

export const NOTE_TEXT_MAX = STUDIO_LIMITS.textMaxChars;
export const TRACKS_MIN = CONVERSATION_LIMITS.tracksMin;
export const TRACKS_MAX = CONVERSATION_LIMITS.tracksMax;
/** The files the server reads, and Word transcripts, read here as the text they hold (docx.ts). */
export const POSTS_ACCEPT = [...IMPORT_FILE_EXTENSIONS, 'docx'].map((ext) => `.${ext}`).join(',');

/** What this install's Studio can do with speech (GET /api/capabilities); undefined while unknown. */
const useStudioCapabilities = () =>
  useQuery({
    queryKey: ['/api/capabilities'],
    queryFn: async () => json<Capabilities>(await apiRequest('GET', '/api/capabilities')),
    staleTime: 5 * 60_000,
  }).data?.studio;

/**
 * Who will transcribe what is recorded or uploaded on this install (GET /api/capabilities):
 * 'server', 'pocketsphinx' or 'none'; undefined while unknown.
 */
export const useSpeechEngine = (): Capabilities['studio']['engine'] | undefined =>
  useStudioCapabilities()?.engine;

/** Whether the speech-to-text server tells speakers apart: a recording or upload may be marked a conversation. */
export const useCanDiarize = (): boolean => useStudioCapabilities()?.diarize === true;

/**
 * A conversation recorded one file per speaker: the note and its tracks are made first, then each
 * file goes up over tus to its track.
 */
export async function createConversation(files: File[]): Promise<ConversationCreated> {
  return json<ConversationCreated>(
    await apiRequest('POST', `${STUDIO_API}/conversations`, {
      tracks: files.map((file) => ({ filename: file.name, size: file.size })),
    }),
  );
}

export function useCreateTextNote() {
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: async (text: string) =>
      json<NoteListItem>(await apiRequest('POST', `${STUDIO_API}/notes`, { text })),
    onSuccess: invalidate,
  });
}

export function useImportLink() {
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: async (url: string) =>
      json<ImportResponse>(await apiRequest('POST', `${STUDIO_API}/imports`, { type: 'link', url })),
    onSuccess: invalidate,
  });
}

/**
 * A file of posts: its text goes up as JSON; the server picks the parser by the file's name. A Word
 * transcript goes up as the text it holds.
 */
export function useImportFile() {
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: async (file: File) => {
      if (file.size > STUDIO_LIMITS.importFileMaxBytes) throw new Error(IMPORT_FILE_TOO_LARGE_MESSAGE);
      const { filename, content } = isDocx(file.name)
        ? await docxAsText(file)
        : { filename: file.name, content: await file.text() };
      return json<ImportResponse>(
        await apiRequest('POST', `${STUDIO_API}/imports`, { type: 'file', filename, content }),
      );
    },
    onSuccess: invalidate,
  });
}
