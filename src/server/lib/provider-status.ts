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

/** Attaches a sink; returns the function that detaches it (the runtime calls it when stopping). */
export function attachProviderSink(sink: Sink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}
