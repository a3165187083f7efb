/**
 * The drafts of conversation notes (tests/fixtures/studio/conversations.ts), read for who says what:
 * the share of the owner's blocks that cite only the owner's turns (target 100%), guests' words
 * presented as the owner's (target 0), quotes naming who said them (target 100%), and the share of a
 * reader's marked topic shifts with a show-notes chapter starting within 15 s. `npm run eval` runs it;
 * `node scripts/conversation-eval.ts --drafts <name>` prints every draft of the conversations whose
 * names start so, whole, each block with its speaker, to be read.
 */
import { generateExtractive } from '../src/server/features/studio/engine/index.ts';
import { CONVERSATIONS, conversationNote } from '../tests/fixtures/studio/conversations.ts';
import { printTable } from './table.ts';

const FORMATS = ['blog', 'linkedin', 'thread', 'carousel', 'clips', 'shownotes'] as const;
const NEAR_MS = 15_000;

const draftsAt = process.argv.indexOf('--drafts');
if (draftsAt >= 0) {
  const names = process.argv.slice(draftsAt + 1);
  for (const conversation of CONVERSATIONS.filter((c) => names.some((n) => c.name.startsWith(n)))) {
    const note = conversationNote(conversation);
    const byId = new Map(note.sentences.map((s) => [s.id, s]));
    for (const draft of generateExtractive([note], [...FORMATS])) {
      console.log(`\n=== ${conversation.name} · ${draft.format} ===`);
      if (!draft.ok) {
        console.log(draft.message);
        continue;
      }
      for (const block of draft.blocks) {
        const said = [...new Set(block.sources.map((s) => byId.get(String(s.sentenceId))?.speaker?.name))];
        console.log(
          `[${block.kind} ${block.origin}${block.speaker ? ` ${block.speaker}` : ''} ← ${said.join(', ')}] ${block.text}`,
        );
      }
      if (draft.format === 'shownotes') console.log('chapters:', JSON.stringify(draft.meta.chapters));
    }
  }
  process.exit(0);
}

const header = [
  'conversation',
  'drafts',
  'user blocks citing only the owner',
  'guest words as the owner’s',
  'quotes attributed',
  'shifts with a chapter ≤15 s',
];
const rows: string[][] = [];
for (const conversation of CONVERSATIONS) {
  const note = conversationNote(conversation);
  const byId = new Map(note.sentences.map((s) => [s.id, s]));
  const drafts = generateExtractive([note], [...FORMATS]).filter((d) => d.ok);
  let user = 0;
  let onlyOwner = 0;
  let guestAsOwner = 0;
  let quotes = 0;
  let attributed = 0;
  const guestSentences = note.sentences.filter((s) => !s.speaker!.me && s.text.split(' ').length >= 4);
  for (const draft of drafts) {
    for (const block of draft.blocks) {
      const cited = block.sources.map((s) => byId.get(String(s.sentenceId))!.speaker!);
      if (block.origin === 'user') {
        user++;
        if (cited.every((s) => s.me)) onlyOwner++;
        const text = block.text.toLowerCase();
        if (
          cited.some((s) => !s.me) ||
          guestSentences.some((s) => text.includes(s.text.toLowerCase().replace(/[.!?]$/, '')))
        )
          guestAsOwner++;
      }
      if (block.origin === 'guest') {
        quotes++;
        const names = new Set(cited.map((s) => s.name));
        if (names.size === 1 && names.has(block.speaker!) && block.text.includes(block.speaker!))
          attributed++;
      }
    }
  }
  // A marked shift's time: its turn's first sentence.
  const turnStarts: number[] = [];
  let turn = -1;
  let previous = '';
  for (const sentence of note.sentences) {
    // The turn holding the sentence: this one or a later one (a turn holds several sentences).
    const at = conversation.turns.findIndex(
      (t, i) => i >= Math.max(0, turn) && t[1].includes(sentence.text.trim()),
    );
    if (at !== turn || sentence.speaker!.name !== previous) {
      turn = at;
      turnStarts[at] = sentence.startMs!;
    }
    previous = sentence.speaker!.name;
  }
  const shownotes = drafts.find((d) => d.format === 'shownotes');
  const starts = ((shownotes?.meta.chapters as Array<{ startMs?: number }>) ?? []).map(
    (c) => c.startMs ?? -1,
  );
  const near = conversation.shifts.filter((t) => starts.some((s) => Math.abs(s - turnStarts[t]!) <= NEAR_MS));
  const pct = (a: number, b: number) => (b === 0 ? '-' : `${Math.round((a / b) * 100)}%`);
  rows.push([
    conversation.name,
    String(drafts.length),
    `${pct(onlyOwner, user)} (${onlyOwner}/${user})`,
    String(guestAsOwner),
    `${pct(attributed, quotes)} (${attributed}/${quotes})`,
    `${pct(near.length, conversation.shifts.length)} (${near.length}/${conversation.shifts.length})`,
  ]);
}
console.log(`\nConversations (${CONVERSATIONS.length} fixtures, every draft of each):`);
printTable(header, rows);
