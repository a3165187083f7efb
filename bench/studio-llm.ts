/**
 * Studio drafts through the language model ("requests per draft and tokens sent per
 * draft; keep prompts lean"). The real Echo server (child process) with `LLM_BASE_URL` and
 * `STT_BASE_URL` pointing at the fake OpenAI-compatible server of tests/support, in this process.
 * The fake answers like a model that follows the prompt: for each draft it reads the numbered
 * source sentences and the allowed block kinds from the prompt and answers blocks that copy them,
 * citing their numbers (no slide after the cover opening on "They", "He" or "She", as the prompt
 * asks). Each draft asked a second time is logged with the reason the second try was given. Everything it received is counted here.
 *
 * Cases (`engine: 'llm'`), for an owner who also has three written posts (the voice samples the
 * prompt carries):
 * - a 3-minute voice note (the text engine's fixture transcript, 460 words, read by espeak-ng,
 *   recorded through the recording API, transcribed by the fake speech-to-text): all five formats;
 * - the same with a model that writes a banned word and invents a sentence every time: one
 *   regeneration, then the draft is kept with a visible warning and the sentence marked unsupported;
 * - a pasted note (tests/fixtures/pricing-voice-note.txt, 500 words): four formats (clip hooks need
 *   a recording);
 * - a 60-minute transcript (Clinton's 1995 State of the Union with fillers, 9,000 words, pasted):
 *   four formats; the prompt carries at most the 120 best sentences.
 *
 * Tokens are approximated as characters / 4 (no tokenizer is a dependency) of the messages' content,
 * the same measure for the prompt and for the transcript it is compared with.
 *
 * Targets and why:
 * - requests per draft: 1 for a model that answers well (the minimum), at most 2 when the answer
 *   breaks a rule (one regeneration, decision 013);
 * - prompt tokens per draft <= 2x the note's own tokens for a 3-minute note: a lean prompt is the
 *   source sentences once (fillers out, so about the note itself) plus fixed instructions and at
 *   most three 600-character samples, which must not outweigh the sources (<= 1x the note's size);
 *   the note's own text again (as a "sample") or a whole profile would break it;
 * - <= 0.5x for the 60-minute transcript: the 120-sentence cap must keep long notes' prompts bounded;
 * - with a regeneration: <= 2.1x its first try (the second try resends the prompt with one line
 *   saying what was wrong, and nothing more).
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Draft, DraftFormat } from '../src/contract/studio-drafts.ts';
import { segmentsOf, TRANSCRIPT } from '../src/server/features/studio/engine/__fixtures__/transcript.ts';
import { FakeOpenAi, type ReceivedRequest } from '../tests/support/fake-openai.ts';
import { log, sleep, withEchoDatabase } from './lib.ts';
import { spokenTranscript } from './studio-extractive.ts';
import type { BenchResult } from './types.ts';

const exec = promisify(execFile);
const OWNER = 'dana.lee@bench.test';
const TOKEN = 'bench-studio-llm-session-token-0123456789abcdef';
const ALL: DraftFormat[] = ['blog', 'linkedin', 'thread', 'carousel', 'clips'];
const WRITTEN: DraftFormat[] = ['blog', 'linkedin', 'thread', 'carousel'];
const BAN = 'synergy';
const TARGETS = { requests: 1, retryRequests: 2, retryTokens: 2.1, short: 2, long: 0.5 } as const;

/** Three short posts the owner wrote (their voice samples). */
const POSTS = [
  "Here's the thing nobody tells you about raising prices: the clients who leave were never going to stay. I doubled my rate in March. Two clients left. Four new ones came, and they pay on time.",
  'Stop sending one quote. Send three. The middle one is the one you want, the first makes it look reasonable, the last makes it look safe. Almost everyone picks the middle. Try it this week.',
  'A proposal is not a price list. It is a story about what changes for the client when the work is done. Tell that story first, then say the number, then stop talking.',
];

