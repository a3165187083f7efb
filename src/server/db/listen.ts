import pg from 'pg';

export interface Listener {
  stop(): Promise<void>;
}

const RETRY_MS = { first: 500, max: 30_000 };

/**
 * LISTENs on a channel on a connection of its own (outside the pool), and keeps doing so: a lost
 * connection (database restart, network) is retried with growing pauses. `onState(true)` once the
 * LISTEN is in place, `onState(false)` as soon as it is lost; `onNotice` for every notification.
 */
export function listen(
  url: string,
  channel: string,
  handlers: {
    onNotice: (payload: string) => void;
    onState: (listening: boolean) => void;
    onError?: (error: unknown) => void;
  },
): Listener {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pause = RETRY_MS.first;

  /** The connection `which` is gone (ignored when it is no longer the current one). */
  const lost = (which: pg.Client, error?: unknown) => {
    if (client !== which) return;
    const old = which;
    client = undefined;
    handlers.onState(false);
    old.removeAllListeners('notification');
    old.end().catch(() => {});
    if (error) handlers.onError?.(error);
    if (!stopped) {
      timer = setTimeout(connect, pause);
      pause = Math.min(pause * 2, RETRY_MS.max);
    }
  };

  async function connect() {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, application_name: 'echo-listen' });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotice(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
      if (stopped || client !== next) return;
      pause = RETRY_MS.first;
      handlers.onState(true);
    } catch (error) {
      lost(next, error);
    }
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const last = client;
      client = undefined;
      if (last) {
        handlers.onState(false);
        await last.end().catch(() => {});
      }
    },
  };
}
