import { readlinkSync } from 'node:fs';
import os from 'node:os';

/**
 * Nice value of the Studio's CPU-heavy worker threads (text analysis, carousel slides): when they
 * and the event loop want the same core, the loop (nice 0) gets about ten times their share, so
 * requests keep being answered while a hostile note or a long carousel is worked on.
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers the calling thread's own priority (Linux: the nice value is per thread, and
 * setpriority(PRIO_PROCESS) given a thread id changes that thread only; its id is read from
 * /proc/thread-self). Elsewhere, or when not allowed, nothing changes; returns whether it did.
 */
export function lowerThisThreadsPriority(niceness = BACKGROUND_NICENESS): boolean {
  if (niceness <= 0) return false;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    os.setPriority(tid, Math.max(os.getPriority(tid), niceness));
    return true;
  } catch {
    return false;
  }
}

/**
 * Lowers a child process's priority to the background threads' (ffmpeg: CPU-bound work nobody
 * waits on the way they wait on a request). At nice 0 it took the cores from the analysis threads at
 * nice 10, so a note's analysis (milliseconds of CPU) waited behind every conversion. Where not
 * allowed, nothing changes; returns whether it did.
 */
export function lowerProcessPriority(pid: number | undefined, niceness = BACKGROUND_NICENESS): boolean {
  if (!pid || niceness <= 0) return false;
  try {
    os.setPriority(pid, Math.max(os.getPriority(pid), niceness));
    return true;
  } catch {
    return false;
  }
}

/** The nice value of a thread of this process (Linux; null elsewhere), for tests. */
export function threadNiceness(tid: number): number | null {
  try {
    return os.getPriority(tid);
  } catch {
    return null;
  }
}
