import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import { ASK_NOT_FOUND, type AskResponse, answerQuestionOf } from '#contract/studio-ask.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import { callAs, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';
import { MODEL_USED_UP } from './service.ts';

/**
 * Asking the notes (decision 024) on PostgreSQL: the answer cites only the asker's sentences, says
 * "not found" when nothing answers, and a model's written answer keeps only what the cited
 * sentences say.
 */
let echo: StudioTestApp;
let llm: FakeOpenAi;
beforeAll(async () => {
  llm = await new FakeOpenAi().start();
  echo = await startStudioApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' });
});
afterAll(async () => {
  await echo?.close();
  await llm?.stop();
});

const addNote = async (cookie: string, text: string, title?: string): Promise<NoteDetail> => {
  const res = await callAs(echo, 'POST', '/api/studio/notes', cookie, { text, ...(title ? { title } : {}) });
  expect(res.statusCode).toBe(201);
  return res.json() as NoteDetail;
};
const ask = (cookie: string, question: unknown, engine: 'auto' | 'offline' = 'offline') =>
  callAs(echo, 'POST', '/api/studio/ask', cookie, { question, engine });
const cited = (answer: AskResponse) => answer.groups.flatMap((g) => g.citations);

const CLIENT =
  'We signed the big client in March after three calls. They pay eighteen thousand a month. ' +
  'That is more than the next five customers together.';
const RUNNERS =
  'Most runners with sore knees skip the hips. I give them clamshells and glute bridges three times a week. ' +
  'After a month the knee pain is usually gone.';

