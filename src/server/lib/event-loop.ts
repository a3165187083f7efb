/**
 * Long synchronous work cut into slices so the event loop serves other requests in between: the
 * rule is that no request handler or job holds a web process's loop much longer than a slice.
 */

/** Resolves on the event loop's next turn, after the I/O that waits (setImmediate, not a microtask). */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Milliseconds of synchronous work one slice may run before giving the loop back. */
export const SLICE_MS = 10;

/**
 * A checkpoint for a loop of small steps: `await slice()` between steps gives the event loop back
 * once the current slice has run `budgetMs`, and costs nothing otherwise.
 */
export function loopSlices(budgetMs = SLICE_MS): () => Promise<void> | undefined {
  let started = performance.now();
  return () => {
    if (performance.now() - started < budgetMs) return undefined;
    return nextTurn().then(() => {
      started = performance.now();
    });
  };
}
