/**
 * The bench's users of studio-voice-to-drafts: Echo's API as one signed-in user, the untimed upload
 * of a recording and the timed way from "finish" to five ready drafts.
 */
import http from 'node:http';
import { STUDIO_REFRESH_MS } from '../src/contract/studio.ts';
import { DRAFT_REFRESH_MS } from '../src/contract/studio-drafts.ts';
import { sleep } from './lib.ts';
import { CHUNK_MS, FORMATS, RECORDING_MS, type Recording } from './studio-voice-note.ts';

export const session = (owner: string, i: number) => ({
  owner,
  token: `bench-voice-to-drafts-token-${owner.replace(/[^a-z0-9]/g, '')}-${String(i).padStart(2, '0')}-0123456789abcdef`,
});

/** Echo's API as one signed-in user, on kept-alive sockets (node:http: a lean client). */
export function client(url: string, token: string, agent: http.Agent) {
  const { hostname, port } = new URL(url);
  return <T>(method: string, pathname: string, body?: unknown, raw?: Buffer) =>
    new Promise<T>((resolve, reject) => {
      const payload = raw ?? (body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
      const req = http.request(
        {
          host: hostname,
          port,
          method,
          path: pathname,
          agent,
          headers: {
            cookie: `echo_dashboard=${token}`,
            ...(payload
              ? {
                  'content-type': raw ? 'application/octet-stream' : 'application/json',
                  'content-length': payload.length,
                }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if ((res.statusCode ?? 0) >= 300)
              reject(new Error(`${method} ${pathname} answered ${res.statusCode}: ${text.slice(0, 300)}`));
            else resolve((text ? JSON.parse(text) : undefined) as T);
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}

export type Api = ReturnType<typeof client>;

/** Starts a recording and sends its chunks (untimed: a browser does this while recording). */
export async function upload(api: Api, audio: Recording): Promise<{ id: string; chunks: number }> {
  const { id } = await api<{ id: string }>('POST', '/api/studio/recordings', { mime_type: 'audio/wav' });
  const chunkBytes = Math.round((CHUNK_MS * audio.byteRate) / 1000 / 2) * 2;
  let n = 0;
  for (let at = 0; at < audio.wav.length; n++) {
    const end = n === 0 ? audio.headerBytes + chunkBytes : at + chunkBytes;
    await api('PUT', `/api/studio/recordings/${id}/chunks/${n}`, undefined, audio.wav.subarray(at, end));
    at = end;
  }
  return { id, chunks: n };
}

/**
 * From "finish" to five ready drafts, as a user of the Studio page: the page looks at the note as
 * soon as it is finished, then every STUDIO_REFRESH_MS while it is transcribing; asked for drafts,
 * it looks at them at once, then every DRAFT_REFRESH_MS while one is being written. The bench polls
 * at those same rates (the contract's constants, which the page uses), not faster: the CPU target is
 * what one note costs the server for a real user, and a client polling ten times a second made most
 * of the web process's share.
 *
 * The times are the server's, not the client's: a poll every 3 s would put up to 3 s of waiting
 * for the next look into every figure. A note's ready time is its `updated_at` as first seen ready
 * (the write that made it ready is its last change); the drafts' is the latest `updated_at` of the
 * five (set as each is stored). Both are set just before their transaction commits, so they are
 * early by its length at most. `ms` is finish to ready note plus drafts asked to five ready: the
 * user's own wait to see the note ready and ask is left out (`seenMs` keeps what the client saw).
 * `phase` is called as each phase ends (finish request, transcription, drafts request, drafts),
 * before the next starts: for the count of statements (it delays the clock, so never on a timed run).
 */
export async function finishToDrafts(
  api: Api,
  recording: { id: string; chunks: number },
  phase?: (name: Phase) => Promise<void>,
) {
  const startedAt = Date.now();
  const since = (epochMs: number) => epochMs - startedAt;
  let notePolls = 0;
  let draftPolls = 0;
  const note = await api<{ id: string }>('POST', `/api/studio/recordings/${recording.id}/finish`, {
    chunk_count: recording.chunks,
    duration_ms: RECORDING_MS,
  });
  const finishedMs = since(Date.now());
  await phase?.('finish request');
  let noteReadyMs: number;
  for (;;) {
    notePolls++;
    const seen = await api<{ status: string; status_message: string | null; updated_at: string }>(
      'GET',
      `/api/studio/notes/${note.id}`,
    );
    if (seen.status === 'ready') {
      noteReadyMs = since(Date.parse(seen.updated_at));
      break;
    }
    if (seen.status !== 'transcribing')
      throw new Error(`note ${note.id} ended ${seen.status}: ${seen.status_message}`);
    await sleep(STUDIO_REFRESH_MS);
  }
  const noteSeenMs = since(Date.now());
  await phase?.('transcription');
  const draftsAskedMs = since(Date.now());
  const { drafts } = await api<{ drafts: Array<{ id: string }> }>('POST', '/api/studio/drafts', {
    note_ids: [note.id],
    formats: FORMATS,
    engine: 'extractive',
  });
  await phase?.('drafts request');
  // As the page does (useDraftsOfNote): one request for the note's drafts per look, not one per draft.
  const waiting = new Set(drafts.map((d) => d.id));
  let draftsReadyMs = 0;
  for (;;) {
    draftPolls++;
    const seen = await api<{
      drafts: Array<{ id: string; status: string; error: string | null; updated_at: string }>;
    }>('GET', `/api/studio/drafts?note_id=${note.id}`);
    for (const draft of seen.drafts) {
      if (!waiting.has(draft.id)) continue;
      if (draft.status === 'failed') throw new Error(`draft ${draft.id} failed: ${draft.error}`);
      if (draft.status !== 'ready') continue;
      waiting.delete(draft.id);
      draftsReadyMs = Math.max(draftsReadyMs, since(Date.parse(draft.updated_at)));
    }
    if (waiting.size === 0) break;
    await sleep(DRAFT_REFRESH_MS);
  }
  const seenMs = since(Date.now());
  await phase?.('drafts');
  return {
    ms: noteReadyMs + (draftsReadyMs - draftsAskedMs),
    seenMs,
    notePolls,
    draftPolls,
    finishedMs,
    noteReadyMs,
    noteSeenMs,
    draftsAskedMs,
    draftsReadyMs,
    noteId: note.id,
    startedAt,
    draftIds: drafts.map((d) => d.id),
  };
}

/** The phases of one note whose statements are counted (the upload's come first). */
export type Phase = 'upload' | 'finish request' | 'transcription' | 'drafts request' | 'drafts';
