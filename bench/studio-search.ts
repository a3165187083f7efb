/**
 * Studio search: GET /api/studio/search on the real Echo server (child process) for an
 * owner with 1,000 notes, first alone in the database, then with 99,000 notes of 99 other
 * owners beside them (100,000 notes in all); and the same SQL (the feature's own
 * fulltextSearch, then similarSearch when it found nothing, on a pg pool in this process) without
 * the server.
 *
 * Targets: p50 at 100,000 notes within 1.5x of p50 at 1,000; the server's p50 at least 0.7 of the
 * raw SQL's (raw p50 / server p50 >= 0.7).
 */
import http from 'node:http';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client.ts';
import { fulltextSearch, similarSearch } from '../src/server/features/studio/search/index.ts';
import { log, withEchoDatabase } from './lib.ts';
import type { BenchResult } from './types.ts';

const OWNER = 'searcher@bench.test';
const TOKEN = 'bench-studio-session-token-0123456789abcdefghij';
const NOTES_PER_OWNER = 1000;
const OTHER_OWNERS = 99;
const REQUESTS = 400;
const VOCABULARY = 4000;
const TARGETS = { scale: 1.5, raw: 0.7 } as const;

/** A pronounceable pseudo-word per vocabulary rank (rank 0 is the most frequent). */
const wordSql = (rank: string) =>
  `(array['ba','ko','ri','tu','me','sa','lo','ne','vi','da'])[1 + (${rank}) % 10] ||
   (array['ran','tel','mos','pik','dun','zor','bel','ham','fit','gus'])[1 + ((${rank}) / 10) % 10] ||
   (array['a','e','i','o','u','ia','eo','ua','oi','ae'])[1 + ((${rank}) / 100) % 10] ||
   (array['','s','n','r','l','x','m','t','k','d'])[1 + ((${rank}) / 1000) % 10]`;

/**
 * Notes of four 15-word sentences; word ranks log-uniform over the vocabulary (Zipf-like), so a
 * few words are everywhere and most are rare, as in real notes.
 */
async function seedNotes(db: pg.Client, owner: string, count: number) {
  await db.query(
    `insert into studio_notes (owner_email, kind, register, status, title, text, word_count, created_at)
     select $1, 'text', 'written', 'ready', 'Note ' || g,
            (select string_agg(w, ' ') from (
               select ${wordSql(`floor(exp(random() * ln(${VOCABULARY})))::int - 1 + 0 * g`)} ||
                      case when s % 15 = 0 then '.' else '' end as w
               from generate_series(1, 60) s) words),
            60, now() - make_interval(secs => g)
       from generate_series(1, $2::int) g`,
    [owner, count],
  );
  await db.query(
    `insert into studio_note_sentences (note_id, position, text, start_char, end_char)
     select n.id, t.ord - 1, t.s, 0, length(t.s)
       from studio_notes n, regexp_split_to_table(n.text, '(?<=\\.) ') with ordinality as t(s, ord)
      where n.owner_email = $1`,
    [owner],
  );
}

/** Queries a person would type: words of middle frequency, alone and in pairs. */
function queries(): string[] {
  const word = (rank: number) => {
    const a = ['ba', 'ko', 'ri', 'tu', 'me', 'sa', 'lo', 'ne', 'vi', 'da'][rank % 10];
    const b = ['ran', 'tel', 'mos', 'pik', 'dun', 'zor', 'bel', 'ham', 'fit', 'gus'][
      Math.floor(rank / 10) % 10
    ];
    const c = ['a', 'e', 'i', 'o', 'u', 'ia', 'eo', 'ua', 'oi', 'ae'][Math.floor(rank / 100) % 10];
    const d = ['', 's', 'n', 'r', 'l', 'x', 'm', 't', 'k', 'd'][Math.floor(rank / 1000) % 10];
    return `${a}${b}${c}${d}`;
  };
  const out: string[] = [];
  for (let i = 0; i < 20; i++) out.push(word(30 + i * 37));
  for (let i = 0; i < 10; i++) out.push(`${word(12 + i * 11)} ${word(40 + i * 53)}`);
  return out;
}