const approxTokens = (chars: number) => chars / 4;
const promptChars = (request: ReceivedRequest) =>
  ((request.json as { messages?: { content: string }[] }).messages ?? []).reduce(
    (n, m) => n + m.content.length,
    0,
  );

const PRONOUN_OPENING = /^(?:they|he|she)\b/i;
const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]{5,}/g) ?? [];

interface Behaviour {
  /** Adds a sentence no source supports, with the banned word, to every answer. */
  misbehave: boolean;
}

/** A model that follows the prompt: blocks of the allowed kinds, copied from the numbered sources. */
function modelAnswer(request: ReceivedRequest, behaviour: Behaviour): string {
  const messages = (request.json as { messages: { role: string; content: string }[] }).messages;
  const system = messages.find((m) => m.role === 'system')!.content;
  const user = messages.find((m) => m.role === 'user')!.content;
  const kinds = /Allowed kinds: ([^\n]+)\./.exec(system)![1]!.split(', ');
  const sources = [...user.matchAll(/^(\d+)\. (.+)$/gm)].map((m) => ({ n: Number(m[1]), text: m[2]! }));
  const spread = (count: number) =>
    Array.from({ length: Math.min(count, sources.length) }, (_, i) => {
      return sources[Math.floor((i * sources.length) / Math.min(count, sources.length))]!;
    });
  const cite = (s: { n: number; text: string }, kind: string, group = 0) => ({
    kind,
    text: s.text,
    group,
    sources: [s.n],
  });
  let blocks: Array<{ kind: string; text: string; group: number; sources: number[] }>;
  if (kinds.includes('title')) {
    const body = spread(12);
    blocks = [
      cite(body[0]!, 'title'),
      cite(body[1]!, 'meta'),
      {
        kind: 'keywords',
        text: wordsOf(body[0]!.text).slice(0, 3).join(', '),
        group: 0,
        sources: [body[0]!.n],
      },
      ...body.flatMap((s, i) => [
        ...(i % 4 === 0 ? [{ ...cite(s, 'heading', i / 4 + 1), text: s.text.split(/[,.]/)[0]! }] : []),
        cite(s, i === 5 ? 'quote' : 'sentence', Math.floor(i / 4) + 1),
      ]),
    ];
  } else if (kinds.includes('hook')) {
    const body = spread(6);
    blocks = [
      cite(body[0]!, 'hook'),
      ...body.slice(1, -1).map((s, i) => cite(s, 'sentence', i + 1)),
      cite(body.at(-1)!, 'cta', 9),
    ];
  } else if (kinds[0] === 'clip') {
    // Three moments, each a run of consecutive sentences.
    blocks = spread(3).map((s, i) => ({
      kind: 'clip',
      text: s.text,
      group: i,
      sources: [s.n, s.n + 1, s.n + 2].filter((n) => n <= sources.length),
    }));
  } else if (kinds[0] === 'slide') {
    // As the prompt asks, no slide after the cover opens on "They", "He" or "She": the next sentence
    // that does not takes its place.
    const used = new Set<number>();
    blocks = spread(7).map((s, i) => {
      let at = s.n - 1;
      while (i > 0 && (used.has(at) || PRONOUN_OPENING.test(sources[at]!.text)) && at + 1 < sources.length)
        at++;
      used.add(at);
      return cite(sources[at]!, 'slide', i);
    });
  } else blocks = spread(6).map((s, i) => cite(s, kinds[0]!, i));
  if (behaviour.misbehave)
    blocks.splice(1, 0, {
      kind: blocks[1]!.kind,
      text: `Our ${BAN} closed a ten million dollar round in Berlin last spring.`,
      group: blocks[1]!.group,
      sources: [blocks[1]!.sources[0]!],
    });
  return JSON.stringify({ blocks, ...(kinds.includes('title') ? { slug: 'pricing' } : {}) });
}

