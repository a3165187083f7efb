/**
 * How long the event loop was held while `work` ran: the longest wait of a 10 ms timer past its
 * due time (the loop's worst lag). The tests that keep the rule "no request holds the loop longer
 * than about 50 ms" read it; the bench's loop-lag.ts does the same for a server in its own process.
 */
export async function longestHoldDuring<T>(
  work: () => Promise<T>,
): Promise<{ holdMs: number; result: T; ms: number }> {
  let last = performance.now();
  let holdMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    holdMs = Math.max(holdMs, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    // The last stretch: a hold that ends with the work is seen by the next tick.
    await new Promise((resolve) => setTimeout(resolve, 15));
    return { holdMs, result, ms: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}
