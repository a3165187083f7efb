/**
 * Asking the notes (decision 024): POST /api/studio/ask on the real Echo server (child process),
 * offline, for an owner with 2,000 notes of real prose (the eval's notes, each written many times
 * over under other titles and dates, so a question's words are in a hundred notes at once), asked
 * the eval's questions (answerable and not); against the search SQL the ask path builds on (the
 * search room's fulltextSearch of the same expanded question, on a pg pool in this process).
 *
 * Target: p95 answer time under 300 ms; the ratio to the raw search is reported beside it.
 */

import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client.ts';
import { ASK_NOTES_READ } from '../src/server/features/studio/ask/service.ts';
import { readQuestion } from '../src/server/features/studio/engine/index.ts';
import { analyseText } from '../src/server/features/studio/engine/style/index.ts';
import { fulltextSearch } from '../src/server/features/studio/search/index.ts';
import { log, percentile, ROOT_DIR, withEchoDatabase } from './lib.ts';
import type { BenchResult } from './types.ts';

const OWNER = 'asker@bench.test';
const TOKEN = 'bench-studio-ask-session-token-0123456789abcdefghij';
const NOTES = 2000;
const BATCH = 250;
const REQUESTS = 300;
const TARGET_P95_MS = 300;
const NOTES_DIR = path.join(ROOT_DIR, 'tests/fixtures/studio/notes');
const QUESTIONS = path.join(ROOT_DIR, 'tests/fixtures/studio/ask/questions.json');

/** The eval's notes, analysed once as note creation would (sentences and their search figures). */
function fixtureNotes() {
  return readdirSync(NOTES_DIR)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(NOTES_DIR, file), 'utf8').trim();
      return {
        title: file.replace(/\.txt$/, '').replaceAll('-', ' '),
        text,
        analysis: analyseText(text, 'written'),
      };
    });
}

/** 2,000 notes in batches: the fixture notes in turn, an hour apart, each with its sentences. */
async function seedNotes(db: pg.Client) {
  const fixtures = fixtureNotes();
  for (let from = 0; from < NOTES; from += BATCH) {
    const picks = Array.from({ length: Math.min(BATCH, NOTES - from) }, (_, i) => from + i);
    const notes = picks.map((i) => ({ i, note: fixtures[i % fixtures.length]! }));
    const { rows } = await db.query<{ id: string; i: number }>(
      `insert into studio_notes (owner_email, kind, register, status, title, text, word_count, figures, created_at)
       select $1, 'text', 'written', 'ready', t.title, t.text, t.words, t.figures,
              now() - make_interval(hours => t.i)
         from unnest($2::text[], $3::text[], $4::int[], $5::text[], $6::int[]) as t(title, text, words, figures, i)
       returning id, (extract(epoch from now() - created_at) / 3600)::int as i`,
      [
        OWNER,
        notes.map(({ i, note }) => `${note.title} (${i + 1})`),
        notes.map(({ note }) => note.text),
        notes.map(({ note }) => note.analysis.wordCount),
        notes.map(({ note }) => note.analysis.figures),
        notes.map(({ i }) => i),
      ],
    );
    const sentences = rows.flatMap((row) =>
      fixtures[row.i % fixtures.length]!.analysis.sentences.map((s) => ({ noteId: row.id, ...s })),
    );
    await db.query(
      `insert into studio_note_sentences (note_id, position, text, start_char, end_char, filler, figures)
       select * from unnest($1::uuid[], $2::int[], $3::text[], $4::int[], $5::int[], $6::boolean[], $7::text[])`,
      [
        sentences.map((s) => s.noteId),
        sentences.map((s) => s.position),
        sentences.map((s) => s.text),
        sentences.map((s) => s.startChar),
        sentences.map((s) => s.endChar),
        sentences.map((s) => s.filler),
        sentences.map((s) => s.figures),
      ],
    );
  }
}

const questions = (): string[] =>
  (JSON.parse(readFileSync(QUESTIONS, 'utf8')) as { questions: { q: string }[] }).questions.map((q) => q.q);

/** Each answer's time over one kept-alive socket; the owner's ask limit is reset between (untimed). */
async function measureServer(url: string, db: pg.Client, list: string[]): Promise<number[]> {
  const slowest: Array<[number, string]> = [];
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = (question: string) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ question, engine: 'offline' });
      const started = performance.now();
      const req = http.request(
        {
          host: hostname,
          port,
          method: 'POST',
          path: '/api/studio/ask',
          agent,
          headers: {
            cookie: `echo_dashboard=${TOKEN}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) reject(new Error(`ask answered ${res.statusCode}`));
            else resolve(performance.now() - started);
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const unlimited = () => db.query(`delete from rate_limits where key like 'studio-asks:%'`);
  try {
    for (const q of list) {
      await unlimited();
      await once(q);
    }
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      if (i % 20 === 0) await unlimited();
      const question = list[i % list.length]!;
      const took = await once(question);
      samples.push(took);
      slowest.push([took, question]);
    }
    slowest.sort((a, b) => b[0] - a[0]);
    log(
      `slowest: ${slowest
        .slice(0, 8)
        .map(([ms, q]) => `${ms.toFixed(0)} ms "${q}"`)
        .join('; ')}`,
    );
    return samples;
  } finally {
    agent.destroy();
  }
}

/** The search the ask path starts from: the expanded question through fulltextSearch, no server. */
async function measureRaw(databaseUrl: string, list: string[]): Promise<number[]> {
  const database = createDatabase(databaseUrl, { max: 2 });
  const searches = list.map((q) => readQuestion(q).search).filter((s) => s.length > 0);
  const search = (s: string) => fulltextSearch(database.db, OWNER, s, ASK_NOTES_READ);
  try {
    for (const s of searches) await search(s);
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      await search(searches[i % searches.length]!);
      samples.push(performance.now() - started);
    }
    return samples;
  } finally {
    await database.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  return withEchoDatabase('studio-ask', [{ token: TOKEN, owner: OWNER }], async (bench) => {
    const db = new pg.Client({ connectionString: bench.databaseUrl });
    await db.connect();
    try {
      const seeding = performance.now();
      await seedNotes(db);
      await db.query('vacuum analyze studio_notes, studio_note_sentences');
      log(`studio ask: ${NOTES} notes seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      const list = questions();
      const server = await bench.startEcho();
      const asked = await measureServer(server.url, db, list);
      const raw = await measureRaw(bench.databaseUrl, list);
      const p95 = percentile(asked, 95);
      const rawP95 = percentile(raw, 95);
      log(
        `studio ask, ${NOTES} notes: p50 ${percentile(asked, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
          `(raw search p50 ${percentile(raw, 50).toFixed(1)} ms, p95 ${rawP95.toFixed(1)} ms)`,
      );
      return [
        {
          name: `POST /api/studio/ask p95 offline, ${NOTES.toLocaleString('en-US')} notes`,
          value: p95,
          unit: 'ms',
          ratio: p95 / TARGET_P95_MS,
          target: `p95 <= ${TARGET_P95_MS} ms`,
          met: p95 <= TARGET_P95_MS,
        },
        {
          name: `POST /api/studio/ask p95 vs its search SQL alone (${NOTES.toLocaleString('en-US')} notes)`,
          value: p95,
          unit: 'ms',
          baseline: rawP95,
          ratio: p95 / rawP95,
          target: 'info',
          met: null,
        },
      ];
    } finally {
      await db.end();
    }
  });
}