const p50 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

/** A search through the Echo server: node:http on one kept-alive socket. */
function serverSearch(url: string) {
  // A lean client, so the figure is the server's time rather than fetch's own overhead (about
  // 0.2 ms per request here).
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { cookie: `echo_dashboard=${TOKEN}` };
  const search = (q: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(
        { host: hostname, port, path: `/api/studio/search?q=${encodeURIComponent(q)}`, agent, headers },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) reject(new Error(`search answered ${res.statusCode}`));
            else resolve();
          });
        },
      );
      req.on('error', reject);
    });
  return { search, close: async () => agent.destroy() };
}

/** The statements the server runs for a search, on a pool in this process: full text, and similar spelling when it found none. */
function rawSearch(databaseUrl: string) {
  const database = createDatabase(databaseUrl, { max: 2 });
  const search = async (q: string) => {
    const hits = await fulltextSearch(database.db, OWNER, q, 20);
    if (hits.length === 0) await similarSearch(database.db, OWNER, q, [], 20);
  };
  return { search, close: () => database.close() };
}

/**
 * p50 of the server and of its SQL alone, sampled in turns (server then SQL, then SQL then server)
 * so that whatever else the machine is doing (a checkpoint after seeding, autovacuum, another
 * process) falls on both sides alike instead of on whichever was measured first.
 */
async function measure(url: string, databaseUrl: string, list: string[]) {
  const sides = { server: serverSearch(url), raw: rawSearch(databaseUrl) };
  const samples = { server: [] as number[], raw: [] as number[] };
  const timed = async (side: keyof typeof sides, q: string) => {
    const started = performance.now();
    await sides[side].search(q);
    samples[side].push(performance.now() - started);
  };
  try {
    for (const q of list) {
      await sides.server.search(q);
      await sides.raw.search(q);
    }
    for (let i = 0; i < REQUESTS; i++) {
      const q = list[i % list.length]!;
      const order = i % 2 === 0 ? (['server', 'raw'] as const) : (['raw', 'server'] as const);
      for (const side of order) await timed(side, q);
    }
    return { server: p50(samples.server), raw: p50(samples.raw) };
  } finally {
    await Promise.all([sides.server.close(), sides.raw.close()]);
  }
}

export async function run(): Promise<BenchResult[]> {
  return withEchoDatabase('studio-search', [{ token: TOKEN, owner: OWNER }], async (bench) => {
    const db = new pg.Client({ connectionString: bench.databaseUrl });
    await db.connect();
    const list = queries();
    try {
      await seedNotes(db, OWNER, NOTES_PER_OWNER);
      await db.query('vacuum analyze studio_notes, studio_note_sentences');
      const server = await bench.startEcho();
      const { server: small, raw: rawSmall } = await measure(server.url, bench.databaseUrl, list);
      log(`studio search, 1,000 notes: p50 ${small.toFixed(2)} ms (raw SQL ${rawSmall.toFixed(2)} ms)`);
      for (let i = 0; i < OTHER_OWNERS; i++) await seedNotes(db, `other${i}@bench.test`, NOTES_PER_OWNER);
      await db.query('vacuum analyze studio_notes, studio_note_sentences');
      const { server: large, raw: rawLarge } = await measure(server.url, bench.databaseUrl, list);
      log(`studio search, 100,000 notes: p50 ${large.toFixed(2)} ms (raw SQL ${rawLarge.toFixed(2)} ms)`);
      return [
        {
          name: 'GET /api/studio/search p50, 100,000 notes vs 1,000',
          value: large,
          unit: 'ms',
          baseline: small,
          ratio: large / small,
          target: `ratio <= ${TARGETS.scale}`,
          met: large / small <= TARGETS.scale,
        },
        {
          name: 'GET /api/studio/search p50 vs the same SQL without the server (100,000 notes)',
          value: large,
          unit: 'ms',
          baseline: rawLarge,
          ratio: rawLarge / large,
          target: `raw/server >= ${TARGETS.raw}`,
          met: rawLarge / large >= TARGETS.raw,
        },
      ];
    } finally {
      await db.end();
    }
  });
}
