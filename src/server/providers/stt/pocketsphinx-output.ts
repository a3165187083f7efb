/**
 * PocketSphinx's word times (`pocketsphinx_continuous -time yes`) into the timed segments Echo's
 * speech-to-text returns. Pure functions: no process, no file.
 */

/** One recognised word, on the audio's clock. `confidence` is PocketSphinx's posterior (0..1). */
export interface RoughWord {
  text: string;
  startMs: number;
  endMs: number;
  confidence: number;
}

export interface RoughSegment {
  startMs: number;
  endMs: number;
  text: string;
  words: RoughWord[];
}

export interface SegmentOptions {
  /** A silence at least this long between two words starts a new segment. */
  pauseMs: number;
  /** A segment longer than this is cut at its next word. */
  maxSegmentMs: number;
}

export const DEFAULT_SEGMENT_OPTIONS: SegmentOptions = { pauseMs: 400, maxSegmentMs: 12_000 };

// `word start end posterior`, times in seconds (e.g. `published 2.100 2.530 0.009277`).
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/i;

/** Silence, breath and noise marks (`<sil>`, `[NOISE]`, `++UM++`) and the utterance marks. */
function isFiller(word: string): boolean {
  return /^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(word);
}

/**
 * Reads the word lines of one run. Each utterance opens with `<s>`; it is returned as its own
 * list, so a segment never spans two utterances. `offsetMs` (the silence Echo put before the
 * audio) is taken off every time; times are kept within [0, durationMs].
 */
export function parseWordTimes(output: string, offsetMs: number, durationMs: number): RoughWord[][] {
  const utterances: RoughWord[][] = [];
  let current: RoughWord[] | null = null;
  const clamp = (ms: number) => Math.min(durationMs, Math.max(0, Math.round(ms - offsetMs)));
  for (const line of output.split('\n')) {
    const match = WORD_LINE.exec(line.trim());
    if (!match) continue;
    const [, raw, start, end, posterior] = match as unknown as [string, string, string, string, string];
    if (raw === '<s>' || current === null) {
      current = [];
      utterances.push(current);
    }
    if (isFiller(raw)) continue;
    // Alternative pronunciations are marked `word(2)`.
    const text = raw.replace(/\(\d+\)$/, '');
    const startMs = clamp(Number(start) * 1000);
    const endMs = Math.max(startMs, clamp(Number(end) * 1000));
    const confidence = Math.min(1, Math.max(0, Number(posterior)));
    current.push({ text, startMs, endMs, confidence: Number.isFinite(confidence) ? confidence : 0 });
  }
  return utterances.filter((words) => words.length > 0);
}

/** Words to a sentence: the first letter upper-cased, a full stop at the end, "i" as "I". */
function sentenceOf(words: RoughWord[]): string {
  const text = words.map((w) => (w.text === 'i' ? 'I' : w.text.replace(/^i'/, "I'"))).join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** Splits each utterance on pauses (and at most every `maxSegmentMs`) into timed segments. */
export function segmentWords(
  utterances: RoughWord[][],
  options: SegmentOptions = DEFAULT_SEGMENT_OPTIONS,
): RoughSegment[] {
  const segments: RoughSegment[] = [];
  for (const words of utterances) {
    let group: RoughWord[] = [];
    const close = () => {
      if (group.length === 0) return;
      segments.push({
        startMs: group[0]!.startMs,
        endMs: group[group.length - 1]!.endMs,
        text: sentenceOf(group),
        words: group,
      });
      group = [];
    };
    for (const word of words) {
      const previous = group[group.length - 1];
      if (
        previous &&
        (word.startMs - previous.endMs >= options.pauseMs ||
          word.endMs - group[0]!.startMs > options.maxSegmentMs)
      )
        close();
      group.push(word);
    }
    close();
  }
  return segments;
}
