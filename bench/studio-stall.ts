/**
 * The rule "no request holds the event loop longer than about 50 ms" per Studio text path: the real
 * Echo server (child process, ROLE=all, bench/loop-lag.ts loaded) while one owner sends the hostile
 * input of each path, the longest hold of its event loop (perf_hooks.monitorEventLoopDelay's max)
 * reported beside the same path with ordinary English of the same length (State of the Union
 * addresses). Paths: a note created (200,000 characters), a sentence corrected in such a note, a
 * clip-hooks draft's captions exported (SRT and WebVTT, every clip and one, of a 120,000-character
 * note). The hostile note is the one that made ranking quadratic: every word in exactly a quarter of
 * the sentences. Target: each path's hold under 50 ms plus the ordinary baseline's (what any note of
 * that length costs: its rows stored, its answer written).
 */
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { STUDIO_LIMITS } from '../src/contract/studio.ts';
import { quarterStems } from '../tests/support/hostile-text.ts';
import { loadSotu } from '../tests/support/sotu.ts';
import { type EchoBench, log, readLag, type ServerProcess, sleep, withEchoDatabase } from './lib.ts';
import type { BenchResult } from './types.ts';

const OWNER = 'stall@bench.test';
const TOKEN = 'bench-studio-stall-token-0123456789abcdefghijklmn';
const RULE_MS = 50;
const MAX = STUDIO_LIMITS.textMaxChars;

function client(url: string) {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true });
  const call = (method: string, pathname: string, body?: unknown) =>
    new Promise<{ status: number; json: () => unknown }>((resolve, reject) => {
      const req = http.request(
        {
          host: hostname,
          port,
          method,
          path: pathname,
          agent,
          headers: {
            cookie: `echo_dashboard=${TOKEN}`,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) });
          });
        },
      );
      req.on('error', reject);
      req.end(body !== undefined ? JSON.stringify(body) : undefined);
    });
  return { call, close: () => agent.destroy() };
}

type Call = ReturnType<typeof client>['call'];
interface Note {
  id: string;
  sentences: Array<{ id: string }>;
}

export async function run(): Promise<BenchResult[]> {
  return withEchoDatabase('studio-stall', [{ token: TOKEN, owner: OWNER }], async (bench: EchoBench) => {
    const lagFile = path.join(bench.dir, 'lag.json');
    const server: ServerProcess = await bench.startEcho(
      { BENCH_LOOP_LAG_FILE: lagFile, STUDIO_NOTES_PER_DAY: '1000', STUDIO_EXPORTS_PER_MINUTE: '1000' },
      { label: 'echo', nodeArgs: ['--import', './bench/loop-lag.ts'] },
    );
    const db = new pg.Client({ connectionString: bench.databaseUrl });
    await db.connect();
    const { call, close } = client(server.url);
    let seq = 0;
    /** The longest hold of the server's loop while `work` runs (jobs it started included). */
    const holdDuring = async (work: () => Promise<unknown>) => {
      seq = (await readLag(server, lagFile, seq)).seq;
      await work();
      const lag = await readLag(server, lagFile, seq);
      seq = lag.seq;
      return lag.max;
    };
    const timedNote = async (text: string): Promise<Note> => {
      const res = await call('POST', '/api/studio/notes', { text });
      if (res.status !== 201) throw new Error(`POST /api/studio/notes answered ${res.status}`);
      const note = res.json() as Note;
      await db.query(
        'update studio_note_sentences set start_ms = position * 1500, end_ms = position * 1500 + 1400 where note_id = $1',
        [note.id],
      );
      return note;
    };
    const clipsDraft = async (note: Note): Promise<string> => {
      const res = await call('POST', '/api/studio/drafts', { note_ids: [note.id], formats: ['clips'] });
      const id = (res.json() as { drafts: Array<{ id: string }> }).drafts[0]!.id;
      for (let tries = 0; tries < 600; tries++) {
        const status = ((await call('GET', `/api/studio/drafts/${id}`)).json() as { status: string }).status;
        if (status === 'ready') return id;
        if (status === 'failed') throw new Error('the clip-hooks draft failed');
        await sleep(200);
      }
      throw new Error('the clip-hooks draft was not ready in 2 minutes');
    };
    const exportAll = (call: Call, id: string) => async () => {
      for (const query of ['as=srt', 'as=vtt', 'as=srt&clip=1', 'as=vtt&clip=2']) {
        const res = await call('GET', `/api/studio/drafts/${id}/export?${query}`);
        if (res.status !== 200) throw new Error(`export ${query} answered ${res.status}`);
      }
    };
    try {
      const ordinary = loadSotu()
        .map((a) => a.text)
        .join('\n\n')
        .slice(0, MAX);
      await call('POST', '/api/studio/notes', { text: 'Warm up the analysis thread. It works.' });
      const paths: Array<{ name: string; ordinary: () => Promise<number>; hostile: () => Promise<number> }> =
        [
          {
            name: 'POST /api/studio/notes, 200,000 characters',
            ordinary: () => holdDuring(() => timedNote(ordinary)),
            hostile: () => holdDuring(() => timedNote(quarterStems(MAX))),
          },
          {
            name: 'PATCH a sentence of a 200,000-character note',
            ordinary: async () => {
              const note = await timedNote(ordinary);
              const s = note.sentences[Math.floor(note.sentences.length / 2)]!;
              return holdDuring(() =>
                call('PATCH', `/api/studio/notes/${note.id}/sentences/${s.id}`, {
                  text: 'We said this instead.',
                }),
              );
            },
            hostile: async () => {
              const note = await timedNote(quarterStems(MAX));
              const s = note.sentences[Math.floor(note.sentences.length / 2)]!;
              return holdDuring(() =>
                call('PATCH', `/api/studio/notes/${note.id}/sentences/${s.id}`, {
                  text: 'alpha bravo charlie delta echoes foxtrot golfer hotel indigo juliet.',
                }),
              );
            },
          },
          {
            name: 'GET a clip-hooks draft as captions (SRT, WebVTT), 120,000 characters',
            ordinary: async () =>
              holdDuring(exportAll(call, await clipsDraft(await timedNote(ordinary.slice(0, 120_000))))),
            hostile: async () =>
              holdDuring(exportAll(call, await clipsDraft(await timedNote(quarterStems(120_000))))),
          },
        ];
      const results: BenchResult[] = [];
      for (const p of paths) {
        const baseline = await p.ordinary();
        const value = await p.hostile();
        log(`studio-stall: ${p.name}: hostile ${value.toFixed(0)} ms, ordinary ${baseline.toFixed(0)} ms`);
        results.push({
          name: `event loop's longest hold, ${p.name} (hostile vs ordinary English)`,
          value,
          unit: 'ms',
          baseline,
          ratio: value / Math.max(1, baseline),
          target: `< ${RULE_MS} ms + the ordinary baseline`,
          met: value < RULE_MS + baseline,
        });
      }
      return results;
    } finally {
      close();
      await db.end();
    }
  });
}
