import type { SourceNote } from '../formats/index.ts';

/**
 * Notes' sentences as they cross to an analysis thread: in columns (a list of ids, a list of texts,
 * numbers in typed arrays) rather than an object per sentence. A message is copied by the structured
 * clone algorithm on the sending thread, the event loop's, and an object costs its keys and shape
 * every time: a note of tens of thousands of sentences, sent once per draft, held the loop longer
 * than the rule allows; columns of primitives are copied in one pass each.
 */
export interface PackedNotes {
  noteIds: SourceNote['id'][];
  /** Sentences per note, in note order. */
  counts: Uint32Array;
  ids: SourceNote['sentences'][number]['id'][];
  texts: string[];
  filler: Uint8Array;
  /** Where each sentence's filler spans start in `spans` (one more entry than sentences). */
  spanAt: Uint32Array;
  /** Filler spans as start, end pairs. */
  spans: Float64Array;
  /** Sentence times; NaN: none. */
  startMs: Float64Array;
  endMs: Float64Array;
  /** Speakers by sentence, only when a note has any (a conversation). */
  speakers?: (SourceNote['sentences'][number]['speaker'] | null)[];
}

export function packNotes(notes: readonly SourceNote[]): PackedNotes {
  const total = notes.reduce((n, note) => n + note.sentences.length, 0);
  let spanCount = 0;
  for (const note of notes) for (const s of note.sentences) spanCount += s.fillers.length;
  const packed: PackedNotes = {
    noteIds: notes.map((n) => n.id),
    counts: Uint32Array.from(notes, (n) => n.sentences.length),
    ids: new Array(total),
    texts: new Array(total),
    filler: new Uint8Array(total),
    spanAt: new Uint32Array(total + 1),
    spans: new Float64Array(spanCount * 2),
    startMs: new Float64Array(total),
    endMs: new Float64Array(total),
  };
  let i = 0;
  let span = 0;
  for (const note of notes)
    for (const s of note.sentences) {
      packed.ids[i] = s.id;
      packed.texts[i] = s.text;
      packed.filler[i] = s.filler ? 1 : 0;
      packed.spanAt[i] = span;
      for (const f of s.fillers) {
        packed.spans[2 * span] = f.start;
        packed.spans[2 * span + 1] = f.end;
        span++;
      }
      packed.startMs[i] = s.startMs ?? Number.NaN;
      packed.endMs[i] = s.endMs ?? Number.NaN;
      if (s.speaker) {
        packed.speakers ??= new Array(total).fill(null);
        packed.speakers[i] = s.speaker;
      }
      i++;
    }
  packed.spanAt[total] = span;
  return packed;
}

/** The notes as they were sent (the same fields, in the order the rooms build them). */
export function unpackNotes(packed: PackedNotes): SourceNote[] {
  let i = 0;
  return packed.noteIds.map((id, n) => {
    const sentences: SourceNote['sentences'] = [];
    for (let k = 0; k < packed.counts[n]!; k++, i++) {
      const fillers = [];
      for (let f = packed.spanAt[i]!; f < packed.spanAt[i + 1]!; f++)
        fillers.push({ start: packed.spans[2 * f]!, end: packed.spans[2 * f + 1]! });
      const startMs = packed.startMs[i]!;
      const endMs = packed.endMs[i]!;
      const speaker = packed.speakers?.[i];
      sentences.push({
        id: packed.ids[i]!,
        text: packed.texts[i]!,
        filler: packed.filler[i] === 1,
        fillers,
        ...(Number.isNaN(startMs) ? {} : { startMs }),
        ...(Number.isNaN(endMs) ? {} : { endMs }),
        ...(speaker ? { speaker } : {}),
      });
    }
    return { id, sentences };
  });
}
