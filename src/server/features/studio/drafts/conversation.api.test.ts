import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Draft, draftConversationSchema } from '#contract/studio-drafts.ts';
import { INTERVIEW, PANEL } from '#tests/fixtures/studio/conversations.ts';
import { addConversationNote } from '#tests/support/conversation.ts';
import { FakeOpenAi, sentenceNumber } from '#tests/support/fake-openai.ts';
import { settledDraft, setUpStudioOwner } from '#tests/support/studio.ts';

const alice = setUpStudioOwner('alice@example.com');

/** Starts the owner's drafts and waits for each to be written or to fail. */
async function draftsFor(body: unknown): Promise<Draft[]> {
  const res = await alice.call('POST', '/api/studio/drafts', body);
  expect(res.statusCode, res.body).toBe(202);
  return Promise.all(
    (res.json() as { drafts: Draft[] }).drafts.map((d) => settledDraft(alice.echo, alice.cookie, d.id)),
  );
}

const FORMATS = ['linkedin', 'thread', 'blog', 'carousel', 'clips', 'shownotes'];

describe('the drafts of a conversation note (host Sam, the owner; guest Priya)', () => {
  let drafts: Draft[];
  let speakerOf: Map<string, string>;
  beforeAll(async () => {
    const made = await addConversationNote(alice.echo, alice.cookie, INTERVIEW, { me: 'Sam' });
    speakerOf = made.speakerOf;
    drafts = await draftsFor({ note_ids: [made.note.id], formats: FORMATS, engine: 'extractive' });
  });

  it('writes every format, each saying it speaks as Sam, as Sam confirmed', () => {
    expect(drafts.map((d) => [d.format, d.status, d.error])).toEqual(FORMATS.map((f) => [f, 'ready', null]));
    for (const draft of drafts)
      expect(draftConversationSchema.parse(draft.meta.conversation)).toEqual({
        speaks_as: 'Sam',
        confirmed: true,
        guests: ['Priya'],
      });
  });

  it("cites only Sam's sentences in user blocks; Priya's words are attributed guest blocks", () => {
    let guests = 0;
    for (const draft of drafts)
      for (const block of draft.blocks) {
        const said = new Set(block.sources.map((s) => speakerOf.get(s.sentence_id)));
        if (block.origin === 'user') expect([...said], `${draft.format}: ${block.text}`).toEqual(['Sam']);
        if (block.origin === 'guest') {
          guests++;
          expect([...said]).toEqual(['Priya']);
          expect(block.speaker).toBe('Priya');
          expect(block.text).toContain('Priya');
        }
      }
    expect(guests).toBeGreaterThan(4);
  });

  it('makes show notes with the guest line, chapters with times and quotes with speaker and time', () => {
    const notes = drafts.find((d) => d.format === 'shownotes')!;
    const texts = notes.blocks.map((b) => b.text);
    expect(texts).toContain('Guest: Priya · Host: Sam');
    const chapters = notes.blocks.filter((b) => /^\d\d:\d\d /.test(b.text));
    expect(chapters.length).toBeGreaterThanOrEqual(2);
    expect(chapters[0]).toMatchObject({
      text: expect.stringMatching(/^00:00 /),
      start_ms: 0,
      origin: 'echo',
    });
    const quotes = notes.blocks.filter((b) => b.kind === 'quote');
    expect(quotes.length).toBeGreaterThanOrEqual(3);
    for (const quote of quotes) expect(quote.text).toMatch(/” — (?:Priya|Sam), \d\d:\d\d$/);
  });

  it('carries the attribution into every export', async () => {
    for (const format of ['linkedin', 'blog', 'shownotes']) {
      const draft = drafts.find((d) => d.format === format)!;
      for (const as of ['md', 'html', 'txt']) {
        const res = await alice.call('GET', `/api/studio/drafts/${draft.id}/export?as=${as}`);
        expect(res.statusCode).toBe(200);
        for (const block of draft.blocks.filter((b) => b.origin === 'guest'))
          expect(res.body, `${format}.${as}`).toContain(as === 'html' ? 'Priya' : block.text);
      }
    }
  });

  it("keeps an edited quote Priya's, named, and never learns it as Sam's words", async () => {
    const linkedin = drafts.find((d) => d.format === 'linkedin')!;
    const quote = linkedin.blocks.find((b) => b.origin === 'guest')!;
    const bare = quote.text.replace(/^.*?“|”$/g, '');
    const res = await alice.call('PUT', `/api/studio/drafts/${linkedin.id}`, {
      blocks: [{ id: quote.id, text: bare }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = (res.json() as Draft).blocks.find((b) => b.id === quote.id)!;
    expect(saved).toMatchObject({ origin: 'guest', speaker: 'Priya', supported: true });
    expect(saved.text).toBe(`${bare} — Priya`);
    expect(saved.sources.every((s) => speakerOf.get(s.sentence_id) === 'Priya')).toBe(true);
  });
});

describe('a conversation whose owner has not said which one is them', () => {
  it("speaks as a name they used before, says it is Echo's guess, and keeps the guests' words theirs", async () => {
    await alice.echo.query(
      `insert into studio_voice_settings (owner_email, my_names) values ($1, '{Sam}')
         on conflict (owner_email) do update set my_names = '{Sam}'`,
      ['alice@example.com'],
    );
    // Priya speaks first here: without the remembered name, the first speaker would be the guess.
    const panel = { ...PANEL, turns: [PANEL.turns[1]!, ...PANEL.turns.slice(0, 1), ...PANEL.turns.slice(2)] };
    const { note, speakerOf } = await addConversationNote(alice.echo, alice.cookie, panel, {
      title: 'Panel',
    });
    const [linkedin] = await draftsFor({
      note_ids: [note.id],
      formats: ['linkedin'],
      engine: 'extractive',
    });
    expect(linkedin!.meta.conversation).toEqual({
      speaks_as: 'Sam',
      confirmed: false,
      guests: ['Priya', 'Dev'],
    });
    for (const block of linkedin!.blocks.filter((b) => b.origin === 'user'))
      expect(block.sources.every((s) => speakerOf.get(s.sentence_id) === 'Sam')).toBe(true);
  });
});

describe('show notes of a solo note', () => {
  it('are refused: they are made from a conversation', async () => {
    const res = await alice.call('POST', '/api/studio/notes', {
      text: 'I raised my prices twice last year and lost one client. Pricing is a conversation, not a number.',
      title: 'Solo',
    });
    const answer = await alice.call('POST', '/api/studio/drafts', {
      note_ids: [res.json().id],
      formats: ['shownotes'],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain('made from a conversation');
  });
});

describe('a conversation written by the language model', () => {
  let llm: FakeOpenAi;
  beforeAll(async () => {
    llm = await new FakeOpenAi().start();
  });
  afterAll(() => llm?.stop());
  const dana = setUpStudioOwner('dana@example.com', () => ({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'fake-model',
  }));

  it("is told whose each sentence is, and a guest's words it gives as the owner's come back as theirs", async () => {
    const { echo, cookie } = dana;
    const { note, speakerOf } = await addConversationNote(echo, cookie, INTERVIEW, { me: 'Sam' });
    // The model answers as a careless one would: Priya's words written as the owner's.
    llm.chatReply = (request) => {
      const prompt = (request.json as { messages: Array<{ content: string }> }).messages.at(-1)!.content;
      const line = (start: string) => sentenceNumber(prompt, start);
      return JSON.stringify({
        blocks: [
          {
            kind: 'hook',
            text: 'Today I am talking with Priya, who runs three coffee shops in Leeds.',
            sources: [line('Today I am talking')],
          },
          {
            kind: 'sentence',
            text: 'I hired friends first and that was a mistake.',
            sources: [line('I hired friends')],
          },
          {
            kind: 'sentence',
            text: 'Never hire someone because they are nice to you.',
            sources: [line('And never hire someone'), line('Today I am talking')],
          },
        ],
      });
    };
    const res = await dana.call('POST', '/api/studio/drafts', {
      note_ids: [note.id],
      formats: ['linkedin'],
      engine: 'llm',
    });
    expect(res.statusCode, res.body).toBe(202);
    const draft = await settledDraft(echo, cookie, (res.json() as { drafts: Draft[] }).drafts[0]!.id);
    expect(draft).toMatchObject({ status: 'ready', engine: 'llm' });
    const prompt = JSON.stringify(
      llm.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!.json,
    );
    expect(prompt).toContain('[Priya] I hired friends first');
    expect(prompt).toContain('never write them as Sam');
    expect(draft.blocks.map((b) => [b.origin, b.text])).toEqual([
      ['user', 'Today I am talking with Priya, who runs three coffee shops in Leeds.'],
      ['guest', 'As Priya put it: “I hired friends first and that was a mistake.”'],
    ]);
    expect(draft.blocks[1]!.sources.map((s) => speakerOf.get(s.sentence_id))).toEqual(['Priya']);
    expect(draft.meta.conversation).toMatchObject({ speaks_as: 'Sam', confirmed: true });
  });
});
