import { describe, expect, it } from 'vitest';
import { NOTE_TEXT_TOO_LONG_MESSAGE, type NoteDetail, STUDIO_LIMITS } from '#contract/studio.ts';
import { BEFORE_CORRECTIONS_REASON, type Draft, ROUGH_TRANSCRIPT_REASON } from '#contract/studio-drafts.ts';
import {
  callAs,
  sessionCookie,
  settledDraft,
  setUpStudioOwner,
  timedNote,
  PRICING_TRANSCRIPT as transcript,
} from '#tests/support/studio.ts';

/**
 * A rough transcript is checked before it becomes posts, and its drafts tell the truth: they say the
 * words are unchecked, their score never claims them as said, and once the words are corrected the
 * drafts made before say so and never cite a changed sentence as their source.
 */
const owner = setUpStudioOwner('rough@example.com');
const { call } = owner;

/** A note as if PocketSphinx had heard it: a voice note, its sentences timed two seconds apart. */
const roughNote = (text: string) =>
  timedNote(owner.echo, owner.cookie, { text, title: 'Heard roughly' }, { rough: true });

async function draftsOf(noteId: string, formats: string[]): Promise<Draft[]> {
  const res = await call('POST', '/api/studio/drafts', { note_ids: [noteId], formats, engine: 'extractive' });
  expect(res.statusCode, res.body).toBe(202);
  return Promise.all(
    (res.json() as { drafts: Draft[] }).drafts.map((d) => settledDraft(owner.echo, owner.cookie, d.id)),
  );
}

const getDraft = async (id: string) => (await call('GET', `/api/studio/drafts/${id}`)).json() as Draft;

describe('drafts of a rough transcript', () => {
  it('say the words are unchecked, score both sides apart, and stop once the owner says it looks right', async () => {
    // Other notes of the owner: "sounds like you" is measured against them, not the draft's own note.
    await call('POST', '/api/studio/notes', { text: transcript, title: 'Pricing' });
    const note = await roughNote(transcript);
    expect(note.needs_review).toBe(true);
    const drafts = await draftsOf(note.id, ['linkedin', 'blog']);
    for (const draft of drafts) {
      expect(draft.status).toBe('ready');
      expect(draft.rough_transcript).toBe(true);
      expect(draft.before_corrections).toBe(false);
      expect(draft.fidelity!.rough).toBe(true);
      expect(draft.fidelity!.reasons[0]).toBe(ROUGH_TRANSCRIPT_REASON);
      expect(draft.fidelity!.reasons.join(' ')).not.toMatch(/as you said it/);
      expect(draft.fidelity!.faithful!.reasons.join(' ')).not.toMatch(/as you said it/);
      expect(draft.fidelity!.faithful!.score).toBeGreaterThan(0);
      expect(draft.fidelity!.voice!.score).toBeGreaterThan(0);
    }

    const reviewed = await call('POST', `/api/studio/notes/${note.id}/review`);
    expect(reviewed.statusCode).toBe(200);
    expect((reviewed.json() as NoteDetail).needs_review).toBe(false);
    const after = await getDraft(drafts[0]!.id);
    expect(after.rough_transcript).toBe(false);
    expect(after.fidelity!.rough).toBeUndefined();
    expect(after.fidelity!.reasons).not.toContain(ROUGH_TRANSCRIPT_REASON);
  });

  it('has no other note to compare with on an owner’s first note', async () => {
    const alone = await sessionCookie(owner.echo, 'first@example.com');
    const created = await callAs(owner.echo, 'POST', '/api/studio/notes', alone, { text: transcript });
    const res = await callAs(owner.echo, 'POST', '/api/studio/drafts', alone, {
      note_ids: [(created.json() as NoteDetail).id],
      formats: ['linkedin'],
      engine: 'extractive',
    });
    const draft = await settledDraft(owner.echo, alone, (res.json() as { drafts: Draft[] }).drafts[0]!.id);
    expect(draft.fidelity!.voice).toBeNull();
    expect(draft.fidelity!.faithful).toBeDefined();
  });
});

