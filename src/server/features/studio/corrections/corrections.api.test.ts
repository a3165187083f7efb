import { describe, expect, it } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import { CORRECTION_SPLITS_MESSAGE, SENTENCE_NOT_FOUND_MESSAGE } from '#contract/studio-corrections.ts';
import { eventually, setUpStudioOwner } from '#tests/support/studio.ts';

/** Correcting what was heard: one sentence's words change; its id and times stay. */
const owner = setUpStudioOwner('corrector@example.com');
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => owner.call(method, url, body);

const search = async (q: string) =>
  (
    (await call('GET', `/api/studio/search?q=${encodeURIComponent(q)}`)).json().hits as Array<{
      note_id: string;
    }>
  ).map((h) => h.note_id);

const versions = async () =>
  (
    await owner.echo.query<{ notes_version: number; profile_version: number }>(
      'select notes_version, profile_version from studio_voice_settings where owner_email = $1',
      ['corrector@example.com'],
    )
  )[0];

describe('correcting a sentence', () => {
  it('changes its words, keeps its id and times, and updates search, key phrases and the profile', async () => {
    const created = await call('POST', '/api/studio/notes', {
      title: 'Launch story',
      text: 'We launched the bodkin in March. Nobody listened at first. Then the letters came.',
    });
    expect(created.statusCode).toBe(201);
    const note = created.json() as NoteDetail;
    // As if a recogniser had timed it.
    await owner.echo.query(
      `update studio_note_sentences set start_ms = position * 2000, end_ms = position * 2000 + 1800 where note_id = $1`,
      [note.id],
    );
    await eventually(async () => {
      const v = await versions();
      return v && v.profile_version === v.notes_version ? v : null;
    });
    const before = (await versions())!.notes_version;
    expect(await search('podcast')).toEqual([]);

    const first = note.sentences[0]!;
    const res = await call('PATCH', `/api/studio/notes/${note.id}/sentences/${first.id}`, {
      text: '  We launched the podcast   in March.  ',
    });
    expect(res.statusCode).toBe(200);
    const corrected = res.json() as NoteDetail;
    expect(corrected.text).toBe(
      'We launched the podcast in March. Nobody listened at first. Then the letters came.',
    );
    expect(corrected.sentences.map((s) => [s.id, s.text, s.start_ms, s.end_ms])).toEqual([
      [first.id, 'We launched the podcast in March.', 0, 1800],
      [note.sentences[1]!.id, 'Nobody listened at first.', 2000, 3800],
      [note.sentences[2]!.id, 'Then the letters came.', 4000, 5800],
    ]);
    for (const s of corrected.sentences) expect(corrected.text.slice(s.start_char, s.end_char)).toBe(s.text);
    expect(corrected.key_phrases.join(' ')).not.toMatch(/bodkin/);

    // Search finds the corrected word (note and sentence), not the misheard one.
    expect(await search('podcast')).toEqual([note.id]);
    expect(await search('bodkin')).toEqual([]);
    // The profile is rebuilt from the corrected text (notes_version moved on, the job caught up).
    expect((await versions())!.notes_version).toBe(before + 1);
    await eventually(async () => {
      const v = await versions();
      return v && v.profile_version === before + 1 ? v : null;
    });
  });

  it('refuses a correction that splits the sentence, and unknown sentences', async () => {
    const note = (
      await call('POST', '/api/studio/notes', { text: 'One idea here. Another one there.' })
    ).json();
    const split = await call('PATCH', `/api/studio/notes/${note.id}/sentences/${note.sentences[0].id}`, {
      text: 'One idea. Here it is.',
    });
    expect(split.statusCode).toBe(400);
    expect(split.json()).toMatchObject({ code: 'validation_failed', message: CORRECTION_SPLITS_MESSAGE });
    const unknown = await call(
      'PATCH',
      `/api/studio/notes/${note.id}/sentences/00000000-0000-4000-8000-000000000000`,
      { text: 'Anything.' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SENTENCE_NOT_FOUND_MESSAGE);
    const empty = await call('PATCH', `/api/studio/notes/${note.id}/sentences/${note.sentences[0].id}`, {
      text: '   ',
    });
    expect(empty.statusCode).toBe(400);
    // Nothing changed.
    expect((await call('GET', `/api/studio/notes/${note.id}`)).json().text).toBe(
      'One idea here. Another one there.',
    );
  });

  it('keeps both of two corrections of one note sent at once', async () => {
    const note = (
      await call('POST', '/api/studio/notes', {
        text: 'The first line is misheard. The second line is misheard too. The third stays.',
      })
    ).json() as NoteDetail;
    const [a, b] = await Promise.all([
      call('PATCH', `/api/studio/notes/${note.id}/sentences/${note.sentences[0]!.id}`, {
        text: 'The first line is right now.',
      }),
      call('PATCH', `/api/studio/notes/${note.id}/sentences/${note.sentences[1]!.id}`, {
        text: 'The second line is right as well.',
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = (await call('GET', `/api/studio/notes/${note.id}`)).json() as NoteDetail;
    expect(after.text).toBe(
      'The first line is right now. The second line is right as well. The third stays.',
    );
    expect(after.sentences.map((s) => s.id)).toEqual(note.sentences.map((s) => s.id));
    for (const s of after.sentences) expect(after.text.slice(s.start_char, s.end_char)).toBe(s.text);
  });

  it("rewrites a long note's sentences in a few statements, not one per sentence", async () => {
    const text = Array.from({ length: 1500 }, (_, i) => `Line ${i + 1} of the long talk was heard.`).join(
      ' ',
    );
    const note = (await call('POST', '/api/studio/notes', { text })).json() as NoteDetail;
    expect(note.sentences).toHaveLength(1500);
    const words = JSON.stringify([{ text: 'Line', startMs: 0, endMs: 300 }]);
    await owner.echo.query('update studio_note_sentences set words = $2::jsonb where note_id = $1', [
      note.id,
      words,
    ]);
    const middle = note.sentences[700]!;
    // The database counts the statements that update sentences (a trigger per statement).
    await owner.echo.query(`
      create table rewrite_statements (n integer not null);
      insert into rewrite_statements values (0);
      create function count_rewrite_statement() returns trigger language plpgsql as
        'begin update rewrite_statements set n = n + 1; return null; end';
      create trigger count_rewrite_statements after update on studio_note_sentences
        for each statement execute function count_rewrite_statement();`);
    const res = await call('PATCH', `/api/studio/notes/${note.id}/sentences/${middle.id}`, {
      text: 'Line seven hundred and one of the long talk was misheard.',
    });
    const statements = (await owner.echo.query<{ n: number }>('select n from rewrite_statements'))[0]!.n;
    await owner.echo.query(`
      drop trigger count_rewrite_statements on studio_note_sentences;
      drop function count_rewrite_statement;
      drop table rewrite_statements;`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    // 1,500 sentences, 500 a statement (a statement per sentence was 1,500).
    expect(statements).toBe(3);
    const after = res.json() as NoteDetail;
    expect(after.sentences.map((s) => s.id)).toEqual(note.sentences.map((s) => s.id));
    for (const s of after.sentences) expect(after.text.slice(s.start_char, s.end_char)).toBe(s.text);
    expect(after.sentences[700]!.text).toBe('Line seven hundred and one of the long talk was misheard.');
    // The retyped sentence's word times are gone; the others' stay.
    const kept = await owner.echo.query<{ id: string; words: unknown }>(
      'select id, words from studio_note_sentences where note_id = $1 and (words is null or position in (0, 1499))',
      [note.id],
    );
    expect(kept.filter((r) => r.words === null).map((r) => r.id)).toEqual([middle.id]);
    expect(kept.filter((r) => r.words !== null)).toHaveLength(2);
  }, 60_000);
});
