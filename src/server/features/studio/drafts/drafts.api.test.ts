import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import { CAROUSEL_SLIDE_MAX_WORDS, type Draft } from '#contract/studio-drafts.ts';
import { halfAList, TWO_MISTAKES } from '#tests/fixtures/studio/two-mistakes.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import {
  callAs,
  eventually,
  type StudioTestApp,
  sessionCookie,
  settledDraft,
  setUpStudioOwner,
  PRICING_TRANSCRIPT as transcript,
} from '#tests/support/studio.ts';
import { deleteStudioDataOf } from '../index.ts';

const alice = setUpStudioOwner('alice@example.com');

const call = callAs;

async function addNote(app: StudioTestApp, cookie: string, text: string): Promise<NoteDetail> {
  const res = await call(app, 'POST', '/api/studio/notes', cookie, { text, title: 'Pricing' });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function draftsFor(app: StudioTestApp, cookie: string, body: unknown): Promise<Draft[]> {
  const res = await call(app, 'POST', '/api/studio/drafts', cookie, body);
  expect(res.statusCode, res.body).toBe(202);
  const started = (res.json() as { drafts: Draft[] }).drafts;
  return Promise.all(started.map((d) => settledDraft(app, cookie, d.id)));
}

describe('Studio drafts, offline engine', () => {
  let note: NoteDetail;
  let drafts: Draft[];
  beforeAll(async () => {
    note = await addNote(alice.echo, alice.cookie, transcript);
    drafts = await draftsFor(alice.echo, alice.cookie, {
      note_ids: [note.id],
      formats: ['blog', 'linkedin', 'thread', 'carousel', 'clips'],
    });
  });
  const draft = (format: string) => drafts.find((d) => d.format === format)!;

  it('writes each format from the note, every block traced to the note’s sentences', () => {
    const sentenceIds = new Set(note.sentences.map((s) => s.id));
    for (const format of ['blog', 'linkedin', 'thread', 'carousel']) {
      const d = draft(format);
      expect(d, format).toMatchObject({ status: 'ready', engine: 'extractive', note_ids: [note.id] });
      for (const block of d.blocks.filter((b) =>
        ['sentence', 'post', 'slide', 'hook', 'quote'].includes(b.kind),
      )) {
        expect(block.sources.length).toBeGreaterThan(0);
        for (const s of block.sources) {
          expect(sentenceIds.has(s.sentence_id)).toBe(true);
          expect(s).toMatchObject({ note_id: note.id, available: true });
        }
        expect(block.supported).toBe(true);
      }
    }
    const posts = draft('thread').blocks;
    for (const [i, post] of posts.entries())
      expect(`${i + 1}/${posts.length} ${post.text}`.length).toBeLessThanOrEqual(280);
    expect(draft('blog').blocks.find((b) => b.kind === 'meta')!.text.length).toBeLessThanOrEqual(160);
  });

  it('writes the five in one job: one read of the note for all of them', async () => {
    const jobs = await alice.echo.query<{ drafts: string[] }>(
      "select array[data->>'draftId'] || array(select jsonb_array_elements_text(data->'withDraftIds')) as drafts from pgboss.job where name = 'studio.draft' and $1 = any(array[data->>'draftId'] || array(select jsonb_array_elements_text(coalesce(data->'withDraftIds', '[]'))))",
      [drafts[0]!.id],
    );
    expect(jobs.map((j) => [...j.drafts].sort())).toEqual([drafts.map((d) => d.id).sort()]);
  });

  it('says why a format cannot be made instead of padding (clip hooks need a recording)', () => {
    expect(draft('clips')).toMatchObject({ status: 'failed', blocks: [] });
    expect(draft('clips').error).toMatch(/^Clip hooks need a voice or video note/);
  });

  it('scores each draft against the voice profile with reasons in plain words', async () => {
    const scored = draft('linkedin');
    expect(scored.fidelity).not.toBeNull();
    expect(scored.fidelity!.score).toBeGreaterThanOrEqual(0);
    expect(scored.fidelity!.score).toBeLessThanOrEqual(100);
    expect(scored.fidelity!.reasons.length).toBeGreaterThan(0);
  });

  it('files each generation on the dashboard as an echo_core result with its status', async () => {
    const res = await alice.call('POST', '/api/content-results/access', {
      email: 'alice@example.com',
    });
    const results = (res.json() as { results: { product_type: string; status: string }[] }).results.filter(
      (r) => r.product_type === 'echo_core',
    );
    expect(results).toHaveLength(5);
    expect(results.filter((r) => r.status === 'completed')).toHaveLength(4);
    expect(results.filter((r) => r.status === 'failed')).toHaveLength(1);
  });

  it('exports Markdown, HTML and text, a zip of 1080x1350 slides, and refuses captions for a non-clip draft', async () => {
    const md = await alice.call('GET', `/api/studio/drafts/${draft('blog').id}/export?as=md`);
    expect(md.headers['content-type']).toMatch(/text\/markdown/);
    expect(md.headers['content-disposition']).toMatch(/^attachment; filename="blog-\d{4}-\d{2}-\d{2}\.md"$/);
    expect(md.body).toMatch(/^---\ntitle: /);
    const html = await alice.call('GET', `/api/studio/drafts/${draft('blog').id}/export?as=html`);
    expect(html.body).toContain('<h2>');
    const zip = await alice.call('GET', `/api/studio/drafts/${draft('carousel').id}/export?as=zip`);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files)).toHaveLength(draft('carousel').blocks.length);
    const srt = await alice.call('GET', `/api/studio/drafts/${draft('blog').id}/export?as=srt`);
    expect(srt.statusCode).toBe(400);
  });

  it('keeps drafts private: another owner gets 404', async () => {
    const bob = await sessionCookie(alice.echo, 'bob@example.com');
    for (const url of [
      `/api/studio/drafts/${draft('blog').id}`,
      `/api/studio/drafts/${draft('blog').id}/export?as=md`,
    ])
      expect((await call(alice.echo, 'GET', url, bob)).statusCode).toBe(404);
    const theirs = await call(alice.echo, 'POST', '/api/studio/drafts', bob, {
      note_ids: [note.id],
      formats: ['blog'],
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('saves edits, marks an invented sentence unsupported, and learns the edit without a library note', async () => {
    const d = draft('linkedin');
    const body = d.blocks.find((b) => b.kind === 'sentence')!;
    const res = await alice.call('PUT', `/api/studio/drafts/${d.id}`, {
      blocks: [{ id: body.id, text: 'We closed a ten million dollar round in Berlin last spring.' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Draft;
    expect(saved.edited).toBe(true);
    expect(saved.blocks.find((b) => b.id === body.id)).toMatchObject({ supported: false });
    const notes = (await alice.call('GET', '/api/studio/notes')).json() as {
      notes: { title: string }[];
    };
    expect(notes.notes.map((n) => n.title)).not.toContain('Edited LinkedIn post');
    expect(notes.notes).toHaveLength(1);
  });

  it('regenerates one block with another of the user’s sentences', async () => {
    const d = draft('carousel');
    const slide = d.blocks[2]!;
    const res = await alice.call('POST', `/api/studio/drafts/${d.id}/regenerate`, {
      block_id: slide.id,
    });
    expect(res.statusCode).toBe(202);
    const again = await eventually(async () => {
      const next = (await alice.call('GET', `/api/studio/drafts/${d.id}`)).json() as Draft;
      return next.status === 'ready' && next;
    });
    expect(again.blocks.find((b) => b.id === slide.id)!.text).not.toBe(slide.text);
    expect(again.blocks.filter((b) => b.id !== slide.id)).toEqual(d.blocks.filter((b) => b.id !== slide.id));
  });

  it('refuses to save a carousel slide edited past what a slide holds, and saves one that fits', async () => {
    const d = draft('carousel');
    const slide = d.blocks[1]!;
    const long = `${slide.text} ${'and then we talked about it again '.repeat(5)}`.trim();
    const words = long.split(/\s+/).length;
    expect(words).toBeGreaterThan(CAROUSEL_SLIDE_MAX_WORDS);
    const refused = await alice.call('PUT', `/api/studio/drafts/${d.id}`, {
      blocks: [{ id: slide.id, text: long }],
      learn: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'validation_failed',
      message: `Slide 2 has ${words} words; a slide holds at most ${CAROUSEL_SLIDE_MAX_WORDS}. Shorten it.`,
    });
    // One endless word: few words, but more characters than the slide can show.
    const wide = await alice.call('PUT', `/api/studio/drafts/${d.id}`, {
      blocks: [{ id: slide.id, text: `Pricing ${'a'.repeat(400)}` }],
      learn: false,
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toMatch(/^Slide 2 has 408 characters; a slide holds at most 280\./);
    const unchanged = (await alice.call('GET', `/api/studio/drafts/${d.id}`)).json() as Draft;
    expect(unchanged.blocks[1]!.text).toBe(slide.text);
    const fits = await alice.call('PUT', `/api/studio/drafts/${d.id}`, {
      blocks: [{ id: slide.id, text: 'Charge for the result, not the hours.' }],
      learn: false,
    });
    expect(fits.statusCode, fits.body).toBe(200);
    expect((fits.json() as Draft).blocks[1]!.text).toBe('Charge for the result, not the hours.');
  });

  it('says how many words a short note lacks, and keeps drafts readable after their note is deleted', async () => {
    const short = await addNote(
      alice.echo,
      alice.cookie,
      'Pricing is a conversation, not a number. I raised my prices twice last year.',
    );
    const [blog] = await draftsFor(alice.echo, alice.cookie, { note_ids: [short.id], formats: ['blog'] });
    expect(blog).toMatchObject({
      status: 'failed',
      error: 'Needs about 150 words for a blog post; this note has 14',
    });

    const [thread] = await draftsFor(alice.echo, alice.cookie, { note_ids: [note.id], formats: ['thread'] });
    expect((await alice.call('DELETE', `/api/studio/notes/${note.id}`)).statusCode).toBe(204);
    const after = (await alice.call('GET', `/api/studio/drafts/${thread!.id}`)).json() as Draft;
    expect(after.blocks).toHaveLength(thread!.blocks.length);
    expect(after.blocks.every((b) => b.sources.every((s) => s.available === false))).toBe(true);
  });
});

describe('Studio drafts, language model engine', () => {
  let llm: FakeOpenAi;
  let note: NoteDetail;
  beforeAll(async () => {
    llm = await new FakeOpenAi().start();
  });
  afterAll(() => llm?.stop());
  const carol = setUpStudioOwner('carol@example.com', () => ({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'fake-model',
  }));
  // The fake model starts first, then the app (setUpStudioOwner's own hook), then this note.
  // biome-ignore lint/suspicious/noDuplicateTestHooks: the app's hook runs between the two
  beforeAll(async () => {
    note = await addNote(carol.echo, carol.cookie, transcript);
  });

  it('sends numbered sources and checks every claim: an invented sentence is marked unsupported', async () => {
    llm.chatReply = JSON.stringify({
      blocks: [
        { kind: 'hook', text: 'Pricing is a conversation, not a number.', sources: [1, 2] },
        {
          kind: 'sentence',
          text: 'Most freelancers never ask what the result is worth to the client.',
          sources: [1, 2, 3],
        },
        { kind: 'sentence', text: 'Our agency closed a ten million dollar round in Berlin.', sources: [2] },
        { kind: 'cta', text: 'What would change if you charged for the result?', sources: [3] },
      ],
    });
    const before = llm.requests.length;
    const [draft] = await draftsFor(carol.echo, carol.cookie, {
      note_ids: [note.id],
      formats: ['linkedin'],
      engine: 'llm',
    });
    expect(draft).toMatchObject({ status: 'ready', engine: 'llm' });
    const invented = draft!.blocks.find((b) => b.text.startsWith('Our agency'))!;
    expect(invented.supported).toBe(false);
    const chat = llm.requests.slice(before).filter((r) => r.path.endsWith('/chat/completions'));
    expect(chat.length).toBeGreaterThanOrEqual(1);
    const prompt = JSON.stringify(chat[0]!.json);
    expect(prompt).toContain('1. ');
    expect(prompt).toContain('Attribute first');
    // The note is pasted (written), but it is the draft's source: it is not sent again as a sample.
    expect(prompt).not.toContain('of their writing');
  });

  it('gives each draft the model writes a job of its own, the second queued behind the first', async () => {
    const drafts = await draftsFor(carol.echo, carol.cookie, {
      note_ids: [note.id],
      formats: ['blog', 'thread'],
      engine: 'llm',
    });
    const jobs = await carol.echo.query<{ draft: string; priority: number; more: unknown }>(
      "select data->>'draftId' as draft, priority, data->'withDraftIds' as more from pgboss.job where name = 'studio.draft' and data->>'draftId' = any($1)",
      [drafts.map((d) => d.id)],
    );
    const of = (id: string) => jobs.find((j) => j.draft === id);
    expect(jobs).toHaveLength(2);
    expect(jobs.every((j) => j.more === null)).toBe(true);
    expect(of(drafts[1]!.id)!.priority).toBe(of(drafts[0]!.id)!.priority - 1);
  });

  it('holds the model to the planner: half a list asks for a second try, then a warning; a dropped figure goes back', async () => {
    const story = await addNote(carol.echo, carol.cookie, TWO_MISTAKES);
    // The model gives the announcement, the first item only, and the downloads without their figure.
    llm.chatReply = (request) => halfAList(JSON.stringify(request.json));
    const before = llm.requests.length;
    const [draft] = await draftsFor(carol.echo, carol.cookie, {
      note_ids: [story.id],
      formats: ['linkedin'],
      engine: 'llm',
    });
    const chat = llm.requests.slice(before).filter((r) => r.path.endsWith('/chat/completions'));
    expect(chat).toHaveLength(2);
    const retry = JSON.stringify(chat[1]!.json);
    expect(retry).toContain('gave only part of the list');
    // The downloads' figure is put back from the sentence the block cites, so it is not asked for.
    expect(retry).not.toContain('keep 340');
    expect(draft).toMatchObject({ status: 'ready', engine: 'llm' });
    expect(draft!.meta.warning).toMatch(/only part of a list you made/);
    expect(draft!.meta.warning).not.toMatch(/leaves out/);
    expect(draft!.blocks.map((b) => b.text)).toContain('We got about 340 downloads in the first month.');
    expect(draft!.blocks.every((b) => b.origin === 'user')).toBe(true);
  });

  it('falls back to the offline engine, with a visible note, when the model answers broken JSON', async () => {
    llm.chatReply = '{"blocks": [ this is not json';
    const [draft] = await draftsFor(carol.echo, carol.cookie, { note_ids: [note.id], formats: ['thread'] });
    expect(draft).toMatchObject({ status: 'ready', engine: 'extractive' });
    expect(draft!.blocks.length).toBeGreaterThan(2);
    expect(draft!.meta.fallback).toMatch(/could not write this draft/);
  });

  it("is removed with the owner's other Studio data by 'Delete my data'", async () => {
    const before = await carol.echo.query<{ n: number }>(
      "select count(*)::int as n from studio_drafts where owner_email = 'carol@example.com'",
    );
    expect(before[0]!.n).toBeGreaterThan(0);
    await carol.echo.ctx.database.transaction((tx) =>
      deleteStudioDataOf(carol.echo.ctx, tx, 'carol@example.com'),
    );
    const after = await carol.echo.query<{ n: number }>(
      "select count(*)::int as n from studio_drafts where owner_email = 'carol@example.com'",
    );
    expect(after[0]!.n).toBe(0);
  });
});
