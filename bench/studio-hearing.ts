/**
 * From Stop to a ready note, with each engine that can transcribe a Studio recording:
 * the speech-to-text server (the tests' fake OpenAI-compatible one, so the figure is Echo's own
 * overhead: ffmpeg pieces, the request, sentences, search), PocketSphinx (offline, on this machine's
 * CPU) and the browser's own transcript sent with the recording. Each turn records the same five
 * sentences of synthetic speech (espeak-ng, about 19 s) in two chunks, then times the finish request
 * until the note is ready. Informational: it depends on the load.
 */
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { FakeOpenAi } from '../tests/support/fake-openai.ts';
import { speak } from '../tests/support/speech.ts';
import { log, withEchoDatabase } from './lib.ts';
import { BENCH_SENTENCES } from './pocketsphinx.ts';
import type { BenchResult } from './types.ts';

const OWNER = 'hearing@bench.test';
const TOKEN = 'bench-studio-hearing-token-0123456789abcdefghij';
const ENGINES = ['server', 'pocketsphinx', 'browser'] as const;
type Engine = (typeof ENGINES)[number];

async function recordAndWait(
  url: string,
  wav: Buffer,
  transcript: unknown[] | undefined,
): Promise<{ ms: number; engine: string | null }> {
  const headers = { cookie: `echo_dashboard=${TOKEN}` };
  const json = { ...headers, 'content-type': 'application/json' };
  const started = await fetch(`${url}/api/studio/recordings`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ mime_type: 'audio/wav' }),
  });
  if (started.status !== 201) throw new Error(`starting a recording answered ${started.status}`);
  const { id } = (await started.json()) as { id: string };
  const half = Math.ceil(wav.length / 2);
  for (const [n, part] of [wav.subarray(0, half), wav.subarray(half)].entries()) {
    const res = await fetch(`${url}/api/studio/recordings/${id}/chunks/${n}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: new Blob([new Uint8Array(part)]),
    });
    if (res.status !== 200) throw new Error(`chunk ${n} answered ${res.status}`);
  }
  const t0 = performance.now();
  const finished = await fetch(`${url}/api/studio/recordings/${id}/finish`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ chunk_count: 2, ...(transcript ? { transcript } : {}) }),
  });
  if (finished.status !== 201)
    throw new Error(`finishing answered ${finished.status}: ${await finished.text()}`);
  const { id: noteId } = (await finished.json()) as { id: string };
  for (;;) {
    const note = (await (await fetch(`${url}/api/studio/notes/${noteId}`, { headers })).json()) as {
      status: string;
      status_message: string | null;
      transcript_engine: string | null;
    };
    if (note.status === 'ready') return { ms: performance.now() - t0, engine: note.transcript_engine };
    if (note.status !== 'transcribing')
      throw new Error(`the note ended ${note.status}: ${note.status_message}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function run(): Promise<BenchResult[]> {
  const stt = await new FakeOpenAi().start();
  stt.transcriptionText = BENCH_SENTENCES.join(' ');
  const audio = await speak('espeak-ng', BENCH_SENTENCES, 800);
  try {
    return await withEchoDatabase('hearing', [{ token: TOKEN, owner: OWNER }], async (bench) => {
      const wav = await readFile(audio.file);
      // What a browser would have heard: each sentence where it was said.
      const heard = audio.sentences.map((s) => ({
        start_ms: Math.round(s.startMs),
        end_ms: Math.round(s.endMs),
        text: s.text,
      }));
      const env: Record<Engine, Record<string, string>> = {
        server: { STT_BASE_URL: stt.baseUrl, STT_MODEL: 'whisper-bench' },
        pocketsphinx: {},
        browser: { POCKETSPHINX_PATH: '/nonexistent/pocketsphinx_continuous' },
      };
      const results: BenchResult[] = [];
      for (const engine of ENGINES) {
        const server = await bench.startEcho(env[engine], { label: engine });
        try {
          const turn = await recordAndWait(server.url, wav, engine === 'browser' ? heard : undefined);
          if (turn.engine !== engine)
            throw new Error(`${engine}: the note was transcribed by ${turn.engine}`);
          log(
            `${engine}: ready ${Math.round(turn.ms)} ms after Stop (${(audio.durationMs / 1000).toFixed(1)} s of audio)`,
          );
          results.push({
            name: `Studio recording (${(audio.durationMs / 1000).toFixed(0)} s), Stop to ready note: ${engine}`,
            value: Math.round(turn.ms),
            unit: 'ms',
            target: 'info (depends on the load)',
            met: null,
          });
        } finally {
          await server.stop();
        }
      }
      return results;
    });
  } finally {
    await stt.stop().catch(() => {});
    await audio.remove();
  }
}