describe('after a correction', () => {
  it('marks the drafts made before, and shows the corrected sentence as changed, not as support', async () => {
    const note = await roughNote(transcript);
    const [draft] = await draftsOf(note.id, ['linkedin']);
    expect(draft!.before_corrections).toBe(false);
    const cited = draft!.blocks.find((b) => b.sources.length > 0)!.sources[0]!;
    const sentence = note.sentences.find((s) => s.id === cited.sentence_id)!;
    const res = await call('PATCH', `/api/studio/notes/${note.id}/sentences/${sentence.id}`, {
      text: 'Something else entirely was said here.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as NoteDetail).needs_review).toBe(false);

    const stale = await getDraft(draft!.id);
    expect(stale.before_corrections).toBe(true);
    expect(stale.rough_transcript).toBe(false);
    expect(stale.fidelity!.reasons[0]).toBe(BEFORE_CORRECTIONS_REASON);
    expect(stale.fidelity!.faithful!.reasons.join(' ')).not.toMatch(/as you said it/);
    const sources = stale.blocks.flatMap((b) => b.sources);
    expect(sources.filter((s) => s.changed).map((s) => s.sentence_id)).toEqual([sentence.id]);
    expect(sources.filter((s) => !s.changed).length).toBeGreaterThan(0);

    // Regenerated: made from the corrected words, nothing stale.
    expect((await call('POST', `/api/studio/drafts/${draft!.id}/regenerate`, {})).statusCode).toBe(202);
    const fresh = await settledDraft(owner.echo, owner.cookie, draft!.id);
    expect(fresh.before_corrections).toBe(false);
    expect(fresh.blocks.flatMap((b) => b.sources).some((s) => s.changed)).toBe(false);
  });
});

describe('editing the whole text', () => {
  it('splits and joins sentences, keeping the times and ids of those whose words still match', async () => {
    const note = await roughNote(
      'We had forty runners at the start. Half of them finished under four hours and the rest walked. Nobody quit. It rained. The club still talks about that cold morning, and every runner who finished got a medal and a hot drink at the tent by the river.',
    );
    const [a, b, c, d, e] = note.sentences;
    const [draft] = await draftsOf(note.id, ['linkedin']);
    expect(draft!.status, draft!.error ?? '').toBe('ready');
    const res = await call('PATCH', `/api/studio/notes/${note.id}`, {
      text: 'We had forty runners at the start. Half of them finished under four hours. The rest walked. Nobody quit, and it rained. The club still talks about that cold morning, and every runner who finished got a medal and a hot drink at the tent by the river.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as NoteDetail;
    expect(edited.words_changed_at).not.toBeNull();
    expect(edited.needs_review).toBe(false);
    expect(edited.sentences.map((s) => [s.id, s.text, s.start_ms, s.end_ms])).toEqual([
      // Unchanged: its id and times.
      [a!.id, 'We had forty runners at the start.', 0, 1800],
      // Split: the first part keeps the id; both share the old sentence's time by their words.
      [b!.id, 'Half of them finished under four hours.', 2000, expect.any(Number)],
      [expect.any(String), 'The rest walked.', expect.any(Number), 3800],
      // Joined: the first id kept, the time from the first's start to the second's end.
      [c!.id, 'Nobody quit, and it rained.', 4000, 7800],
      [e!.id, e!.text, 8000, 9800],
    ]);
    const split = edited.sentences[1]!.end_ms!;
    expect(split).toBeGreaterThan(2000);
    expect(split).toBeLessThanOrEqual(edited.sentences[2]!.start_ms!);
    expect(edited.sentences.map((s) => s.id)).not.toContain(d!.id);
    for (const s of edited.sentences) expect(edited.text.slice(s.start_char, s.end_char)).toBe(s.text);

    const stale = await getDraft(draft!.id);
    expect(stale.before_corrections).toBe(true);
    const sources = stale.blocks.flatMap((x) => x.sources);
    for (const s of sources) expect(Boolean(s.changed)).toBe(![a!.id, e!.id].includes(s.sentence_id));
  });

  it('takes 200,000 characters, keeping every unchanged sentence’s times, and refuses more clearly', async () => {
    const sentence = (i: number) => `Sentence number ${i} is here and it says a few words more than that. `;
    let text = '';
    for (let i = 0; text.length + sentence(i).length <= STUDIO_LIMITS.textMaxChars - 200; i++)
      text += sentence(i);
    const note = await roughNote(text.trim());
    const edited = `${note.text.replace('Sentence number 10 is here', 'Sentence ten is here. And it')}`;
    const started = Date.now();
    const res = await call('PATCH', `/api/studio/notes/${note.id}`, { text: edited });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(Date.now() - started).toBeLessThan(30_000);
    const after = res.json() as NoteDetail;
    expect(after.sentences).toHaveLength(note.sentences.length + 1);
    const before = new Map(note.sentences.map((s) => [s.id, s]));
    const kept = after.sentences.filter((s) => before.get(s.id)?.text === s.text);
    expect(kept).toHaveLength(note.sentences.length - 1);
    for (const s of kept)
      expect([s.start_ms, s.end_ms]).toEqual([before.get(s.id)!.start_ms, before.get(s.id)!.end_ms]);

    const tooLong = await call('PATCH', `/api/studio/notes/${note.id}`, {
      text: 'x'.repeat(STUDIO_LIMITS.textMaxChars + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(NOTE_TEXT_TOO_LONG_MESSAGE);
  });
});
