import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type IdeasResponse,
  IMPORT_FILE_EXTENSIONS,
  type ImportResponse,
  type NoteDetail,
  type NoteListItem,
  type NotesPage,
  type Recording,
  type SearchResponse,
  STUDIO_API,
  STUDIO_LIMITS,
  type UpdateVoiceInput,
  type Usage,
  type VoiceProfile,
} from '#contract/studio.ts';
import type { CreateDrafts, Draft, ExportType } from '#contract/studio-drafts.ts';
import { apiRequest } from '#web/lib/api.ts';

export { ACCEPTED_MEDIA_INPUT as MEDIA_ACCEPT } from '#contract/studio.ts';
// The Studio uses the dashboard's session (docs/spec/decisions.md).
export { fetchSessionEmail, signOut } from '#web/features/content-results/index.ts';
export {
  type InterruptedUpload,
  listInterruptedUploads,
  type MediaUpload,
  startMediaUpload,
  uploadProblem,
} from './capture/uploads.ts';

export const NOTE_TEXT_MAX = STUDIO_LIMITS.textMaxChars;
export const POSTS_ACCEPT = IMPORT_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',');
/** While any note is uploading or transcribing, the library (and what depends on it) refreshes this often. */
export const STUDIO_REFRESH_MS = 3_000;

const json = async <T>(res: Response) => (await res.json()) as T;

export const studioKeys = {
  all: [STUDIO_API] as const,
  notes: [STUDIO_API, 'notes'] as const,
  note: (id: string) => [STUDIO_API, 'note', id] as const,
  search: (q: string) => [STUDIO_API, 'search', q] as const,
  ideas: [STUDIO_API, 'ideas'] as const,
  voice: [STUDIO_API, 'voice'] as const,
  usage: [STUDIO_API, 'usage'] as const,
};

/** Thrown when the dashboard session is gone (401): the page goes back to the sign-in steps. */
export class SignedOutError extends Error {}

async function get<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: 'include' });
  if (res.status === 401) throw new SignedOutError('401: signed out');
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return json<T>(res);
}

/** An upload left unfinished this long (another tab, a closed browser) no longer keeps the page refreshing. */
const STALE_UPLOAD_MS = 10 * 60 * 1000;

/** A note whose status is about to change: transcribing, or uploading right now. */
export const isInProgress = (note: Pick<NoteListItem, 'status' | 'updated_at'>) =>
  note.status === 'transcribing' ||
  (note.status === 'uploading' && Date.now() - Date.parse(note.updated_at) < STALE_UPLOAD_MS);

/** The library, newest first, a page at a time; refreshed while any note is in progress. */
export function useNotes(enabled = true) {
  return useInfiniteQuery({
    queryKey: studioKeys.notes,
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      get<NotesPage>(`${STUDIO_API}/notes${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.notes.some(isInProgress)) ? STUDIO_REFRESH_MS : false,
    retry: (count, error) => !(error instanceof SignedOutError) && count < 2,
  });
}

/** One note with its sentences; refreshed while it is in progress. */
export function useNote(id: string | null) {
  return useQuery({
    queryKey: studioKeys.note(id ?? ''),
    enabled: !!id,
    queryFn: () => get<NoteDetail>(`${STUDIO_API}/notes/${encodeURIComponent(id!)}`),
    refetchInterval: (query) =>
      query.state.data && isInProgress(query.state.data) ? STUDIO_REFRESH_MS : false,
    retry: false,
  });
}

/**
 * The page's hold on the Studio cache: `refresh` after a capture that did not go through a
 * mutation here (a recording, an upload), `clear` on sign-out.
 */
export function useStudioCache() {
  const queryClient = useQueryClient();
  return {
    refresh: () => queryClient.invalidateQueries({ queryKey: studioKeys.all }),
    clear: () => queryClient.removeQueries({ queryKey: studioKeys.all }),
  };
}

/** After anything that adds, changes or removes notes: the library, ideas, voice and usage follow. */
function useInvalidateStudio() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: studioKeys.all });
}

export function useCreateTextNote() {
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: async (text: string) =>
      json<NoteListItem>(await apiRequest('POST', `${STUDIO_API}/notes`, { text })),
    onSuccess: invalidate,
  });
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: async (id: string) => apiRequest('DELETE', `${STUDIO_API}/notes/${encodeURIComponent(id)}`),
    onSuccess: (_res, id) => {
      queryClient.removeQueries({ queryKey: studioKeys.note(id) });
      return invalidate();
    },
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

/** A file of posts: its text goes up as JSON; the server picks the parser by the file's name. */
export function useImportFile() {
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: async (file: File) => {
      if (file.size > STUDIO_LIMITS.importFileMaxBytes) throw new Error('Import files can be at most 20 MB.');
      const content = await file.text();
      return json<ImportResponse>(
        await apiRequest('POST', `${STUDIO_API}/imports`, { type: 'file', filename: file.name, content }),
      );
    },
    onSuccess: invalidate,
  });
}

/** Full-text search across every note (an empty query asks nothing). */
export function useSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: studioKeys.search(query),
    enabled: query.length > 0,
    queryFn: () => get<SearchResponse>(`${STUDIO_API}/search?q=${encodeURIComponent(query)}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Themes across notes; refreshed with the library while notes are in progress. */
export function useIdeas(refreshing: boolean) {
  return useQuery({
    queryKey: studioKeys.ideas,
    queryFn: () => get<IdeasResponse>(`${STUDIO_API}/ideas`),
    refetchInterval: refreshing ? STUDIO_REFRESH_MS : false,
  });
}

export function useVoice(refreshing: boolean) {
  return useQuery({
    queryKey: studioKeys.voice,
    queryFn: () => get<VoiceProfile>(`${STUDIO_API}/voice`),
    refetchInterval: refreshing ? STUDIO_REFRESH_MS : false,
  });
}

export function useUsage() {
  return useQuery({ queryKey: studioKeys.usage, queryFn: () => get<Usage>(`${STUDIO_API}/usage`) });
}

/** Pins and bans: the answer is the whole profile, put straight into the cache. */
export function useUpdateVoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateVoiceInput) =>
      json<VoiceProfile>(await apiRequest('PUT', `${STUDIO_API}/voice`, input)),
    onSuccess: (profile) => queryClient.setQueryData(studioKeys.voice, profile),
  });
}

