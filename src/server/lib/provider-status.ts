/** The outside services whose health the operator sees (GET /api/health, /admin/system). */
export const PROVIDERS = ['smtp', 'twilio', 'stt', 'llm', 'stripe', 'webhook'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface ProviderEvent {
  provider: ProviderName;
  ok: boolean;
  at: Date;
  error?: string;
}

type Sink = (event: ProviderEvent) => Promise<unknown>;

const sinks = new Set<Sink>();

/**
 * Records that a provider call succeeded or failed. Cheap and never throws: the event is handed
 * to the sinks the runtime attached (the `provider_status` table, so every process sees it),
 * without waiting for them.
 */
export function recordProvider(provider: ProviderName, ok: boolean, error?: unknown): void {
  const event: ProviderEvent = {
    provider,
    ok,
    at: new Date(),
    ...(ok
      ? {}
      : { error: (error instanceof Error ? error.message : String(error ?? 'failed')).slice(0, 300) }),
  };
  for (const sink of sinks) sink(event).catch(() => {});
}

/** Wraps a provider call: records its outcome and passes the result or error through. */
export async function trackProvider<T>(provider: ProviderName, call: () => Promise<T>): Promise<T> {
  try {
    const result = await call();
    recordProvider(provider, true);
    return result;
  } catch (error) {
    recordProvider(provider, false, error);
    throw error;
  }
}

/**
 * A sink that hands on each provider's outcome (success, failure) at most once a window: the first
 * at once, the latest of the rest when the window ends (`flush` hands on what waits). A busy provider
 * (a thousand webhook callbacks a second) otherwise wrote one row per call, every request of every
 * process updating the same row.
 */
export function throttledSink(sink: Sink, windowMs: number): Sink & { flush(): Promise<void> } {
  const state = new Map<string, { last: number; pending?: ProviderEvent; timer?: NodeJS.Timeout }>();
  const handOn = (entry: { last: number; pending?: ProviderEvent }) => {
    const event = entry.pending;
    entry.pending = undefined;
    if (!event) return Promise.resolve();
    entry.last = Date.now();
    return sink(event).catch(() => {});
  };
  const throttled = (event: ProviderEvent) => {
    const key = `${event.provider}:${event.ok}`;
    const entry = state.get(key) ?? { last: 0 };
    state.set(key, entry);
    entry.pending = event;
    const wait = entry.last + windowMs - Date.now();
    if (!entry.timer && wait <= 0) return handOn(entry);
    if (!entry.timer) {
      const current = entry;
      current.timer = setTimeout(() => {
        current.timer = undefined;
        void handOn(current);
      }, wait);
      current.timer.unref();
    }
    return Promise.resolve();
  };
  return Object.assign(throttled, {
    async flush() {
      for (const entry of state.values()) {
        clearTimeout(entry.timer);
        entry.timer = undefined;
        await handOn(entry);
      }
    },
  });
}

/** Attaches a sink; returns the function that detaches it (the runtime calls it when stopping). */
export function attachProviderSink(sink: Sink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}
