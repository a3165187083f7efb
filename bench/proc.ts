/**
 * CPU time of other processes from /proc (Linux), for benchmarks that run a server as a child:
 * on a shared machine the wall clock measures the neighbours as much as the code, while the CPU a
 * process spent per request is its own cost. Returns NaN where /proc cannot be read.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** User + system CPU of one process, in milliseconds. */
export function processCpuMs(pid: number): number {
  const fields = statFields(pid);
  // Fields 14 and 15 of stat (utime, stime) are 12 and 13 after the command name.
  if (!fields) return Number.NaN;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * User + system CPU of a process and of the children it waited for (e.g. the ffmpeg runs of a
 * server, gone by the time of reading), in milliseconds.
 */
export function cpuWithChildrenMs(pid: number): number {
  const fields = statFields(pid);
  // Fields 14-17 of stat (utime, stime, cutime, cstime) are 11-14 after the command name.
  if (!fields) return Number.NaN;
  return ([11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 1000) / TICKS_PER_SECOND;
}

/**
 * User + system CPU of a process and its living children, in milliseconds (children that have
 * exited since are not counted: compare two readings only across a period with stable children,
 * e.g. a PostgreSQL server with its pool's backends).
 */
export function treeCpuMs(rootPid: number): number {
  let total = processCpuMs(rootPid);
  if (Number.isNaN(total)) return total;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === rootPid) continue;
    const fields = statFields(pid);
    // Field 4 of stat (ppid) is 1 after the command name.
    if (fields && Number(fields[1]) === rootPid) total += processCpuMs(pid);
  }
  return total;
}

/** The parent of a process (for a PostgreSQL backend, from `select pg_backend_pid()`: the server). */
export function parentPid(pid: number): number {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : Number.NaN;
}

/** The whole machine's CPU time, busy and in all (every core), in milliseconds (/proc/stat). */
export function machineCpuMs(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal ...: idle and iowait are not busy.
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    const idle = ticks[3]! + ticks[4]!;
    return { busy: ((total - idle) * 1000) / TICKS_PER_SECOND, total: (total * 1000) / TICKS_PER_SECOND };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}
