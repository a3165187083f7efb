import { readFileSync } from 'node:fs';
import http from 'node:http';

/** A fake provider's HTTP server on a free loopback port. */
export interface LocalHttp {
  port: number;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** Stops listening and drops open connections (a fake that hangs must not hold the test up). */
  close(): Promise<void>;
}

/** The kernel's range for ports it hands out by itself (listen on 0, outgoing connections). */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return [Number(low), Number(high)];
  } catch {
    return [32768, 60999];
  }
}

/**
 * A port for a fake that will stop and come back on the same port (a store that goes away). Out of the
 * kernel's ephemeral range, so that while it is down no connection or `listen(0)` of the other test
 * files running at the same time can take it (CI once saw EADDRINUSE on the way back).
 */
function stablePortCandidate(): number {
  const [low, high] = ephemeralRange();
  const ranges: Array<[number, number]> = [];
  if (low > 12_000) ranges.push([10_000, low - 1]);
  if (high < 63_000) ranges.push([high + 1, 65_000]);
  const [from, to] = ranges[Math.floor(Math.random() * ranges.length)] ?? [10_000, 12_000];
  return from + Math.floor(Math.random() * (to - from + 1));
}

const isInUse = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EADDRINUSE';

async function listenOnce(handler: http.RequestListener, port: number): Promise<LocalHttp> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as { port: number }).port;
  return {
    port: bound,
    origin: `http://127.0.0.1:${bound}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Starts `handler` on 127.0.0.1 with a free port, or on `port` to come back where a stopped fake was:
 * the one start/stop of every fake in tests/support. With `stable`, a first start picks its port out of
 * the ephemeral range, and coming back waits a little for a port that is briefly still taken.
 */
export async function listenLocal(
  handler: http.RequestListener,
  port = 0,
  options: { stable?: boolean } = {},
): Promise<LocalHttp> {
  if (!options.stable) return listenOnce(handler, port);
  for (let attempt = 0; ; attempt++) {
    try {
      return await listenOnce(handler, port || stablePortCandidate());
    } catch (error) {
      if (!isInUse(error) || attempt >= 50) throw error;
      if (port) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A free loopback port out of the ephemeral range, for a server a test stops and starts again on the
 * same port (PostgreSQL, a killed Echo): nothing else running at the same time is handed it meanwhile.
 */
export async function freeStablePort(): Promise<number> {
  const probe = await listenLocal(() => {}, 0, { stable: true });
  await probe.close();
  return probe.port;
}
