/**
 * The bench's users of studio-voice-to-drafts: Echo's API as one signed-in user, the untimed upload
 * of a recording and the timed way from "finish" to five ready drafts.
 */
import http from 'node:http';
import { sleep } from './lib.ts';
import { CHUNK_MS, FORMATS, RECORDING_MS, type Recording } from './studio-voice-note.ts';

export const POLL_MS = 100;

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
 * From "finish" to five ready drafts, as the Studio page sees it: ms, and the note's id. `phase` is
 * called as each phase ends (finish request, transcription, drafts request, drafts), before the
 * next starts: for the count of statements (it delays the clock, so never on a timed run).
 */
export async function finishToDrafts(
  api: Api,
  recording: { id: string; chunks: number },
  phase?: (name: Phase) => Promise<void>,
) {
  const started = performance.now();
  let notePolls = 0;
  let draftPolls = 0;
  const note = await api<{ id: string }>('POST', `/api/studio/recordings/${recording.id}/finish`, {
    chunk_count: recording.chunks,
    duration_ms: RECORDING_MS,
  });
  const finishedMs = performance.now() - started;
  await phase?.('finish request');
  for (;;) {
    notePolls++;
    const { status, status_message } = await api<{ status: string; status_message: string | null }>(
      'GET',
      `/api/studio/notes/${note.id}`,
    );
    if (status === 'ready') break;
    if (status !== 'transcribing') throw new Error(`note ${note.id} ended ${status}: ${status_message}`);
    await sleep(POLL_MS);
  }
  const noteReady = performance.now() - started;
  const startedAt = Date.now() - (performance.now() - started);
  await phase?.('transcription');
  const { drafts } = await api<{ drafts: Array<{ id: string }> }>('POST', '/api/studio/drafts', {
    note_ids: [note.id],
    formats: FORMATS,
    engine: 'extractive',
  });
  await phase?.('drafts request');
  // As the page does (useDraftsOfNote): one request for the note's drafts per look, not one per draft.
  const waiting = new Set(drafts.map((d) => d.id));
  while (waiting.size > 0) {
    await sleep(POLL_MS);
    draftPolls++;
    const seen = await api<{ drafts: Array<{ id: string; status: string; error: string | null }> }>(
      'GET',
      `/api/studio/drafts?note_id=${note.id}`,
    );
    for (const draft of seen.drafts) {
      if (!waiting.has(draft.id)) continue;
      if (draft.status === 'failed') throw new Error(`draft ${draft.id} failed: ${draft.error}`);
      if (draft.status === 'ready') waiting.delete(draft.id);
    }
  }
  await phase?.('drafts');
  return {
    ms: performance.now() - started,
    notePolls,
    draftPolls,
    finishedMs,
    noteReadyMs: noteReady,
    noteId: note.id,
    startedAt,
    draftIds: drafts.map((d) => d.id),
  };
}

/** The phases of one note whose statements are counted (the upload's come first). */
export type Phase = 'upload' | 'finish request' | 'transcription' | 'drafts request' | 'drafts';
