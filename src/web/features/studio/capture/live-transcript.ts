/**
 * What a Web Speech recogniser hears while recording, as phrases timed on the recording (pure: no
 * DOM). Results carry no times of their own: a phrase starts when its first result (interim or
 * final) arrives, less the recogniser's usual lag and, when it arrives already final, the time its
 * words take to say; it ends when its final result arrives, less the silence the recogniser waits
 * before deciding. The recogniser stops on its own after a pause; each restarted session numbers
 * its results from 0 again, so phrases are kept per session and merged in order.
 */
export interface TimedPhrase {
  startMs: number;
  endMs: number;
  text: string;
}

/** The part of a SpeechRecognitionResultList this needs. */
export type RecognitionResults = ArrayLike<{ isFinal: boolean; 0?: { transcript: string } }>;

export interface LiveTiming {
  /** How long after the words are said their first result arrives. */
  lagMs: number;
  /** How long the recogniser listens to silence before a result is final. */
  endLagMs: number;
  /** How long a word takes to say (for a phrase first seen already final). */
  wordMs: number;
}

export const DEFAULT_LIVE_TIMING: LiveTiming = { lagMs: 400, endLagMs: 600, wordMs: 320 };

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

export class LiveTranscript {
  private readonly done: TimedPhrase[] = [];
  /** The current session's phrases not yet final, by result index. */
  private pending = new Map<number, { startMs: number; text: string }>();
  /** The current session's results already made final (a result list repeats them). */
  private finalised = new Set<number>();
  private readonly timing: LiveTiming;
  constructor(timing: LiveTiming = DEFAULT_LIVE_TIMING) {
    this.timing = timing;
  }

  private lastEnd(): number {
    return this.done.at(-1)?.endMs ?? 0;
  }

  /** One 'result' event: the results from `resultIndex` on, at `nowMs` on the recording's clock. */
  onResult(results: RecognitionResults, resultIndex: number, nowMs: number): void {
    for (let i = resultIndex; i < results.length; i++) {
      const result = results[i]!;
      const text = (result[0]?.transcript ?? '').trim().replace(/\s+/g, ' ');
      if (this.finalised.has(i)) continue;
      const seen = this.pending.get(i);
      const startMs = Math.max(
        this.lastEnd(),
        seen?.startMs ??
          nowMs -
            this.timing.lagMs -
            (result.isFinal ? words(text) * this.timing.wordMs + this.timing.endLagMs : 0),
        0,
      );
      if (!result.isFinal) {
        this.pending.set(i, { startMs, text });
        continue;
      }
      this.pending.delete(i);
      this.finalised.add(i);
      if (text) this.commit(startMs, nowMs - this.timing.endLagMs, text);
    }
  }

  private commit(startMs: number, endMs: number, text: string): void {
    const start = Math.max(0, Math.round(startMs));
    this.done.push({ startMs: start, endMs: Math.max(start, Math.round(endMs)), text });
  }

  /**
   * The recogniser's session ended (its own pause, an error, or stop): what it had not made final
   * is kept as heard, ending now; the next session numbers its results from 0.
   */
  endSession(nowMs: number): void {
    for (const [, phrase] of [...this.pending].sort(([a], [b]) => a - b))
      if (phrase.text) this.commit(phrase.startMs, nowMs - this.timing.lagMs, phrase.text);
    this.pending = new Map();
    this.finalised = new Set();
  }

  /** The phrases so far (final ones), in order. */
  phrases(): TimedPhrase[] {
    return [...this.done];
  }

  /** Everything heard so far, the part not yet final included (for the live view). */
  text(): { final: string; interim: string } {
    return {
      final: this.done.map((p) => p.text).join(' '),
      interim: [...this.pending.values()].map((p) => p.text).join(' '),
    };
  }
}
