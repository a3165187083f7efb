/**
 * At most `size` tasks run at once; the others wait in arrival order (first come, first served).
 * For work bounded by this machine's cores (ffmpeg conversions) inside jobs that mostly wait on
 * the network, so the waiting can be wide while the CPU work stays narrow.
 */
export class Limiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  readonly size: number;

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error('a limiter needs a size of at least 1');
    this.size = size;
  }

  /** Tasks waiting for a turn (not counting those running). */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The turn passes straight to the next in line (running stays counted), else it is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
