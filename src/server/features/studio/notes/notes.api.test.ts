import { beforeAll, describe, expect, it } from 'vitest';
import {
  IDEAS_NEED_TWO_NOTES,
  NOTE_TOPICS_LABEL,
  NOTE_TOPICS_MAX,
  type NoteDetail,
  type SearchResponse,
} from '#contract/studio.ts';
import type { VoiceProfile } from '#contract/studio-voice.ts';
import { eventually, sessionCookie, setUpStudioOwner } from '#tests/support/studio.ts';

const alice = setUpStudioOwner('alice@example.com');

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  body?: unknown,
) {
  return alice.echo.app!.inject({
    method,
    url,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}

const addNote = async (cookie: string, text: string, title?: string) => {
  const res = await call('POST', '/api/studio/notes', cookie, { text, ...(title ? { title } : {}) });
  expect(res.statusCode).toBe(201);
  return res.json() as NoteDetail;
};

describe('Studio notes', () => {
  it('needs the dashboard session on every route, before validation', async () => {
    for (const [method, url] of [
      ['GET', '/api/studio/notes'],
      ['POST', '/api/studio/notes'],
      ['GET', '/api/studio/search?q=x'],
      ['GET', '/api/studio/voice'],
      ['POST', '/api/studio/uploads'],
      ['PUT', '/api/studio/recordings/00000000-0000-4000-8000-000000000000/chunks/0'],
    ] as const) {
      const res = await call(method, url, undefined, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });

  it('stores a written note with its sentences and their offsets, and lists it newest first', async () => {
    const text =
      "What's on my mind today? Pricing.  We raised the price of the course to $49.50 and nobody left! Um, you know, it worked.";
    const note = await addNote(alice.cookie, text);
    expect(note).toMatchObject({
      kind: 'text',
      register: 'written',
      status: 'ready',
      has_media: false,
      media_url: null,
    });
    expect(note.title).toBe("What's on my mind today?");
    expect(note.sentences.map((s) => s.text)).toEqual([
      "What's on my mind today?",
      'Pricing.',
      'We raised the price of the course to $49.50 and nobody left!',
      'Um, you know, it worked.',
    ]);
    for (const s of note.sentences) expect(text.slice(s.start_char, s.end_char)).toBe(s.text);
    const last = note.sentences[3]!;
    expect(last.fillers.map((f) => last.text.slice(f.start, f.end))).toEqual(['Um', 'you know']);
    expect(note.word_count).toBeGreaterThan(15);
    // Answered as stored (without reading it back): the same as reading it.
    expect((await call('GET', `/api/studio/notes/${note.id}`, alice.cookie)).json()).toEqual(note);

    const second = await addNote(alice.cookie, 'A second, newer note about the newsletter.');
    const page = (await call('GET', '/api/studio/notes?limit=1', alice.cookie)).json();
    expect(page.total).toBe(2);
    expect(page.notes.map((n: { id: string }) => n.id)).toEqual([second.id]);
    const next = (
      await call('GET', `/api/studio/notes?limit=1&cursor=${page.next_cursor}`, alice.cookie)
    ).json();
    expect(next.notes.map((n: { id: string }) => n.id)).toEqual([note.id]);
    expect(next.next_cursor).toBeNull();
  });

  it('refuses an empty note with the landing prompt', async () => {
    const res = await call('POST', '/api/studio/notes', alice.cookie, { text: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message: "Write something first: what's on your mind today?",
    });
  });

  it("answers 404 for another owner's note on every route", async () => {
    const bob = await sessionCookie(alice.echo, 'bob@example.com');
    const note = await addNote(alice.cookie, 'Private thoughts about Zanzibar pricing.');
    for (const [method, url, body] of [
      ['GET', `/api/studio/notes/${note.id}`, undefined],
      ['PATCH', `/api/studio/notes/${note.id}`, { title: 'Mine now' }],
      ['DELETE', `/api/studio/notes/${note.id}`, undefined],
      ['GET', `/api/studio/notes/${note.id}/media`, undefined],
    ] as const) {
      const res = await call(method, url, bob, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await call('GET', '/api/studio/search?q=Zanzibar', bob)).json().hits).toEqual([]);
    expect((await call('GET', '/api/studio/notes', bob)).json().total).toBe(0);
    expect((await call('GET', `/api/studio/notes/${note.id}`, alice.cookie)).statusCode).toBe(200);
  });

  it('edits a note: new sentences, and the profile follows', async () => {
    const note = await addNote(alice.cookie, 'Short one.');
    const res = await call('PATCH', `/api/studio/notes/${note.id}`, alice.cookie, {
      text: 'Short one. Now it has two sentences.',
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as NoteDetail).sentences).toHaveLength(2);
  });
});

describe('Studio search', () => {
  let cookie: string;
  let best: NoteDetail;
  beforeAll(async () => {
    cookie = await sessionCookie(alice.echo, 'searcher@example.com');
    await addNote(cookie, 'I went to the market. Nothing about prices here, only vegetables.');
    best = await addNote(
      cookie,
      'Our onboarding was slow. Then we changed the pricing page twice. Pricing decides who signs up, and pricing is a message.',
      'Pricing lessons',
    );
    await addNote(cookie, 'A long ramble about hiring. At the end I mentioned pricing once.');
    await addNote(cookie, 'We moved the whole cluster to Kubernetes last spring. It was worth it.');
  });

  it('ranks by relevance, points at the matching sentence and returns a plain-text snippet with highlights', async () => {
    const res = await call('GET', '/api/studio/search?q=pricing', cookie);
    expect(res.statusCode).toBe(200);
    const { hits } = res.json() as SearchResponse;
    expect(hits.length).toBeGreaterThanOrEqual(2);
    expect(hits[0]!.note_id).toBe(best.id);
    expect(hits[0]!.match).toBe('fulltext');
    expect(hits[0]!.rank).toBeGreaterThan(hits[1]!.rank);
    const sentence = best.sentences.find((s) => s.id === hits[0]!.sentence_id)!;
    expect(sentence.text.toLowerCase()).toContain('pricing');
    const { snippet, highlights } = hits[0]!;
    for (const marker of ['<', '>', String.fromCharCode(2), String.fromCharCode(3)])
      expect(snippet).not.toContain(marker);
    expect(highlights.length).toBeGreaterThan(0);
    for (const h of highlights) expect(snippet.slice(h.start, h.end).toLowerCase()).toMatch(/^pric/);
  });

  it('understands web search syntax (phrases, exclusions)', async () => {
    const quoted = (
      await call('GET', `/api/studio/search?q=${encodeURIComponent('"pricing page"')}`, cookie)
    ).json();
    expect(quoted.hits.map((h: { note_id: string }) => h.note_id)).toEqual([best.id]);
    const without = (
      await call('GET', `/api/studio/search?q=${encodeURIComponent('pricing -onboarding')}`, cookie)
    ).json();
    expect(without.hits.map((h: { note_id: string }) => h.note_id)).not.toContain(best.id);
  });

  it('finds a misspelt name by similar spelling (pg_trgm)', async () => {
    const { hits } = (await call('GET', '/api/studio/search?q=Kubernetis', cookie)).json() as SearchResponse;
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ match: 'similar' });
    expect(hits[0]!.snippet).toContain('Kubernetes');
    const h = hits[0]!.highlights[0]!;
    expect(hits[0]!.snippet.slice(h.start, h.end)).toBe('Kubernetes');
  });
});

describe('Ideas and the voice profile', () => {
  it('groups recurring themes across notes with the notes that mention them', async () => {
    const cookie = await sessionCookie(alice.echo, 'ideas@example.com');
    const ids: string[] = [];
    for (const text of [
      'Pricing is the hardest part. I changed our pricing again this week.',
      'Customers asked about pricing on every call. The pricing page needs work.',
      'Our newsletter grew. Pricing came up in the replies too.',
      'Hiring a designer is next.',
    ])
      ids.push((await addNote(cookie, text)).id);
    const { ideas, based_on_notes } = (await call('GET', '/api/studio/ideas', cookie)).json();
    expect(based_on_notes).toBe(4);
    const pricing = ideas.find((i: { label: string }) => i.label === 'pricing');
    expect(pricing).toMatchObject({ id: 'pricing', note_count: 3 });
    expect(pricing.notes.map((n: { id: string }) => n.id).sort()).toEqual(ids.slice(0, 3).sort());
  });

  it('shows no Ideas from one note, only its topics labelled as such, and an Idea once two notes share it', async () => {
    const cookie = await sessionCookie(alice.echo, 'one-note-ideas@example.com');
    const first = await addNote(
      cookie,
      'Our podcast launch went badly. We recorded twelve podcast episodes first. The launch taught us to publish early, and the podcast audience told us what worked.',
    );
    const one = (await call('GET', '/api/studio/ideas', cookie)).json();
    expect(one.ideas).toEqual([]);
    expect(one.message).toBe(IDEAS_NEED_TWO_NOTES);
    expect(one.note_topics).toMatchObject({ note_id: first.id, label: NOTE_TOPICS_LABEL });
    expect(one.note_topics.topics.length).toBeGreaterThan(0);
    expect(one.note_topics.topics.length).toBeLessThanOrEqual(NOTE_TOPICS_MAX);

    const second = await addNote(
      cookie,
      'The podcast grew this month. Guests shared every podcast episode with their lists.',
    );
    const two = (await call('GET', '/api/studio/ideas', cookie)).json();
    expect(two.message).toBeNull();
    expect(two.note_topics).toBeNull();
    const podcast = two.ideas.find((i: { label: string }) => i.label === 'podcast');
    expect(podcast.notes.map((n: { id: string }) => n.id).sort()).toEqual([first.id, second.id].sort());
    expect(two.ideas.every((i: { note_count: number }) => i.note_count >= 2)).toBe(true);
  });

  it('builds the profile from the notes ("based on N notes, M words") and keeps pins and bans', async () => {
    const cookie = await sessionCookie(alice.echo, 'voice@example.com');
    const empty = (await call('GET', '/api/studio/voice', cookie)).json() as VoiceProfile;
    expect(empty).toMatchObject({
      summary: 'based on 0 notes, 0 words',
      spoken: null,
      written: null,
      learn_from_edits: true,
    });
    await addNote(cookie, 'I think we should ship it. Do you agree? I really do! 🚀 #buildinpublic');
    await addNote(cookie, 'I think shipping weekly changed everything for me. Honestly, I think it works.');
    const voice = await eventually(async () => {
      const v = (await call('GET', '/api/studio/voice', cookie)).json() as VoiceProfile;
      return v.based_on.notes === 2 ? v : null;
    });
    expect(voice.summary).toBe(`based on 2 notes, ${voice.based_on.words} words`);
    expect(voice.based_on.words).toBeGreaterThan(20);
    expect(voice.spoken).toBeNull();
    const written = voice.written!;
    expect(written.sentence_length.histogram.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
    expect(written.sentence_length.typical.length).toBe(written.sentence_length.histogram.length);
    expect(written.habits.question_rate).toBeGreaterThan(0);
    expect(written.habits.first_person_rate).toBeGreaterThan(0);
    expect(written.function_words.i).toBeGreaterThan(0);

    const put = await call('PUT', '/api/studio/voice', cookie, {
      pins: ['ship it', 'Ship it'],
      bans: ['synergy'],
      learn_from_edits: false,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ pins: ['ship it'], bans: ['synergy'], learn_from_edits: false });
    const tooLong = await call('PUT', '/api/studio/voice', cookie, { bans: ['x'.repeat(81)] });
    expect(tooLong.statusCode).toBe(400);
  });
  it('reads the stored profile while it is current, and the notes themselves as soon as they change', async () => {
    const email = 'stored@example.com';
    const cookie = await sessionCookie(alice.echo, email);
    await addNote(cookie, 'I keep my notes short. I say what I mean. Then I stop.');
    const versions = () =>
      alice.echo.query<{ notes_version: number; profile_version: number }>(
        'select notes_version, profile_version from studio_voice_settings where owner_email = $1',
        [email],
      );
    // The job has rebuilt the stored copy from the latest version.
    await eventually(async () => {
      const [row] = await versions();
      return row && row.notes_version === row.profile_version;
    });
    // Proof it is the copy that is read: a mark put into it shows in the card.
    await alice.echo.query(
      `update studio_voice_settings set profile = jsonb_set(profile, '{words}', '4242') where owner_email = $1`,
      [email],
    );
    const voice = () => call('GET', '/api/studio/voice', cookie).then((r) => r.json() as VoiceProfile);
    expect((await voice()).based_on.words).toBe(4242);
    // A new note marks it out of date in its own transaction: the next read counts the note at once.
    await addNote(cookie, 'Another short one. Same voice.');
    const [row] = await versions();
    expect(row!.notes_version).toBeGreaterThan(row!.profile_version);
    const fresh = await voice();
    expect(fresh.based_on.notes).toBe(2);
    expect(fresh.based_on.words).toBeLessThan(100);
  });
});