/** Echo's API as the signed-in owner: JSON in and out (or raw bytes in). */
interface Api {
  json<T>(method: string, url: string, body?: unknown, raw?: Buffer): Promise<T>;
}

function api(base: string): Api {
  const call = (method: string, url: string, body?: unknown, raw?: Buffer) =>
    fetch(`${base}${url}`, {
      method,
      headers: {
        cookie: `echo_dashboard=${TOKEN}`,
        ...(raw
          ? { 'content-type': 'application/octet-stream' }
          : body !== undefined
            ? { 'content-type': 'application/json' }
            : {}),
      },
      body: raw ? new Uint8Array(raw) : body !== undefined ? JSON.stringify(body) : undefined,
    });
  return {
    async json<T>(method: string, url: string, body?: unknown, raw?: Buffer) {
      const res = await call(method, url, body, raw);
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
      return JSON.parse(text) as T;
    },
  };
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not done within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

async function waitReady(echo: Api, noteId: string): Promise<void> {
  await until(`note ${noteId}`, async () => {
    const note = await echo.json<{ status: string; status_message?: string }>(
      'GET',
      `/api/studio/notes/${noteId}`,
    );
    if (note.status === 'failed' || note.status === 'needs_stt')
      throw new Error(`note ${noteId} ${note.status}: ${note.status_message}`);
    return note.status === 'ready' ? true : undefined;
  });
}

/** A voice note: espeak-ng reads the text, the recording API takes it, the fake STT hears the text. */
async function voiceNote(echo: Api, fake: FakeOpenAi, dir: string, text: string): Promise<string> {
  const file = path.join(dir, 'speech.wav');
  await writeFile(`${file}.txt`, text);
  await exec('espeak-ng', ['-w', file, '-f', `${file}.txt`]);
  const wav = await readFile(file);
  fake.transcriptionText = text;
  fake.transcriptionSegments = segmentsOf(text).map((s) => ({
    start: s.startMs / 1000,
    end: s.endMs / 1000,
    text: s.text,
  }));
  const recording = await echo.json<{ id: string }>('POST', '/api/studio/recordings', {
    mime_type: 'audio/wav',
  });
  await echo.json('PUT', `/api/studio/recordings/${recording.id}/chunks/0`, undefined, wav);
  const seconds = (wav.length - 44) / 44_100;
  const note = await echo.json<{ id: string }>('POST', `/api/studio/recordings/${recording.id}/finish`, {
    chunk_count: 1,
    duration_ms: Math.round(seconds * 1000),
  });
  await waitReady(echo, note.id);
  return note.id;
}

async function textNote(echo: Api, text: string, title: string): Promise<string> {
  const note = await echo.json<{ id: string }>('POST', '/api/studio/notes', { text, title });
  await waitReady(echo, note.id);
  return note.id;
}

interface Measured {
  drafts: Draft[];
  requestsPerDraft: number;
  promptTokensPerDraft: number;
  /** The same for each draft's first request only. */
  firstTryTokensPerDraft: number;
}

/** The format a request was for (its allowed kinds, one list per format). */
const formatOf = (request: ReceivedRequest) =>
  /Allowed kinds: ([^\n]+)/.exec(
    (request.json as { messages: { content: string }[] }).messages[0]!.content,
  )![1]!;

/** All the formats of one note through the model; what the fake received, per draft. */
async function measure(
  echo: Api,
  fake: FakeOpenAi,
  noteId: string,
  formats: DraftFormat[],
): Promise<Measured> {
  const before = fake.chats.length;
  const { drafts: started } = await echo.json<{ drafts: Draft[] }>('POST', '/api/studio/drafts', {
    note_ids: [noteId],
    formats,
    engine: 'llm',
  });
  const drafts = await Promise.all(
    started.map((d) =>
      until(`draft ${d.format}`, async () => {
        const draft = await echo.json<Draft>('GET', `/api/studio/drafts/${d.id}`);
        return draft.status === 'ready' || draft.status === 'failed' ? draft : undefined;
      }),
    ),
  );
  for (const draft of drafts) {
    if (draft.status !== 'ready' || draft.engine !== 'llm')
      throw new Error(`${draft.format}: ${draft.status} by ${draft.engine} (${draft.error ?? ''})`);
  }
  const chats = fake.chats.slice(before);
  const counted = drafts.reduce((n, d) => n + Number(d.meta.llm_requests ?? 0), 0);
  if (counted !== chats.length)
    throw new Error(`the drafts record ${counted} model requests, the fake received ${chats.length}`);
  const chars = chats.reduce((n, r) => n + promptChars(r), 0);
  const recorded = drafts.reduce((n, d) => n + Number(d.meta.prompt_chars ?? 0), 0);
  if (recorded !== chars)
    throw new Error(`the drafts record ${recorded} prompt characters, the fake received ${chars}`);
  // A draft asked a second time, and why (the line the second try adds to the prompt).
  for (const chat of chats) {
    const why = /Habits: [^\n]*?(the last draft[^\n]*|the slide [^\n]*)\./.exec(
      (chat.json as { messages: { content: string }[] }).messages[0]!.content,
    );
    if (why) log(`studio-llm: asked again (${formatOf(chat).replace(/\.$/, '')}): ${why[1]!.slice(0, 200)}`);
  }
  const firsts = new Map<string, ReceivedRequest>();
  for (const chat of chats) if (!firsts.has(formatOf(chat))) firsts.set(formatOf(chat), chat);
  return {
    drafts,
    requestsPerDraft: chats.length / drafts.length,
    promptTokensPerDraft: approxTokens(chars) / drafts.length,
    firstTryTokensPerDraft:
      approxTokens([...firsts.values()].reduce((n, r) => n + promptChars(r), 0)) / firsts.size,
  };
}

export async function run(): Promise<BenchResult[]> {
  const fake = await new FakeOpenAi().start();
  const behaviour: Behaviour = { misbehave: false };
  fake.chatReply = (request) => modelAnswer(request, behaviour);
  try {
    return await withEchoDatabase('studio-llm', [{ token: TOKEN, owner: OWNER }], async (bench) => {
      const server = await bench.startEcho({
        LLM_BASE_URL: fake.baseUrl,
        LLM_MODEL: 'fake-model',
        STT_BASE_URL: fake.baseUrl,
        STT_API_KEY: 'bench',
      });
      const echo = api(server.url);
      for (const [i, post] of POSTS.entries()) await textNote(echo, post, `Post ${i + 1}`);

      const voiceId = await voiceNote(echo, fake, bench.dir, TRANSCRIPT);
      const voiceTokens = Math.round(approxTokens(TRANSCRIPT.length));
      const voice = await measure(echo, fake, voiceId, ALL);
      log(
        `studio-llm: voice note (${voiceTokens} tokens): ${voice.requestsPerDraft} requests and ${Math.round(voice.promptTokensPerDraft)} prompt tokens per draft`,
      );

      await echo.json('PUT', '/api/studio/voice', { bans: [BAN] });
      behaviour.misbehave = true;
      const retried = await measure(echo, fake, voiceId, ALL);
      behaviour.misbehave = false;
      await echo.json('PUT', '/api/studio/voice', { bans: [] });
      for (const draft of retried.drafts) {
        if (typeof draft.meta.warning !== 'string')
          throw new Error(`${draft.format}: no warning after a retry`);
        if (!draft.blocks.some((b) => !b.supported))
          throw new Error(`${draft.format}: the invented sentence is not marked unsupported`);
      }
      log(
        `studio-llm: a model that breaks the rules: ${retried.requestsPerDraft} requests and ${Math.round(retried.promptTokensPerDraft)} prompt tokens per draft (first tries ${Math.round(retried.firstTryTokensPerDraft)}); every draft warned`,
      );

      const pastedText = await readFile(
        new URL('../tests/fixtures/pricing-voice-note.txt', import.meta.url),
        'utf8',
      );
      const pastedTokens = Math.round(approxTokens(pastedText.length));
      const pasted = await measure(echo, fake, await textNote(echo, pastedText, 'Pricing'), WRITTEN);
      log(
        `studio-llm: pasted note (${pastedTokens} tokens): ${pasted.requestsPerDraft} requests and ${Math.round(pasted.promptTokensPerDraft)} prompt tokens per draft`,
      );

      const long = spokenTranscript().text;
      const longTokens = Math.round(approxTokens(long.length));
      const big = await measure(echo, fake, await textNote(echo, long, 'State of the Union 1995'), WRITTEN);
      log(
        `studio-llm: 60-minute transcript (${longTokens} tokens): ${big.requestsPerDraft} requests and ${Math.round(big.promptTokensPerDraft)} prompt tokens per draft`,
      );

      const voiceRatio = voice.promptTokensPerDraft / voiceTokens;
      const pastedRatio = pasted.promptTokensPerDraft / pastedTokens;
      const longRatio = big.promptTokensPerDraft / longTokens;
      const retryRatio = retried.promptTokensPerDraft / retried.firstTryTokensPerDraft;
      const requests =
        (voice.requestsPerDraft * 5 + pasted.requestsPerDraft * 4 + big.requestsPerDraft * 4) / 13;
      return [
        {
          name: 'studio LLM drafts: model requests per draft (13 drafts of 3 notes)',
          value: requests,
          unit: 'count',
          baseline: TARGETS.requests,
          ratio: requests / TARGETS.requests,
          target: `= ${TARGETS.requests} (the minimum)`,
          met: requests === TARGETS.requests,
        },
        {
          name: 'studio LLM drafts: prompt tokens per draft vs the transcript (460-word voice note)',
          value: Math.round(voice.promptTokensPerDraft),
          unit: 'count',
          baseline: voiceTokens,
          ratio: voiceRatio,
          target: `ratio <= ${TARGETS.short}`,
          met: voiceRatio <= TARGETS.short,
        },
        {
          name: 'studio LLM drafts: prompt tokens per draft vs the note (500-word pasted note)',
          value: Math.round(pasted.promptTokensPerDraft),
          unit: 'count',
          baseline: pastedTokens,
          ratio: pastedRatio,
          target: `ratio <= ${TARGETS.short}`,
          met: pastedRatio <= TARGETS.short,
        },
        {
          name: 'studio LLM drafts: prompt tokens per draft vs the transcript (9,000-word transcript)',
          value: Math.round(big.promptTokensPerDraft),
          unit: 'count',
          baseline: longTokens,
          ratio: longRatio,
          target: `ratio <= ${TARGETS.long} (120 sentences at most)`,
          met: longRatio <= TARGETS.long,
        },
        {
          name: 'studio LLM drafts, a model writing a banned word: requests per draft',
          value: retried.requestsPerDraft,
          unit: 'count',
          baseline: TARGETS.requests,
          ratio: retried.requestsPerDraft / TARGETS.requests,
          target: `<= ${TARGETS.retryRequests} (one regeneration, then a warning)`,
          met: retried.requestsPerDraft <= TARGETS.retryRequests,
        },
        {
          name: 'studio LLM drafts, a model writing a banned word: prompt tokens per draft vs its first try',
          value: Math.round(retried.promptTokensPerDraft),
          unit: 'count',
          baseline: Math.round(retried.firstTryTokensPerDraft),
          ratio: retryRatio,
          target: `ratio <= ${TARGETS.retryTokens}`,
          met: retryRatio <= TARGETS.retryTokens,
        },
      ];
    });
  } finally {
    await fake.stop().catch(() => {});
  }
}
