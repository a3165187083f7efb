/**
 * Clip hooks: the 3-5 strongest 15-60 second stretches of a timed transcript (runs of whole
 * sentences that open on a strong line and carry high-ranked sentences), each with a hook line,
 * start/end and captions as SRT and WebVTT (cue times relative to the clip's start).
 */

import type { ClipMeta, FormatResult } from '../extractive/index.ts';
import { type Analysis, BlockList, hookScore, partOf, splitToFit, type Unit } from '../extractive/index.ts';

export const CLIP_MIN_MS = 15_000;
export const CLIP_MAX_MS = 60_000;
const MAX_CLIPS = 5;
const CUE_CHARS = 84; // two lines of ~42

export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
  /** Word times on the same clock as the cue, when the recogniser gave them (WebVTT highlights them). */
  words?: ReadonlyArray<{ text: string; startMs: number }>;
}

function stamp(ms: number, separator: ',' | '.'): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(total % 1000, 3)}`;
}

/** Two lines of at most ~42 characters, broken at the space nearest the middle. */
function twoLines(text: string): string {
  if (text.length <= 42) return text;
  const middle = Math.floor(text.length / 2);
  let best = -1;
  for (let i = 0; i < text.length; i++)
    if (text[i] === ' ' && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  return best < 0 ? text : `${text.slice(0, best)}\n${text.slice(best + 1)}`;
}

export function toSrt(cues: readonly Cue[]): string {
  return cues
    .map((c, i) => `${i + 1}\n${stamp(c.startMs, ',')} --> ${stamp(c.endMs, ',')}\n${twoLines(c.text)}\n`)
    .join('\n');
}

const normalWord = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');

/**
 * A cue's text with WebVTT inline timestamps (`word <00:00:01.500>next`), so a player can
 * highlight it word by word. The cue's own words are kept (fillers dropped, line break); each is
 * matched in order to the recogniser's timed words (a few may be skipped: a dropped "um"), and a
 * word gets its time when it has one inside the cue. Plain text when the cue has no word times.
 */
export function wordTimedText(cue: Cue): string {
  const plain = twoLines(cue.text);
  const timed = (cue.words ?? []).filter((w) => normalWord(w.text));
  if (timed.length === 0) return plain;
  let next = 0;
  let first = true;
  return plain
    .split(/( |\n)/)
    .map((token) => {
      if (token === ' ' || token === '\n' || !normalWord(token)) return token;
      const at = timed.slice(next, next + 4).findIndex((w) => normalWord(w.text) === normalWord(token));
      const isFirst = first;
      first = false;
      if (at < 0) return token;
      const word = timed[next + at]!;
      next += at + 1;
      return isFirst || word.startMs <= cue.startMs || word.startMs >= cue.endMs
        ? token
        : `<${stamp(word.startMs, '.')}>${token}`;
    })
    .join('');
}

export function toVtt(cues: readonly Cue[]): string {
  return `WEBVTT\n\n${cues.map((c) => `${stamp(c.startMs, '.')} --> ${stamp(c.endMs, '.')}\n${wordTimedText(c)}\n`).join('\n')}`;
}

/**
 * Cues for a run of sentences: what was said (fillers dropped, numbers as spoken, so a cue's words
 * line up with the recogniser's timed words), long sentences split by time share.
 */
export function cuesOf(units: readonly Unit[], offsetMs: number): Cue[] {
  const cues: Cue[] = [];
  for (const unit of units) {
    if (unit.filler || unit.startMs === undefined || unit.endMs === undefined) continue;
    const pieces = splitToFit(unit.spoken, CUE_CHARS);
    const total = pieces.reduce((n, p) => n + p.length, 0);
    let at = unit.startMs;
    for (const piece of pieces) {
      const duration = ((unit.endMs - unit.startMs) * piece.length) / Math.max(1, total);
      cues.push({ startMs: at - offsetMs, endMs: at + duration - offsetMs, text: piece });
      at += duration;
    }
  }
  return cues.map((c) => ({ ...c, startMs: Math.round(c.startMs), endMs: Math.round(c.endMs) }));
}

/**
 * The captions of a stretch of one note's recording on the cut's own clock: every sentence said
 * between start and end (a clip cites only its hook line, but its captions are all it says), 0 at
 * the clip's start, nothing past its end.
 */
export function clipCaptions(noteUnits: readonly Unit[], startMs: number, endMs: number): Cue[] {
  const length = endMs - startMs;
  const said = noteUnits.filter(
    (u) => u.startMs !== undefined && u.endMs !== undefined && u.endMs > startMs && u.startMs < endMs,
  );
  return cuesOf(said, startMs)
    .map((cue) => ({ ...cue, startMs: Math.max(0, cue.startMs), endMs: Math.min(length, cue.endMs) }))
    .filter((cue) => cue.endMs > cue.startMs && cue.text.trim().length > 0);
}

interface Window {
  from: number;
  to: number;
  score: number;
  startMs: number;
  endMs: number;
}

export function clipHooks(analysis: Analysis): FormatResult {
  const timed = analysis.units.filter((u) => u.startMs !== undefined && u.endMs !== undefined);
  if (timed.length === 0) {
    return { ok: false, format: 'clips', message: 'clip hooks need a voice or video note with timings' };
  }
  const spoken = timed.reduce((ms, u) => ms + (u.endMs! - u.startMs!), 0);
  if (timed.at(-1)!.endMs! - timed[0]!.startMs! < CLIP_MIN_MS) {
    return {
      ok: false,
      format: 'clips',
      message: `needs about 15 seconds of speech for clip hooks; this note has ${Math.round(spoken / 1000)}`,
    };
  }
  const windows: Window[] = [];
  for (let i = 0; i < timed.length; i++) {
    const first = timed[i]!;
    const opener = hookScore(first);
    if (opener === 0) continue;
    let best: Window | undefined;
    let sum = 0;
    let count = 0;
    let fillers = 0;
    for (let j = i; j < timed.length; j++) {
      const unit = timed[j]!;
      if (unit.noteIndex !== first.noteIndex) break;
      const duration = unit.endMs! - first.startMs!;
      if (duration > CLIP_MAX_MS) break;
      if (unit.usable) {
        sum += unit.score;
        count++;
      } else fillers++;
      if (duration < CLIP_MIN_MS) continue;
      // Strong opening line, strong content, few fillers; a slight preference for ~30 s.
      const score =
        (opener * 1.5 + sum / Math.sqrt(count)) *
        (1 - fillers / (count + fillers) / 2) *
        (1 - Math.abs(duration - 30_000) / 120_000);
      if (!best || score > best.score)
        best = { from: i, to: j, score, startMs: first.startMs!, endMs: unit.endMs! };
    }
    if (best) windows.push(best);
  }
  windows.sort((a, b) => b.score - a.score || a.startMs - b.startMs);
  const picked: Window[] = [];
  for (const window of windows) {
    if (picked.length >= MAX_CLIPS) break;
    if (picked.some((p) => window.startMs < p.endMs && p.startMs < window.endMs)) continue;
    picked.push(window);
  }
  if (picked.length === 0) {
    return {
      ok: false,
      format: 'clips',
      message: 'no 15-60 second stretch of this note stands on its own as a clip',
    };
  }
  picked.sort((a, b) => a.startMs - b.startMs);
  const list = new BlockList();
  const clips: ClipMeta[] = [];
  for (const window of picked) {
    const units = timed.slice(window.from, window.to + 1);
    const hook = units.reduce((a, b) => (hookScore(b) > hookScore(a) ? b : a));
    const block = list.add('clip', [partOf(hook, false)]);
    const cues = cuesOf(units, window.startMs);
    clips.push({
      blockId: block.id,
      startMs: window.startMs,
      endMs: window.endMs,
      hook: hook.standalone,
      srt: toSrt(cues),
      vtt: toVtt(cues),
    });
  }
  return { ok: true, format: 'clips', blocks: list.blocks, meta: { clips } };
}