describe('Ask your notes', () => {
  let alice: string;
  let bob: string;
  let client: NoteDetail;
  let runners: NoteDetail;
  beforeAll(async () => {
    alice = await sessionCookie(echo, 'asker@example.com');
    bob = await sessionCookie(echo, 'other-asker@example.com');
    client = await addNote(alice, CLIENT, 'The big client');
    runners = await addNote(alice, RUNNERS, 'Knees');
    await addNote(alice, 'I walked the dog in the park and thought about nothing at all.');
    // Bob's note says the same thing with another figure: it must never reach Alice's answer.
    await addNote(bob, 'The big client pays eighteen thousand a month, and I pay the rent with it.');
  });

  it("answers in the owner's words, cited to the note, from another number form and other words", async () => {
    const res = await ask(alice, 'How much does the big client pay? 18,000?');
    expect(res.statusCode).toBe(200);
    const answer = res.json() as AskResponse;
    expect(answer).toMatchObject({ found: true, intent: 'answer', message: null, written: null });
    expect(answer.groups[0]).toMatchObject({
      note_id: client.id,
      note_title: 'The big client',
      note_kind: 'text',
    });
    expect(cited(answer)[0]!.id).toBe(client.sentences[1]!.id);
    expect(cited(answer)[0]!.text).toBe('They pay eighteen thousand a month.');

    const knees = (await ask(alice, 'What do I tell runners with knee pain?')).json() as AskResponse;
    expect(knees.found).toBe(true);
    expect(knees.groups.map((g) => g.note_id)).toEqual([runners.id]);
  });

  it("cites only the asker's notes", async () => {
    const asked = (await ask(bob, 'How much does the big client pay?')).json() as AskResponse;
    const bobsIds = new Set(asked.groups.map((g) => g.note_id));
    expect(bobsIds.has(client.id)).toBe(false);
    expect(cited(asked).every((c) => !client.sentences.some((s) => s.id === c.id))).toBe(true);
    const alices = (await ask(alice, 'Who pays the rent?')).json() as AskResponse;
    expect(cited(alices).every((c) => !c.text.includes('rent'))).toBe(true);
  });

  it('says it does not find it, with the closest notes, and never an invented answer', async () => {
    const res = await ask(alice, 'What did the wedding photographer charge?');
    expect(res.statusCode).toBe(200);
    const answer = res.json() as AskResponse;
    expect(answer).toMatchObject({ found: false, message: ASK_NOT_FOUND, groups: [] });
    expect(answer.closest.map((n) => n.note_id)).toContain(client.id);
    const other = (await ask(alice, '¿Cuánto cobré por el pan?')).json() as AskResponse;
    expect(other.found).toBe(false);
  });

  it('cites the speaker of a conversation and the moment in a recording', async () => {
    const [speaker] = await echo.query<{ id: string }>(
      `insert into studio_note_speakers (note_id, position, label, name, is_me)
       values ($1, 0, 'SPEAKER_1', 'Dana', false) returning id`,
      [runners.id],
    );
    await echo.query('update studio_note_sentences set speaker_id = $1, start_ms = 4200 where id = $2', [
      speaker!.id,
      runners.sentences[1]!.id,
    ]);
    const answer = (
      await ask(alice, 'Which exercises help with clamshells and glute bridges?')
    ).json() as AskResponse;
    const citation = cited(answer).find((c) => c.id === runners.sentences[1]!.id)!;
    expect(citation).toMatchObject({ speaker: 'Dana', start_ms: 4200 });
  });

  it('gathers across notes newest first, and answers the first time with its date', async () => {
    const cookie = await sessionCookie(echo, 'across@example.com');
    const older = await addNote(
      cookie,
      'Our pricing was a guess at first. We copied the competitors.',
      'Old pricing',
    );
    const newer = await addNote(
      cookie,
      'Per-seat pricing changed everything for us this year.',
      'New pricing',
    );
    await echo.query(`update studio_notes set created_at = now() - interval '30 days' where id = $1`, [
      older.id,
    ]);
    const across = (await ask(cookie, 'What have I said about pricing?')).json() as AskResponse;
    expect(across.intent).toBe('across');
    expect(across.groups.map((g) => g.note_id)).toEqual([newer.id, older.id]);
    const first = (await ask(cookie, 'When did I first talk about pricing?')).json() as AskResponse;
    expect(first.intent).toBe('first');
    expect(first.groups[0]).toMatchObject({ note_id: older.id, note_title: 'Old pricing' });
    expect(Date.parse(first.groups[0]!.created_at)).toBeLessThan(Date.parse(first.groups[1]!.created_at));
  });

  it('keeps an answer as a note of the cited sentences and where they were said, out of the profile', async () => {
    const question = 'How much does the big client pay?';
    const answer = (await ask(alice, question)).json() as AskResponse;
    const ids = cited(answer).map((c) => c.id);
    const saved = await callAs(echo, 'POST', '/api/studio/ask/notes', alice, { question, sentence_ids: ids });
    expect(saved.statusCode).toBe(201);
    const note = saved.json() as NoteDetail;
    expect(note).toMatchObject({ kind: 'text', status: 'ready', title: question });
    expect(note.text).toContain('They pay eighteen thousand a month.');
    expect(note.text).toMatch(/\n\nFrom your notes: The big client, \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
    expect(answerQuestionOf(note.source_url)).toBe(question);
    // Nor in the Ideas: the same words would make a theme of themselves.
    expect(note.key_phrases).toEqual([]);
    // The owner's words re-used: not counted again in the voice profile, also once edited.
    const stats = async () =>
      (await echo.query<{ stats: unknown }>('select stats from studio_notes where id = $1', [note.id]))[0]!
        .stats;
    expect(await stats()).toBeNull();
    const edited = await callAs(echo, 'PATCH', `/api/studio/notes/${note.id}`, alice, {
      text: `${note.text} I should raise it.`,
    });
    expect(edited.statusCode).toBe(200);
    expect(await stats()).toBeNull();
    expect((edited.json() as NoteDetail).key_phrases).toEqual([]);
    // Asked again, the answer cites the note it came from, not its copy.
    const again = (await ask(alice, question)).json() as AskResponse;
    expect(again.groups.map((g) => g.note_id)).not.toContain(note.id);
    expect(cited(again)[0]!.id).toBe(client.sentences[1]!.id);
  });

  it("another address cannot keep the owner's sentences: 404", async () => {
    const body = { question: 'What does the client pay?', sentence_ids: [client.sentences[1]!.id] };
    const res = await callAs(echo, 'POST', '/api/studio/ask/notes', bob, body);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    const unknown = await callAs(echo, 'POST', '/api/studio/ask/notes', alice, {
      ...body,
      sentence_ids: [client.sentences[1]!.id, '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
    const [count] = await echo.query<{ n: number }>(
      "select count(*)::int as n from studio_notes where owner_email = 'other-asker@example.com'",
    );
    expect(count!.n).toBe(1);
    const empty = await callAs(echo, 'POST', '/api/studio/ask/notes', alice, { ...body, sentence_ids: [] });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses an empty or overlong question with a clear message', async () => {
    for (const question of ['', '   ', 'x'.repeat(10_000), 42]) {
      const res = await ask(alice, question);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const long = await ask(alice, 'y'.repeat(10_000));
    expect(long.json().message).toMatch(/up to 500 characters/);
  });

  it('answers a question matching every sentence in bounded time', async () => {
    const cookie = await sessionCookie(echo, 'many@example.com');
    const text = Array.from({ length: 300 }, (_, i) => `Pricing note sentence ${i} is about pricing.`).join(
      ' ',
    );
    for (let i = 0; i < 4; i++) await addNote(cookie, text);
    const started = performance.now();
    const answer = (await ask(cookie, 'pricing')).json() as AskResponse;
    expect(performance.now() - started).toBeLessThan(5000);
    expect(answer.found).toBe(true);
    expect(cited(answer).length).toBeGreaterThanOrEqual(1);
    expect(cited(answer).length).toBeLessThanOrEqual(4);
  });

  it('with a model: writes a short answer from the cited sentences, dropping a claim they do not hold', async () => {
    llm.chatReply = (request) => {
      const prompt = JSON.stringify(request.json);
      const number = Number(/(\d+)\. They pay eighteen thousand/.exec(prompt)?.[1]);
      return JSON.stringify({
        sentences: [
          { text: 'The big client pays eighteen thousand a month.', sources: [number] },
          { text: 'They also signed a three-year contract worth a million dollars.', sources: [number] },
        ],
      });
    };
    const before = llm.chats.length;
    const res = await ask(alice, 'How much does the big client pay?', 'auto');
    expect(res.statusCode).toBe(200);
    const answer = res.json() as AskResponse;
    expect(llm.chats.length - before).toBe(1);
    // Only the asker's sentences were sent to the model.
    expect(JSON.stringify(llm.chats.at(-1)!.json)).not.toContain('rent');
    expect(answer.written).toEqual({
      sentences: [
        { text: 'The big client pays eighteen thousand a month.', sources: [client.sentences[1]!.id] },
      ],
      dropped: 1,
    });
    // The sentences stay beneath it.
    expect(cited(answer)[0]!.id).toBe(client.sentences[1]!.id);
    // Counted in the owner's model budget.
    const [row] = await echo.query<{ count: number }>('select count from rate_limits where key = $1', [
      'studio-model-calls-day:asker@example.com',
    ]);
    expect(Number(row!.count)).toBe(1);
  });

  it('past the model budget: the sentences alone, saying why, and no call', async () => {
    const cookie = await sessionCookie(echo, 'spent@example.com');
    await addNote(cookie, CLIENT, 'The big client');
    await echo.query(
      `insert into rate_limits (key, count, reset_at) values ($1, $2, now() + interval '1 day')`,
      ['studio-model-calls-day:spent@example.com', echo.ctx.config.studio.limits.modelCallsPerDay],
    );
    const before = llm.chats.length;
    const answer = (await ask(cookie, 'How much does the big client pay?', 'auto')).json() as AskResponse;
    expect(llm.chats.length).toBe(before);
    expect(answer).toMatchObject({ found: true, written: null, written_note: MODEL_USED_UP });
  });
});
