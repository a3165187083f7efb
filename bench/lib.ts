import { fileURLToPath } from 'node:url';

/** Repository root (bench/ lives directly under it). */
export const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Progress messages go to stderr so stdout carries only the report table. */
export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Cleanup = () => Promise<void> | void;
const cleanups = new Set<Cleanup>();

/**
 * Registers a clean-up step that must also run when the benchmark is interrupted (SIGINT/SIGTERM).
 * Modules still run it themselves in `finally`; the returned function unregisters it.
 */
export function onInterrupt(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Runs every registered clean-up step (used by run.ts on a signal). */
export async function runInterruptCleanups(): Promise<void> {
  const pending = [...cleanups];
  cleanups.clear();
  for (const cleanup of pending.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      log(`clean-up failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
