import { expect } from 'vitest';
import type { NoteDetail } from '#contract/studio.ts';
import type { Conversation } from '#tests/fixtures/studio/conversations.ts';
import { callAs } from './studio.ts';
import type { TestApp } from './test-app.ts';

/**
 * A conversation note as a test wants it before the notes room names speakers itself: a text note
 * of the turns, then its speakers and each sentence's speaker written directly (and, with `timed`,
 * times four seconds a sentence). `me`: the speaker marked "this is me" (none: not answered yet).
 */
export async function addConversationNote(
  echo: TestApp,
  cookie: string,
  conversation: Conversation,
  { me, timed = true, title = 'Interview' }: { me?: string; timed?: boolean; title?: string } = {},
): Promise<{ note: NoteDetail; speakerOf: Map<string, string> }> {
  const res = await callAs(echo, 'POST', '/api/studio/notes', cookie, {
    text: conversation.turns.map(([, text]) => text).join('\n\n'),
    title,
  });
  expect(res.statusCode, res.body).toBe(201);
  const note = res.json() as NoteDetail;
  const names = [...new Set(conversation.turns.map(([name]) => name))];
  const ids = new Map<string, string>();
  for (const [position, name] of names.entries()) {
    const [row] = await echo.query<{ id: string }>(
      'insert into studio_note_speakers (note_id, position, label, name, is_me) values ($1, $2, $3, $3, $4) returning id',
      [note.id, position, name, name === me],
    );
    ids.set(name, row!.id);
  }
  // Each sentence belongs to the turn that holds its words, in order.
  const speakerOf = new Map<string, string>();
  let turn = 0;
  for (const [i, sentence] of note.sentences.entries()) {
    while (turn < conversation.turns.length && !conversation.turns[turn]![1].includes(sentence.text.trim()))
      turn++;
    const name = conversation.turns[turn]?.[0];
    expect(name, sentence.text).toBeDefined();
    speakerOf.set(sentence.id, name!);
    await echo.query(
      `update studio_note_sentences set speaker_id = $2${timed ? ', start_ms = $3, end_ms = $3 + 3500' : ''} where id = $1`,
      timed ? [sentence.id, ids.get(name!), i * 4000] : [sentence.id, ids.get(name!)],
    );
  }
  return { note, speakerOf };
}
