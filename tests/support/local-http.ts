import http from 'node:http';

/** A fake provider's HTTP server on a free loopback port. */
export interface LocalHttp {
  port: number;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** Stops listening and drops open connections (a fake that hangs must not hold the test up). */
  close(): Promise<void>;
}

/**
 * Starts `handler` on 127.0.0.1 with a free port (or `port`, to come back where a stopped fake was):
 * the one start/stop of every fake in tests/support.
 */
export async function listenLocal(handler: http.RequestListener, port = 0): Promise<LocalHttp> {
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