// ---------------------------------------------------------------- recordings sent while recording

export interface ChunkedRecording {
  /** Queues chunk `index`; it is sent (and resent until the server has it) in order. */
  send(chunk: Blob, index: number): void;
  /** Waits until every chunk is on the server, then turns the recording into a note (its id). */
  finish(durationMs: number): Promise<string>;
  /** Stops sending and deletes what the server holds. */
  discard(): void;
}

const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits `ms`, or less when the browser says it is back online. */
function waitToRetry(ms: number) {
  return new Promise<void>((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/** A failed request worth trying again: no answer at all, a time-out, rate limit or server error. */
const retryable = (error: unknown) => {
  const status = Number(error instanceof Error ? error.message.slice(0, 3) : Number.NaN);
  return !Number.isFinite(status) || status === 408 || status === 429 || status >= 500;
};

/**
 * Starts a recording on the server and returns its sender: chunks go up one at a time while the
 * microphone keeps recording; a chunk that fails for a network reason stays queued and is retried
 * (sooner when the browser comes back online), so a dropped connection loses nothing.
 */
export async function startChunkedRecording({
  mimeType,
  onProgress,
}: {
  mimeType?: string;
  /** Chunks not yet on the server, and whether the last try failed for a network reason. */
  onProgress: (unsent: number, connectionLost: boolean) => void;
}): Promise<ChunkedRecording> {
  const recording = await json<Recording>(
    await apiRequest('POST', `${STUDIO_API}/recordings`, mimeType ? { mime_type: mimeType } : {}),
  );
  const base = `${STUDIO_API}/recordings/${encodeURIComponent(recording.id)}`;
  const queue = new Map<number, Blob>();
  let highest = -1;
  let sending = false;
  let stopped = false;
  let fatal: unknown = null;
  let drained: (() => void) | null = null;

  async function pump() {
    if (sending) return;
    sending = true;
    let failures = 0;
    while (!stopped && queue.size > 0) {
      const index = Math.min(...queue.keys());
      try {
        const res = await fetch(`${base}/chunks/${index}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/octet-stream' },
          body: queue.get(index),
          credentials: 'include',
        });
        if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
        queue.delete(index);
        failures = 0;
        onProgress(queue.size, false);
      } catch (error) {
        if (!retryable(error)) {
          fatal = error;
          break;
        }
        onProgress(queue.size, true);
        await waitToRetry(RETRY_DELAYS_MS[Math.min(failures++, RETRY_DELAYS_MS.length - 1)]!);
      }
    }
    sending = false;
    if (queue.size === 0 || fatal) drained?.();
  }

  return {
    send(chunk, index) {
      if (stopped || fatal) return;
      highest = Math.max(highest, index);
      queue.set(index, chunk);
      onProgress(queue.size, false);
      void pump();
    },
    async finish(durationMs) {
      // MediaRecorder hands over its last chunk just before onstop: let the queue take it.
      await sleep(0);
      if (queue.size > 0 && !fatal)
        await new Promise<void>((resolve) => {
          drained = resolve;
          void pump();
        });
      if (fatal) throw fatal;
      if (highest < 0) throw new Error('Nothing was recorded. Check your microphone and try again.');
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await apiRequest('POST', `${base}/finish`, {
            chunk_count: highest + 1,
            duration_ms: Math.round(Math.min(durationMs, STUDIO_LIMITS.recordingMaxMs)),
          });
          const note = await json<{ id?: string; note_id?: string }>(res);
          return note.note_id ?? note.id ?? '';
        } catch (error) {
          if (!retryable(error) || attempt >= 20) throw error;
          onProgress(0, true);
          await waitToRetry(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!);
        }
      }
    },
    discard() {
      stopped = true;
      queue.clear();
      fetch(base, { method: 'DELETE', credentials: 'include' }).catch(() => {});
    },
  };
}

// ---------------------------------------------------------------- drafts (part 2)

export type CreateDraftsInput = Pick<CreateDrafts, 'note_ids' | 'formats'> & {
  engine?: CreateDrafts['engine'];
};

export const draftKeys = {
  ofNote: (noteId: string) => [STUDIO_API, 'drafts', 'note', noteId] as const,
  draft: (id: string) => [STUDIO_API, 'draft', id] as const,
};
/** While a draft is being written, it is fetched this often. */
export const DRAFT_REFRESH_MS = 1_500;
export const isWriting = (draft: Pick<Draft, 'status'>) =>
  draft.status === 'waiting' || draft.status === 'generating';
/** A draft as a file; with `clip` (from 1), that clip's captions alone, timed from its start. */
export const draftExportUrl = (id: string, as: ExportType, clip?: number) =>
  `${STUDIO_API}/drafts/${id}/export?as=${as}${clip ? `&clip=${clip}` : ''}`;
/** Clip n (from 1) of a clip-hooks draft, cut from its note's recording by the server. */
export const draftClipUrl = (id: string, n: number) => `${STUDIO_API}/drafts/${id}/clips/${n}`;

export function useDraftsOfNote(noteId: string) {
  return useQuery({
    queryKey: draftKeys.ofNote(noteId),
    queryFn: () => get<{ drafts: Draft[] }>(`${STUDIO_API}/drafts?note_id=${encodeURIComponent(noteId)}`),
    refetchInterval: (query) => (query.state.data?.drafts.some(isWriting) ? DRAFT_REFRESH_MS : false),
  });
}

export function useDraft(id: string) {
  return useQuery({
    queryKey: draftKeys.draft(id),
    queryFn: () => get<Draft>(`${STUDIO_API}/drafts/${id}`),
    refetchInterval: (query) => (query.state.data && isWriting(query.state.data) ? DRAFT_REFRESH_MS : false),
    retry: (count, error) => !(error instanceof SignedOutError) && count < 2,
  });
}

/** The notes a draft was made from (its sources), each with its sentences. */
export function useSourceNotes(ids: string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: studioKeys.note(id),
      queryFn: () => get<NoteDetail>(`${STUDIO_API}/notes/${id}`),
      retry: false,
    })),
  });
}

export function useCreateDrafts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateDraftsInput) =>
      json<{ drafts: Draft[] }>(await apiRequest('POST', `${STUDIO_API}/drafts`, input)),
    onSuccess: (_data, input) => {
      for (const id of input.note_ids) queryClient.invalidateQueries({ queryKey: draftKeys.ofNote(id) });
    },
  });
}

function useDraftMutation<T>(request: (input: T) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => json<Draft>(await request(input)),
    onSuccess: (draft) => {
      queryClient.setQueryData(draftKeys.draft(draft.id), draft);
      for (const id of draft.note_ids) queryClient.invalidateQueries({ queryKey: draftKeys.ofNote(id) });
      // A saved edit can become a written sample of the voice.
      queryClient.invalidateQueries({ queryKey: studioKeys.notes });
      queryClient.invalidateQueries({ queryKey: studioKeys.voice });
    },
  });
}

export const useSaveDraft = (id: string) =>
  useDraftMutation((input: { blocks: { id: string; text: string }[]; learn: boolean }) =>
    apiRequest('PUT', `${STUDIO_API}/drafts/${id}`, input),
  );

export const useRegenerateDraft = (id: string) =>
  useDraftMutation((blockId: string | undefined) =>
    apiRequest('POST', `${STUDIO_API}/drafts/${id}/regenerate`, blockId ? { block_id: blockId } : {}),
  );

/** The draft as plain text (for copying), as the server formats it. */
export async function fetchDraftText(id: string): Promise<string> {
  return (await apiRequest('GET', draftExportUrl(id, 'txt'))).text();
}
