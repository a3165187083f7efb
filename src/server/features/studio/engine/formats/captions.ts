import { analyse, type Unit } from '../extractive/index.ts';
import { clipCaptions, toSrt, toVtt } from './clips.ts';

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

/** A clip of a draft as its captions need it: its note and its stretch of the recording. */
export interface CaptionClip {
  noteId: string;
  startMs: number;
  endMs: number;
}

/** Everything a caption file is made from (what the analysis threads are handed). */
export interface CaptionRequest {
  noteIds: string[];
  /** Every sentence of `noteIds`, in order. */
  sentences: TimedSentence[];
  clips: CaptionClip[];
  as: 'srt' | 'vtt';
  /** Each clip on its own clock from 0 (one clip alone, a cut's burned-in captions), not the recording's. */
  ownClock: boolean;
}

/** The notes' sentences as the text engine's units, with their times. */
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
 * Captions of clips: all that is said in each (a clip cites only its hook line), from the notes'
 * sentences as they are now, as SRT or WebVTT (word by word where the recogniser's word times are
 * kept). Runs on the analysis threads: it reads the whole note.
 */
export function captionFile(request: CaptionRequest): string {
  const { noteIds, sentences, clips, as, ownClock } = request;
  const units = timedUnits(noteIds, sentences);
  const byNote = new Map<string, Unit[]>();
  for (const unit of units) {
    const key = String(unit.ref.noteId);
    byNote.set(key, [...(byNote.get(key) ?? []), unit]);
  }
  const words = new Map<string, Array<{ text: string; startMs: number }>>();
  if (as === 'vtt')
    for (const s of sentences) {
      const own = words.get(s.noteId) ?? [];
      for (const w of s.words ?? []) own.push(w);
      words.set(s.noteId, own);
    }
  const cues = clips.flatMap((clip) => {
    const own = clipCaptions(byNote.get(clip.noteId) ?? [], clip.startMs, clip.endMs);
    const shift = ownClock ? 0 : clip.startMs;
    const said = words.get(clip.noteId) ?? [];
    return own.map((cue) => {
      const from = cue.startMs + clip.startMs;
      const to = cue.endMs + clip.startMs;
      const inCue = said.filter((w) => w.startMs >= from && w.startMs < to);
      return {
        ...cue,
        startMs: cue.startMs + shift,
        endMs: cue.endMs + shift,
        ...(inCue.length
          ? { words: inCue.map((w) => ({ text: w.text, startMs: w.startMs - clip.startMs + shift })) }
          : {}),
      };
    });
  });
  return as === 'srt' ? toSrt(cues) : toVtt(cues);
}
