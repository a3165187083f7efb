import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdeasResponse, NoteDetail, NotesPage } from '#contract/studio.ts';
import type { VoiceProfile } from '#contract/studio-voice.ts';
import { INTERVIEW, PANEL } from '#tests/fixtures/studio/transcripts.ts';
import { callAs, type StudioTestApp, sessionCookie, startStudioApp } from '#tests/support/studio.ts';
import { deleteStudioDataOf } from '../index.ts';

/**
 * Conversations (decision 023): an imported interview is one note whose sentences carry their
 * speaker; once the owner says which one is them, the profile and the Ideas read only their turns.
 */
let echo: StudioTestApp;
let host: string;
let other: string;
beforeAll(async () => {
  echo = await startStudioApp();
  host = await sessionCookie(echo, 'host@example.com');
  other = await sessionCookie(echo, 'someone-else@example.com');
});
afterAll(() => echo?.close());

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  callAs(echo, method, url, cookie, body);

const importFile = (cookie: string, filename: string, content: string) =>
  call(cookie, 'POST', '/api/studio/imports', { type: 'file', filename, content });

const spoken = (voice: VoiceProfile) => JSON.stringify(voice.spoken).toLowerCase();

describe('conversations', () => {
  let note: NoteDetail;

  it('imports an interview as one conversation note with two speakers, kept out of the profile until "which one is you?"', async () => {
    const res = await importFile(host, INTERVIEW.filename, INTERVIEW.content);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ format: 'transcript', imported: 1, skipped: 0 });
    note = (await call(host, 'GET', `/api/studio/notes/${res.json().note_ids[0]}`)).json();
    expect(note).toMatchObject({
      kind: 'text',
      register: 'spoken',
      title: 'Episode 42: from project manager to baker',
      conversation: { speakers: 2, me_answered: false },
    });
    expect(note.speakers.map((s) => [s.label, s.name, s.me])).toEqual([
      ['Sam', 'Sam', false],
      ['Priya', 'Priya', false],
    ]);
    const [sam, priya] = note.speakers;
    expect(note.sentences[0]).toMatchObject({
      text: 'Welcome back to the show.',
      speaker_id: sam!.id,
      start_ms: 0,
    });
    const thanks = note.sentences.find((s) => s.text.startsWith('Thanks for having me'));
    expect(thanks).toMatchObject({ speaker_id: priya!.id, start_ms: 12_000 });
    // No label in the words.
    expect(note.text).not.toMatch(/^(Sam|Priya):/m);
    const list = (await call(host, 'GET', '/api/studio/notes')).json() as NotesPage;
    expect(list.notes.find((n) => n.id === note.id)?.conversation).toEqual({
      speakers: 2,
      me_answered: false,
    });
    // Nobody is the owner yet: the note gives the profile and the Ideas nothing.
    const [stored] = await echo.query<{ stats: unknown; key_phrases: unknown[] }>(
      'select stats, key_phrases from studio_notes where id = $1',
      [note.id],
    );
    expect(stored).toEqual({ stats: null, key_phrases: [] });
    expect(((await call(host, 'GET', '/api/studio/ideas')).json() as IdeasResponse).based_on_notes).toBe(0);
    // Importing it again is a duplicate.
    expect((await importFile(host, INTERVIEW.filename, INTERVIEW.content)).json()).toMatchObject({
      imported: 0,
      skipped: 1,
    });
  });

  it('learns the voice only from the speaker who is the owner', async () => {
    const sam = note.speakers[0]!;
    const res = await call(host, 'PATCH', `/api/studio/notes/${note.id}/speakers/${sam.id}`, { me: true });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as NoteDetail;
    expect(updated.speakers.map((s) => s.me)).toEqual([true, false]);
    expect(updated.conversation).toEqual({ speakers: 2, me_answered: true });
    const ideas = (await call(host, 'GET', '/api/studio/ideas')).json() as IdeasResponse;
    expect(ideas.based_on_notes).toBe(1);
    expect(JSON.stringify(ideas).toLowerCase()).not.toMatch(/croissant|dough/);
    const voice = (await call(host, 'GET', '/api/studio/voice')).json() as VoiceProfile;
    const words = spoken(voice);
    expect(words).toContain('mic today');
    for (const phrase of INTERVIEW.guestOnly) expect(words).not.toContain(phrase);
    const samWords = updated.sentences
      .filter((s) => s.speaker_id === sam.id)
      .reduce((n, s) => n + s.text.split(/\s+/).length, 0);
    expect(voice.based_on.words).toBe(samWords);
    // The owner's interview questions are not a habit of theirs.
    const [stats] = await echo.query<{ questions: number }>(
      "select (stats->>'questions')::int as questions from studio_notes where id = $1",
      [note.id],
    );
    expect(stats?.questions).toBe(0);
    // The name is remembered: the next conversation with Sam knows who the owner is.
    const [settings] = await echo.query<{ my_names: string[] }>(
      'select my_names from studio_voice_settings where owner_email = $1',
      ['host@example.com'],
    );
    expect(settings?.my_names).toContain('Sam');
    const next = await importFile(
      host,
      'episode-43.txt',
      'SAM: Welcome back, everyone.\nLEE: Glad to be here, Sam.\nSAM: Tell us about the shop.\n',
    );
    const second = (
      await call(host, 'GET', `/api/studio/notes/${next.json().note_ids[0]}`)
    ).json() as NoteDetail;
    expect(second.speakers.map((s) => [s.label, s.name, s.me])).toEqual([
      ['SAM', 'Sam', true],
      ['LEE', 'Lee', false],
    ]);
  });

  it('reassigns, renames, splits and merges speakers, answering the note each time', async () => {
    const [sam, priya] = note.speakers;
    const question = note.sentences.find((s) => s.text === 'What made you finally quit?')!;
    // A sentence given to the guest leaves the owner's words.
    let res = await call(host, 'POST', `/api/studio/notes/${note.id}/speakers/assign`, {
      speaker_id: priya!.id,
      from: question.id,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as NoteDetail).sentences.find((s) => s.id === question.id)?.speaker_id).toBe(
      priya!.id,
    );
    res = await call(host, 'PATCH', `/api/studio/notes/${note.id}/speakers/${priya!.id}`, {
      name: 'Priya Shah',
    });
    expect((res.json() as NoteDetail).speakers[1]).toMatchObject({ label: 'Priya', name: 'Priya Shah' });
    // Split: a producer's aside becomes a third speaker.
    res = await call(host, 'POST', `/api/studio/notes/${note.id}/speakers`, {
      name: 'Producer',
      from: question.id,
    });
    expect(res.statusCode).toBe(201);
    let detail = res.json() as NoteDetail;
    const producer = detail.speakers.find((s) => s.name === 'Producer')!;
    expect(detail.sentences.find((s) => s.id === question.id)?.speaker_id).toBe(producer.id);
    // Merge: the producer was the host all along.
    res = await call(host, 'POST', `/api/studio/notes/${note.id}/speakers/${producer.id}/merge`, {
      into: sam!.id,
    });
    detail = res.json() as NoteDetail;
    expect(detail.speakers.map((s) => s.name)).toEqual(['Sam', 'Priya Shah']);
    expect(detail.sentences.find((s) => s.id === question.id)?.speaker_id).toBe(sam!.id);
    // Bad requests: an unknown speaker or sentence, merging into itself.
    expect(
      (
        await call(host, 'POST', `/api/studio/notes/${note.id}/speakers/assign`, {
          speaker_id: producer.id,
          from: question.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(host, 'POST', `/api/studio/notes/${note.id}/speakers/${sam!.id}/merge`, { into: sam!.id }))
        .statusCode,
    ).toBe(400);
    // A corrected sentence of the guest's stays out of the owner's words.
    const guestLine = detail.sentences.find((s) => s.text.startsWith('Hiring.') || s.text === 'Hiring.')!;
    expect(
      (
        await call(host, 'PATCH', `/api/studio/notes/${note.id}/sentences/${guestLine.id}`, {
          text: 'Recruiting croissants.',
        })
      ).statusCode,
    ).toBe(200);
    const voice = (await call(host, 'GET', '/api/studio/voice')).json() as VoiceProfile;
    expect(spoken(voice)).not.toContain('croissants');
  });

  it('edits the whole text of a conversation, each sentence keeping its speaker', async () => {
    const before = (await call(host, 'GET', `/api/studio/notes/${note.id}`)).json() as NoteDetail;
    const wordsBefore = ((await call(host, 'GET', '/api/studio/voice')).json() as VoiceProfile).based_on
      .words;
    const [sam, priya] = before.speakers;
    const speakerOf = (detail: NoteDetail, text: string) =>
      detail.speakers.find((p) => p.id === detail.sentences.find((s) => s.text === text)?.speaker_id)?.name;
    // What the editor sends: each turn a paragraph. A new sentence opens the guest's reply, another
    // closes the host's question, and a guest's word is retyped.
    const text = before.text
      .replace('What made you finally quit?', 'What made you finally quit? Take your time.')
      .replace('I knew there was demand', 'Sourdough paid my rent first. I knew there was demand')
      .replace('We bought one oven', 'We bought one big oven');
    const res = await call(host, 'PATCH', `/api/studio/notes/${note.id}`, { text });
    expect(res.statusCode).toBe(200);
    const after = res.json() as NoteDetail;
    expect(after.speakers).toEqual(before.speakers);
    expect(speakerOf(after, 'Take your time.')).toBe(sam!.name);
    expect(speakerOf(after, 'Sourdough paid my rent first.')).toBe(priya!.name);
    expect(speakerOf(after, 'We bought one big oven and a used mixer.')).toBe(priya!.name);
    // Every sentence kept has its id and its speaker.
    for (const sentence of after.sentences) {
      const was = before.sentences.find((s) => s.id === sentence.id);
      if (was) expect(sentence.speaker_id, sentence.text).toBe(was.speaker_id);
    }
    expect(after.sentences.every((s) => s.speaker_id)).toBe(true);
    // The profile still reads only the owner's turns: the host's new words, not the guest's.
    const [stored] = await echo.query<{ key_phrases: Array<{ phrase: string }> }>(
      'select key_phrases from studio_notes where id = $1',
      [note.id],
    );
    expect(JSON.stringify(stored?.key_phrases).toLowerCase()).not.toMatch(/sourdough|oven|croissant/);
    const voice = (await call(host, 'GET', '/api/studio/voice')).json() as VoiceProfile;
    expect(spoken(voice)).not.toMatch(/sourdough/);
    // The host's three new words ("Take your time."), none of the guest's.
    expect(voice.based_on.words).toBe(wordsBefore + 3);
  });

  it("answers 404 for another owner's note and speakers, and lists none of them", async () => {
    const sam = note.speakers[0]!;
    for (const [method, url, body] of [
      ['GET', `/api/studio/notes/${note.id}`, undefined],
      ['PATCH', `/api/studio/notes/${note.id}/speakers/${sam.id}`, { me: true }],
      [
        'POST',
        `/api/studio/notes/${note.id}/speakers/assign`,
        { speaker_id: sam.id, from: note.sentences[0]!.id },
      ],
      ['POST', `/api/studio/notes/${note.id}/speakers`, { name: 'Me' }],
      ['POST', `/api/studio/notes/${note.id}/speakers/${sam.id}/merge`, { into: note.speakers[1]!.id }],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Note not found');
    }
    expect(((await call(other, 'GET', '/api/studio/notes')).json() as NotesPage).total).toBe(0);
  });

  it('imports a panel of three from WebVTT voice spans, and refuses a transcript of 40 speakers', async () => {
    const res = await importFile(other, PANEL.filename, PANEL.content);
    expect(res.json()).toMatchObject({ format: 'transcript', imported: 1 });
    const panel = (
      await call(other, 'GET', `/api/studio/notes/${res.json().note_ids[0]}`)
    ).json() as NoteDetail;
    expect(panel.speakers.map((s) => s.name)).toEqual(PANEL.speakers);
    expect(panel.sentences.at(-1)).toMatchObject({
      speaker_id: panel.speakers[2]!.id,
      start_ms: expect.any(Number),
    });
    const many = Array.from(
      { length: 40 },
      (_, i) => `Guest ${i + 1}: Hello from guest number ${i + 1}.`,
    ).join('\n');
    const refused = await importFile(other, 'panel.txt', many);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/more than 20 speakers/);
  });

  it('makes a solo note a conversation when the owner adds a speaker to it', async () => {
    const created = await call(other, 'POST', '/api/studio/notes', {
      text: 'I called my accountant today. She said the numbers look fine. I was relieved.',
    });
    const solo = created.json() as NoteDetail;
    expect(solo.speakers).toEqual([]);
    expect(solo.conversation).toBeNull();
    const res = await call(other, 'POST', `/api/studio/notes/${solo.id}/speakers`, {
      name: 'Accountant',
      from: solo.sentences[1]!.id,
    });
    const detail = res.json() as NoteDetail;
    expect(detail.speakers.map((s) => [s.name, s.me])).toEqual([
      ['Me', true],
      ['Accountant', false],
    ]);
    expect(detail.sentences.map((s) => detail.speakers.find((p) => p.id === s.speaker_id)?.name)).toEqual([
      'Me',
      'Accountant',
      'Me',
    ]);
    // Its whole text edited as the editor sends it, a paragraph a turn: the accountant keeps hers.
    const edited = await call(other, 'PATCH', `/api/studio/notes/${solo.id}`, {
      text: 'I called my accountant today.\n\nShe said the numbers look great. Send me the receipts.\n\nI was relieved.',
    });
    expect(edited.statusCode).toBe(200);
    const after = edited.json() as NoteDetail;
    expect(
      after.sentences.map((s) => [s.text, after.speakers.find((p) => p.id === s.speaker_id)?.name]),
    ).toEqual([
      ['I called my accountant today.', 'Me'],
      ['She said the numbers look great.', 'Accountant'],
      ['Send me the receipts.', 'Accountant'],
      ['I was relieved.', 'Me'],
    ]);
    expect(after.sentences[1]!.id).toBe(detail.sentences[1]!.id);
  });

  it("'Delete my data' removes the owner's speakers and the names remembered as theirs", async () => {
    const [before] = await echo.query<{ n: number }>(
      `select count(*)::int as n from studio_note_speakers sp join studio_notes n on n.id = sp.note_id
        where n.owner_email = 'host@example.com'`,
    );
    expect(before?.n).toBeGreaterThan(0);
    await echo.ctx.database.transaction((tx) =>
      deleteStudioDataOf({ config: echo.ctx.config, jobs: echo.ctx.jobs }, tx, 'host@example.com'),
    );
    const [after] = await echo.query<{ speakers: number; names: number }>(
      `select (select count(*)::int from studio_note_speakers where note_id = $1) as speakers,
              (select count(*)::int from studio_voice_settings where owner_email = 'host@example.com') as names`,
      [note.id],
    );
    expect(after).toEqual({ speakers: 0, names: 0 });
    // Another owner's conversation is untouched.
    expect(
      ((await call(other, 'GET', '/api/studio/notes')).json() as NotesPage).notes.some((n) => n.conversation),
    ).toBe(true);
  });
});
