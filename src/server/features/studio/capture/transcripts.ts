import { parseTextStream } from 'media-captions';
import { CONVERSATION_LIMITS } from '#contract/studio.ts';
import { loopSlices } from '../../../lib/event-loop.ts';

// media-captions' type declarations re-export their parts without file extensions, which this
// project's module resolution does not follow: what is used of them, declared here.
declare module 'media-captions' {
  export function parseTextStream(
    lines: ReadableStream<string>,
    options: { type: 'vtt' | 'srt'; strict?: boolean },
  ): Promise<{ cues: Array<{ startTime: number; endTime: number; text: string }> }>;
}

/**
 * Transcripts with speakers (decision 023): plain text of `Name:` turns (`NAME:`, `[00:01:02] Name:`,
 * `Name (00:01):`, Otter's `Name  0:01` heading lines), and captions (WebVTT, SRT) whose cues carry
 * a voice span (`<v Name>`), open with `Name:`, or mark a change of speaker with `- `. The caption
 * files are read by media-captions; finding who speaks is ours.
 */

/** A stretch of the transcript with its times (a caption cue, or a timed turn of a text file). */
export interface TranscriptCue {
  startMs: number;
  endMs: number;
  text: string;
}

/** One speaker's turn: `label` as found (null: nobody named), its words, and its cues when timed. */
export interface Turn {
  label: string | null;
  text: string;
  cues: TranscriptCue[];
}

export interface Transcript {
  turns: Turn[];
  /** The distinct labels, in order of first turn (case and spacing aside: "SAM" is "Sam"). */
  speakers: string[];
}

/** The transcript names more speakers than a conversation note keeps. */
export class TooManySpeakersError extends Error {
  constructor() {
    super(
      `This transcript names more than ${CONVERSATION_LIMITS.speakersPerNote} speakers; a conversation can have at most ${CONVERSATION_LIMITS.speakersPerNote}. Split the file, or remove the names to import it as your own post.`,
    );
  }
}

