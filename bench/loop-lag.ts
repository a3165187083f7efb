/**
 * Loaded into a server under test with `node --import ./bench/loop-lag.ts` (startServer's
 * `nodeArgs`) when `BENCH_LOOP_LAG_FILE` is set: it records the process's event-loop delay
 * (perf_hooks.monitorEventLoopDelay, 10 ms resolution) and, on each SIGUSR2, writes what it saw since
 * the previous SIGUSR2 (or since start) to that file as JSON ({ seq, p50, p99, max, count } in ms,
 * the timer's own resolution subtracted) and starts over. The file's `seq` tells a reader the answer
 * is fresh. Nothing of this is part of Echo: it exists for bench/ only.
 */
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_LAG_FILE;
const RESOLUTION_MS = 10;

if (file) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let seq = 0;
  const ms = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  process.on('SIGUSR2', () => {
    seq++;
    writeFileSync(
      file,
      JSON.stringify({
        seq,
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        count: histogram.count,
      }),
    );
    histogram.reset();
  });
}
