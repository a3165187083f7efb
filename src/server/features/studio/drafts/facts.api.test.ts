import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import { type Draft, type DraftFact, factSummary } from '#contract/studio-drafts.ts';
import { FakeOpenAi, sentenceNumber } from '#tests/support/fake-openai.ts';
import {
  callAs,
  type StudioTestApp,
  sessionCookie,
  settledDraft,
  startStudioApp,
} from '#tests/support/studio.ts';

/**
 * Each draft carries its fact checklist (`meta.facts`): the note's facts in written form, kept or
 * left out, worked out again when the owner edits; a left-out fact is put back in one call.
 */
const AGENCY = [
  'For six years our biggest client was a logistics company in Rotterdam, and they were about forty percent of our revenue.',
  'Last October I sat down with our bookkeeper, Anouk, and we worked out what they actually paid us per hour.',
  'It came to roughly eighty-five dollars an hour, and our other clients were paying us closer to a hundred and forty.',
  'So the biggest client was actually our worst client.',
  'We put a real price on every rewrite, a hundred and twenty dollars each after the second round.',
  'We cut the weekly status call to one call a month, and we told them we would help them find another agency by the end of January.',
  'They stayed for four more months and then they left.',
  'We replaced all of that revenue in eleven weeks, with two smaller clients who pay full price.',
  'The lesson is that revenue is not the same as profit, and a big logo can hide a bad deal.',
].join(' ');

let echo: StudioTestApp;
let llm: FakeOpenAi;
let alice: string;
let note: NoteDetail;
beforeAll(async () => {
  llm = await new FakeOpenAi().start();
  echo = await startStudioApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-model' });
  alice = await sessionCookie(echo, 'alice@example.com');
  const res = await callAs(echo, 'POST', '/api/studio/notes', alice, { text: AGENCY, title: 'Agency' });
  expect(res.statusCode).toBe(201);
  note = res.json();
});
afterAll(async () => {
  await echo?.close();
  await llm?.stop();
});

async function drafts(formats: string[], engine: 'extractive' | 'llm' = 'extractive'): Promise<Draft[]> {
  const res = await callAs(echo, 'POST', '/api/studio/drafts', alice, {
    note_ids: [note.id],
    formats,
    engine,
  });
  expect(res.statusCode, res.body).toBe(202);
  return Promise.all((res.json() as { drafts: Draft[] }).drafts.map((d) => settledDraft(echo, alice, d.id)));
}
const factsOf = (draft: Draft) => draft.meta.facts as DraftFact[];
const sentenceWith = (start: string) => note.sentences.find((s) => s.text.startsWith(start))!.id;

