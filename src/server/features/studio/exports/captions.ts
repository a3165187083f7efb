import type { DraftBlock } from '#contract/studio-drafts.ts';
import { notFound } from '../../../lib/errors.ts';
import { analyse, clipCaptions, toSrt, toVtt, type Unit } from '../engine/index.ts';

/** A note's stored sentence as the captions read it (the notes' sentence rows have these columns). */
export interface TimedSentence {
  id: string;
  noteId: string;
  text: string;
  filler: boolean;
  fillers: unknown;
  startMs: number | null;
  endMs: number | null;
  words?: Array<{ text: string; startMs: number }> | null;
}

/** The notes' sentences as the text engine's units, with their times (the clips' captions). */
export function timedUnits(noteIds: string[], sentences: TimedSentence[]): Unit[] {
  return analyse(
    noteIds.map((id) => ({
      id,
      sentences: sentences
        .filter((s) => s.noteId === id)
        .map((s) => ({
          id: s.id,
          text: s.text,
          filler: s.filler,
          fillers: s.fillers as { start: number; end: number }[],
          ...(s.startMs !== null && s.endMs !== null ? { startMs: s.startMs, endMs: s.endMs } : {}),
        })),
    })),
  ).units;
}

/**
 * Captions of clips: all that is said in each (a clip cites only its hook line), from the note's
 * sentences as they are now (`sentences`: every sentence of `noteIds`, in order). Every clip on its
 * recording's clock, or clip `only` on its own.
 */
export function captionsOf(
  noteIds: string[],
  sentences: TimedSentence[],
  blocks: DraftBlock[],
  as: 'srt' | 'vtt',
  only?: number,
): string {
  const units = timedUnits(noteIds, sentences);
  // The recogniser's word times, where kept: WebVTT captions highlight word by word.
  const words = new Map<string, Array<{ text: string; startMs: number }>>();
  if (as === 'vtt')
    for (const s of sentences) words.set(s.noteId, [...(words.get(s.noteId) ?? []), ...(s.words ?? [])]);
  const clips = blocks.filter((b) => b.kind === 'clip');
  if (only !== undefined && !clips[only - 1]) throw notFound(`This draft has ${clips.length} clips.`);
  const cues = (only === undefined ? clips : [clips[only - 1]!]).flatMap((clip) => {
    const noteId = clip.sources[0]?.note_id;
    if (clip.start_ms === undefined || clip.end_ms === undefined || !noteId) return [];
    const own = clipCaptions(
      units.filter((u) => String(u.ref.noteId) === noteId),
      clip.start_ms,
      clip.end_ms,
    );
    const shift = only === undefined ? clip.start_ms : 0;
    const said = words.get(noteId) ?? [];
    return own.map((cue) => {
      const from = cue.startMs + clip.start_ms!;
      const to = cue.endMs + clip.start_ms!;
      const inCue = said.filter((w) => w.startMs >= from && w.startMs < to);
      return {
        ...cue,
        startMs: cue.startMs + shift,
        endMs: cue.endMs + shift,
        ...(inCue.length
          ? { words: inCue.map((w) => ({ text: w.text, startMs: w.startMs - clip.start_ms! + shift })) }
          : {}),
      };
    });
  });
  return as === 'srt' ? toSrt(cues) : toVtt(cues);
}