const TIME = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?`;
/**
 * `[00:01:02] Name: words`, `00:01 Name: words`, `Name (00:01): words`, `Name: words` (the label's
 * colon is never one of a time's).
 */
const LABELLED = new RegExp(
  String.raw`^\s*(?:\[(${TIME})\]|\((${TIME})\)|(${TIME}))?\s*([^\s:[\]()<>][^:[\]()<>]*?)\s*(?:[([](${TIME})[)\]])?\s*:(?!\d)`,
);
/** Otter's and Riverside's heading lines: `Name  0:01` or `Name (00:00:01)`, the words on the next lines. */
const HEADING = new RegExp(String.raw`^\s*([^\s:[\]()<>][^:[\]()<>]*?)\s+[([]?(${TIME})[)\]]?\s*$`);
/** Characters of a line looked at for a label: a label is short, so a long line costs no more. */
const LABEL_WINDOW = CONVERSATION_LIMITS.labelMaxChars + 40;

/** Milliseconds of `[hh:]mm:ss[.fff]`. */
export function timeMs(value: string): number {
  const [clock, fraction = '0'] = value.split(/[.,]/);
  const parts = clock!.split(':').map(Number);
  const seconds = parts.reduce((total, part) => total * 60 + part, 0);
  return seconds * 1000 + Math.round(Number(`0.${fraction}`) * 1000);
}

/**
 * A plausible name: a few words with a letter, no sentence punctuation, not a link or a time, at
 * most `labelMaxChars` long (a longer "name" is text). "Here is the thing: ..." has too many words;
 * "Note: ..." passes here and is ruled out by how few lines of the file open with a name.
 */
function plausibleLabel(label: string): boolean {
  if (!label || label.length > CONVERSATION_LIMITS.labelMaxChars) return false;
  if (!/\p{L}/u.test(label) || /[!?;,"“”]/.test(label) || /^https?$/i.test(label)) return false;
  return label.split(/\s+/).length <= 4;
}

/** The speaker a line opens with, the rest of the line and the time it gives, if any. */
export function speakerOfLine(
  line: string,
): { label: string; rest: string; startMs: number | null; heading: boolean } | null {
  const window = line.length > LABEL_WINDOW ? line.slice(0, LABEL_WINDOW) : line;
  const head = window.includes(':') ? LABELLED.exec(window) : null;
  if (head && plausibleLabel(head[4]!.trim())) {
    const time = head[1] ?? head[2] ?? head[3] ?? head[5];
    return {
      label: head[4]!.trim(),
      rest: line.slice(head[0].length).trim(),
      startMs: time ? timeMs(time) : null,
      heading: false,
    };
  }
  if (line.length <= LABEL_WINDOW) {
    const heading = HEADING.exec(line);
    if (heading && plausibleLabel(heading[1]!.trim()))
      return { label: heading[1]!.trim(), rest: '', startMs: timeMs(heading[2]!), heading: true };
  }
  return null;
}

const keyOf = (label: string) => label.toLowerCase().replace(/\s+/g, ' ');

/** Collects turns and the distinct labels, refusing the one past the limit. */
class Turns {
  readonly turns: Turn[] = [];
  private readonly labels = new Map<string, string>();
  current(): Turn | undefined {
    return this.turns[this.turns.length - 1];
  }
  start(label: string | null): Turn {
    const found = label === null ? null : this.labelOf(label);
    const turn: Turn = { label: found, text: '', cues: [] };
    this.turns.push(turn);
    return turn;
  }
  /** The label as first found ("SAM" after "Sam" is Sam). */
  labelOf(label: string): string {
    const key = keyOf(label);
    const known = this.labels.get(key);
    if (known !== undefined) return known;
    if (this.labels.size >= CONVERSATION_LIMITS.speakersPerNote) throw new TooManySpeakersError();
    this.labels.set(key, label);
    return label;
  }
  /** A label found to be no speaker's after all. */
  forget(label: string): void {
    this.labels.delete(keyOf(label));
  }
  add(turn: Turn, words: string): void {
    const text = words.replace(/\s+/g, ' ').trim();
    if (text) turn.text = turn.text ? `${turn.text} ${text}` : text;
  }
  result(): Transcript {
    const turns = this.turns.filter((t) => t.text);
    // Consecutive turns of one speaker are one turn.
    const merged: Turn[] = [];
    for (const turn of turns) {
      const last = merged[merged.length - 1];
      if (last && last.label === turn.label) {
        last.text = `${last.text} ${turn.text}`;
        last.cues.push(...turn.cues);
      } else merged.push({ ...turn, cues: [...turn.cues] });
    }
    const speakers: string[] = [];
    for (const turn of merged)
      if (turn.label !== null && !speakers.includes(turn.label)) speakers.push(turn.label);
    return { turns: merged, speakers };
  }
}

/** Each line of `text`, the event loop given back between slices. */
async function* linesOf(text: string): AsyncGenerator<string> {
  const slice = loopSlices();
  for (let at = 0, i = 0; at <= text.length; i++) {
    const end = text.indexOf('\n', at);
    const stop = end === -1 ? text.length : end;
    yield text.slice(at, stop > at && text.charCodeAt(stop - 1) === 0x0d ? stop - 1 : stop);
    at = stop + 1;
    if ((i & 0x1f) === 0) await slice();
  }
}

/** Of the lines with words, the share that must open a named turn for a text file to be a conversation. */
const NAMED_LINE_SHARE = 0.25;

/**
 * A plain-text transcript's turns, or null when the file is not a conversation: fewer than two
 * names, or too few of its lines open with one (a post with a "Note:" and a "PS:" stays a post).
 * Lines before the first name are an unnamed turn, or the title when it is one short line.
 */
export async function parseTextTranscript(
  content: string,
): Promise<(Transcript & { title: string | null }) | null> {
  const turns = new Turns();
  let lines = 0;
  let named = 0;
  let timed = 0;
  for await (const line of linesOf(content.replace(/^\uFEFF/, ''))) {
    if (!line.trim()) continue;
    lines++;
    const speaker = speakerOfLine(line);
    if (speaker) {
      named++;
      const turn = turns.start(speaker.label);
      if (speaker.startMs !== null) {
        timed++;
        turn.cues.push({ startMs: speaker.startMs, endMs: speaker.startMs, text: '' });
      }
      turns.add(turn, speaker.rest);
    } else turns.add(turns.current() ?? turns.start(null), line);
  }
  const found = turns.turns;
  if (named < NAMED_LINE_SHARE * lines) return null;
  // "Episode 42: from project manager to baker" above timed turns is a title, not a speaker.
  const head = found[0];
  if (
    head?.label &&
    head.cues.length === 0 &&
    timed === named - 1 &&
    !found.slice(1).some((t) => t.label === head.label)
  ) {
    head.text = `${head.label}: ${head.text}`;
    head.label = null;
    turns.forget(head.text.slice(0, head.text.indexOf(':')));
  }
  let title: string | null = null;
  const first = found[0];
  if (first && first.label === null && first.text.length <= 120 && !/[.!?]$/.test(first.text)) {
    title = first.text;
    first.text = '';
  }
  // A turn's time runs to the next one's start: a text file gives starts only.
  const everyTimed = timed > 0 && found.every((t) => t.label === null || t.cues.length > 0);
  let nextStart: number | null = null;
  for (let i = found.length - 1; i >= 0; i--) {
    const turn = found[i]!;
    const start = turn.cues[0]?.startMs;
    if (!everyTimed || start === undefined) turn.cues = [];
    else {
      turn.cues = [{ startMs: start, endMs: Math.max(start, nextStart ?? start), text: turn.text }];
      nextStart = start;
    }
  }
  const transcript = turns.result();
  return transcript.speakers.length >= 2 ? { ...transcript, title } : null;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', quot: '"', apos: "'" };
const VOICE = /^\s*<v(?:\.[^\s>]*)?\s+([^>]*)>/;

/** A caption line's words, without tags and entities. */
const plainOf = (line: string) =>
  line.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|nbsp|quot|apos);/g, (_, name: string) => ENTITY[name]!);

/**
 * A caption file's turns (WebVTT or SRT), read as a stream of lines with the event loop given
 * back between slices. A cue line with a voice span or a `Name:` starts that speaker's turn;
 * one starting with `- ` goes back to the speaker before (the usual two-person exchange), else to
 * "Speaker 1" and "Speaker 2" in turn; any other line goes on with the speaker talking.
 */
export async function parseCaptionTranscript(content: string, type: 'vtt' | 'srt'): Promise<Transcript> {
  // media-captions reads a stream of lines: handed over a slice of the event loop at a time.
  const lines = linesOf(content.replace(/^\uFEFF/, ''));
  const stream = new ReadableStream<string>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  const slice = loopSlices();
  const { cues } = await parseTextStream(stream, { type, strict: false });
  const turns = new Turns();
  /** Who is speaking, and who spoke before them (a `- ` line goes back to them). */
  let speaking: string | null = null;
  let before: string | null = null;
  const turnOf = (label: string | null): Turn => {
    const known = label === null ? null : turns.labelOf(label);
    const current = turns.current();
    if (current && current.label === known) return current;
    if (known !== speaking) [before, speaking] = [speaking, known];
    return turns.start(known);
  };
  for (const [i, cue] of cues.entries()) {
    if ((i & 0x1f) === 0) await slice();
    const startMs = Math.round(cue.startTime * 1000);
    const endMs = Math.max(startMs, Math.round(cue.endTime * 1000));
    for (const raw of cue.text.split('\n')) {
      const voice = VOICE.exec(raw)?.[1]?.trim();
      const line = plainOf(raw).trim();
      if (!line) continue;
      let words = line;
      let turn: Turn;
      const named = voice && plausibleLabel(voice) ? null : speakerOfLine(line);
      if (voice && plausibleLabel(voice)) turn = turnOf(voice);
      else if (named && !named.heading) {
        turn = turnOf(named.label);
        words = named.rest;
      } else if (/^[-–]\s*/.test(line)) {
        words = line.replace(/^[-–]\s*/, '');
        turn = turnOf(before ?? (speaking === 'Speaker 1' ? 'Speaker 2' : 'Speaker 1'));
      } else turn = turns.current() ?? turnOf(null);
      turns.add(turn, words);
      const clean = words.replace(/\s+/g, ' ').trim();
      if (clean) turn.cues.push({ startMs, endMs, text: clean });
    }
  }
  return turns.result();
}