describe('the fact checklist', () => {
  it('comes with every text format, in written form, traced to the note’s sentences', async () => {
    const made = await drafts(['blog', 'linkedin', 'thread', 'carousel', 'clips']);
    const ids = new Set(note.sentences.map((s) => s.id));
    for (const draft of made.filter((d) => d.format !== 'clips')) {
      expect(draft.status, draft.format).toBe('ready');
      const facts = factsOf(draft);
      expect(facts.map((f) => f.text)).toEqual(
        expect.arrayContaining([
          'Rotterdam',
          '40%',
          'Anouk',
          '$85 an hour',
          'closer to $140 an hour',
          '$120',
        ]),
      );
      expect(facts.find((f) => f.text === 'closer to $140 an hour')).toMatchObject({
        kind: 'comparison',
        sentence_ids: [sentenceWith('It came to roughly')],
      });
      expect(facts.some((f) => f.kind === 'lesson')).toBe(true);
      for (const fact of facts) for (const id of fact.sentence_ids) expect(ids.has(id)).toBe(true);
      // What the checklist says kept is in the draft's text.
      const text = draft.blocks.map((b) => b.text).join(' ');
      for (const fact of facts.filter((f) => f.kept && f.kind !== 'lesson' && f.kind !== 'comparison'))
        expect(text, `${draft.format}: ${fact.text}`).toContain(fact.text.split(' ')[0]!);
    }
    // A short note is taken whole by the long formats: nothing is left out.
    for (const format of ['blog', 'linkedin', 'thread'])
      expect(
        factsOf(made.find((d) => d.format === format)!).every((f) => f.kept),
        format,
      ).toBe(true);
    expect(made.find((d) => d.format === 'clips')!.meta.facts).toBeUndefined();
  });

  it('is checked again when the owner edits, and a left-out fact goes back where it was said', async () => {
    const [draft] = await drafts(['linkedin']);
    const holding = draft!.blocks.find((b) => b.text.includes('closer to $140 an hour'))!;
    expect(holding.sources.map((s) => s.sentence_id)).toEqual([sentenceWith('It came to roughly')]);
    // The owner deletes the sentence with the rates.
    const saved = await callAs(echo, 'PUT', `/api/studio/drafts/${draft!.id}`, alice, {
      blocks: [],
      order: draft!.blocks.filter((b) => b.id !== holding.id).map((b) => b.id),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = saved.json() as Draft;
    const left = factsOf(edited).filter((f) => !f.kept);
    expect(left.map((f) => f.text)).toEqual(['$85 an hour', 'closer to $140 an hour']);
    expect(factSummary(factsOf(edited))).toMatch(
      /^Kept \d+ of \d+ facts · left out: \$85 an hour, closer to \$140 an hour$/,
    );

    const versions = async () =>
      (
        (await callAs(echo, 'GET', `/api/studio/drafts/${draft!.id}/versions`, alice)).json() as {
          versions: [];
        }
      ).versions.length;
    const before = await versions();
    const back = await callAs(
      echo,
      'POST',
      `/api/studio/drafts/${draft!.id}/facts/${left[1]!.id}/put-back`,
      alice,
    );
    expect(back.statusCode, back.body).toBe(200);
    const restored = back.json() as Draft;
    expect(factsOf(restored).every((f) => f.kept)).toBe(true);
    const put = restored.blocks.filter((b) => !edited.blocks.some((e) => e.id === b.id));
    expect(put).toHaveLength(1);
    expect(put[0]).toMatchObject({
      kind: 'sentence',
      origin: 'user',
      text: 'It came to roughly $85 an hour, and our other clients were paying us closer to $140 an hour.',
      sources: [{ note_id: note.id, sentence_id: sentenceWith('It came to roughly'), available: true }],
      supported: true,
    });
    // Where it was said: right after the sentence before it, before "So the biggest client...".
    const at = restored.blocks.indexOf(restored.blocks.find((b) => b.id === put[0]!.id)!);
    expect(restored.blocks[at + 1]!.text).toMatch(/^So the biggest client|^The biggest client/);
    expect(restored.edited).toBe(true);
    expect(await versions()).toBe(before + 1);

    // Already kept, unknown, or another owner's: refused.
    const again = await callAs(
      echo,
      'POST',
      `/api/studio/drafts/${draft!.id}/facts/${left[1]!.id}/put-back`,
      alice,
    );
    expect(again.statusCode).toBe(400);
    const unknown = await callAs(echo, 'POST', `/api/studio/drafts/${draft!.id}/facts/f999/put-back`, alice);
    expect(unknown.statusCode).toBe(404);
    const bob = await sessionCookie(echo, 'bob@example.com');
    const theirs = await callAs(
      echo,
      'POST',
      `/api/studio/drafts/${draft!.id}/facts/${left[0]!.id}/put-back`,
      bob,
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('puts a thread’s fact back as a post and a carousel’s as a slide before the closing one', async () => {
    for (const format of ['thread', 'carousel'] as const) {
      const [draft] = await drafts([format]);
      const holding = draft!.blocks.find((b) => b.text.includes('$120'));
      if (!holding) continue; // the carousel may have left it out already
      const saved = await callAs(echo, 'PUT', `/api/studio/drafts/${draft!.id}`, alice, {
        blocks: [],
        order: draft!.blocks.filter((b) => b.id !== holding.id).map((b) => b.id),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const fact = factsOf(saved.json() as Draft).find((f) => f.text === '$120')!;
      expect(fact.kept).toBe(false);
      const back = await callAs(
        echo,
        'POST',
        `/api/studio/drafts/${draft!.id}/facts/${fact.id}/put-back`,
        alice,
      );
      expect(back.statusCode, back.body).toBe(200);
      const restored = back.json() as Draft;
      const put = restored.blocks.find((b) => b.text.includes('$120'))!;
      expect(put.kind).toBe(format === 'thread' ? 'post' : 'slide');
      expect(restored.blocks.indexOf(put)).toBeGreaterThan(0);
      expect(restored.blocks.indexOf(put)).toBeLessThan(
        restored.blocks.length - (format === 'carousel' ? 1 : 0),
      );
    }
  });

  it('checks a model’s draft too', async () => {
    llm.chatReply = (request) => {
      const prompt = JSON.stringify(request.json);
      return JSON.stringify({
        blocks: [
          {
            kind: 'hook',
            text: 'Our biggest client was our worst client.',
            sources: [sentenceNumber(prompt, 'So the biggest client')],
          },
          {
            kind: 'sentence',
            text: 'The lesson is that revenue is not the same as profit, and a big logo can hide a bad deal.',
            sources: [sentenceNumber(prompt, 'The lesson is')],
          },
        ],
      });
    };
    const [draft] = await drafts(['linkedin'], 'llm');
    expect(draft).toMatchObject({ status: 'ready', engine: 'llm' });
    const facts = factsOf(draft!);
    expect(facts.find((f) => f.kind === 'lesson')!.kept).toBe(true);
    expect(facts.find((f) => f.text === '$85 an hour')!.kept).toBe(false);
  });

  it('writes the numbers a model spelt out as figures, as the offline drafts do', async () => {
    // The prompt asks for figures; a model that answers in words is put in written form all the same.
    llm.chatReply = (request) => {
      const prompt = JSON.stringify(request.json);
      expect(prompt).toContain('Write numbers as a reader expects');
      return JSON.stringify({
        blocks: [
          {
            kind: 'hook',
            text: 'For six years our biggest client was about forty percent of our revenue.',
            sources: [sentenceNumber(prompt, 'For six years')],
          },
          {
            kind: 'sentence',
            text: 'It came to roughly eighty-five dollars an hour, and our other clients were paying us closer to a hundred and forty.',
            sources: [sentenceNumber(prompt, 'It came to')],
          },
          {
            kind: 'cta',
            text: 'We replaced all of that revenue in eleven weeks.',
            sources: [sentenceNumber(prompt, 'We replaced')],
          },
        ],
      });
    };
    const before = llm.chats.length;
    const [draft] = await drafts(['linkedin'], 'llm');
    expect(draft).toMatchObject({ status: 'ready', engine: 'llm' });
    const text = draft!.blocks.map((b) => b.text).join(' ');
    expect(text).toContain('40% of our revenue');
    expect(text).toContain('$85 an hour');
    // The bare amount compared with "$85 an hour" keeps its currency and rate.
    expect(text).toContain('closer to $140 an hour');
    expect(text).toContain('11 weeks');
    expect(text).not.toMatch(/forty|eighty-five|eleven/);
    const facts = factsOf(draft!);
    for (const fact of ['40%', '$85 an hour', '11 weeks'])
      expect(facts.find((f) => f.text.includes(fact))?.kept, fact).toBe(true);
    // Every figure the model kept counts as kept: no second try.
    expect(llm.chats.length - before).toBe(1);
  });

  it('puts back a fact the model dropped from a sentence it cites, and reports what it never used', async () => {
    llm.chatReply = (request) => {
      const prompt = JSON.stringify(request.json);
      return JSON.stringify({
        blocks: [
          {
            kind: 'hook',
            text: 'For six years our biggest client was a logistics company in Rotterdam, and they were about 40% of our revenue.',
            sources: [sentenceNumber(prompt, 'For six years')],
          },
          // The rate and what the others paid are dropped from the sentence it cites.
          {
            kind: 'sentence',
            text: 'Our other clients were paying us a lot more.',
            sources: [sentenceNumber(prompt, 'It came to')],
          },
          {
            kind: 'cta',
            text: 'The lesson is that revenue is not the same as profit, and a big logo can hide a bad deal.',
            sources: [sentenceNumber(prompt, 'The lesson is')],
          },
        ],
      });
    };
    const before = llm.chats.length;
    const [draft] = await drafts(['linkedin'], 'llm');
    expect(draft).toMatchObject({ status: 'ready', engine: 'llm' });
    // Put back without asking again: the block is the owner's sentence as a draft writes it.
    expect(llm.chats.length - before).toBe(1);
    const back = draft!.blocks.find((b) =>
      b.sources.some((s) => s.sentence_id === sentenceWith('It came to')),
    )!;
    expect(back).toMatchObject({ origin: 'user', supported: true });
    expect(back.text).toMatch(
      /^It came to roughly \$85 an hour, and our other clients were paying us closer to \$140 an hour\.$/,
    );
    expect(draft!.meta.warning).toBeUndefined();
    const facts = factsOf(draft!);
    expect(facts.find((f) => f.text === '$85 an hour')!.kept).toBe(true);
    expect(facts.find((f) => f.text.includes('140'))!.kept).toBe(true);
    // What the model never drew on is on the checklist as left out, as for an offline draft.
    expect(facts.find((f) => f.text.includes('11 weeks'))!.kept).toBe(false);
  });
});
