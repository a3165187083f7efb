import type { DraftBlock } from '#contract/studio-drafts.ts';
import { readable } from './ranking.ts';

/**
 * Captions for clip hooks, as SRT or WebVTT, timed on the note's own recording: each clip's
 * sentences (cleaned of fillers) are cut into cues of at most two 42-character lines, and each
 * sentence's time is shared among its cues by length.
 */

export const CAPTION_LINE_MAX = 42;

interface TimedSentence {
  id: string;
  text: string;
  fillers: unknown;
  startMs: number | null;
  endMs: number | null;
}

export interface Cue {
  startMs: number;
  endMs: number;
  lines: string[];
}

/** Words into lines of at most `max` characters (a longer word stands alone). */
export function lines(text: string, max = CAPTION_LINE_MAX): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

export function cuesOf(
  clips: Pick<DraftBlock, 'start_ms' | 'end_ms' | 'sources'>[],
  sentences: TimedSentence[],
): Cue[] {
  const byId = new Map(sentences.map((s) => [s.id, s]));
  const cues: Cue[] = [];
  for (const clip of clips) {
    if (clip.start_ms === undefined || clip.end_ms === undefined) continue;
    for (const source of clip.sources) {
      const sentence = byId.get(source.sentence_id);
      if (!sentence || sentence.startMs === null || sentence.endMs === null) continue;
      const text = readable({
        text: sentence.text,
        fillers: (sentence.fillers ?? []) as { start: number; end: number }[],
      });
      if (!text) continue;
      const start = Math.max(sentence.startMs, clip.start_ms);
      const end = Math.min(sentence.endMs, clip.end_ms);
      if (end <= start) continue;
      const all = lines(text);
      const pairs: string[][] = [];
      for (let i = 0; i < all.length; i += 2) pairs.push(all.slice(i, i + 2));
      const total = pairs.reduce((n, p) => n + p.join(' ').length, 0);
      let at = start;
      for (const [i, pair] of pairs.entries()) {
        const until =
          i === pairs.length - 1 ? end : Math.round(at + ((end - start) * pair.join(' ').length) / total);
        cues.push({ startMs: at, endMs: until, lines: pair });
        at = until;
      }
    }
  }
  return cues;
}

const stamp = (ms: number, separator: ',' | '.') => {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
};

export function toSrt(cues: Cue[]): string {
  return cues
    .map(
      (cue, i) =>
        `${i + 1}\n${stamp(cue.startMs, ',')} --> ${stamp(cue.endMs, ',')}\n${cue.lines.join('\n')}\n`,
    )
    .join('\n');
}

export function toVtt(cues: Cue[]): string {
  return `WEBVTT\n\n${cues
    .map((cue) => `${stamp(cue.startMs, '.')} --> ${stamp(cue.endMs, '.')}\n${cue.lines.join('\n')}\n`)
    .join('\n')}`;
}

export const captionsOf = (
  clips: Pick<DraftBlock, 'start_ms' | 'end_ms' | 'sources'>[],
  sentences: TimedSentence[],
  as: 'srt' | 'vtt',
) => (as === 'srt' ? toSrt(cuesOf(clips, sentences)) : toVtt(cuesOf(clips, sentences)));
