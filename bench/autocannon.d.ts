// Minimal types for the parts of autocannon the benchmarks use (the package ships none).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (
      request: AutocannonRequest,
      context: Record<string, unknown>,
    ) => AutocannonRequest | undefined;
  }

  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    requests?: AutocannonRequest[];
    title?: string;
    /** Return the raw result (encoded histograms) so several runs can be merged with aggregateResult. */
    skipAggregateResult?: boolean;
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface Counters {
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** Result of a run with `skipAggregateResult: true`. */
  interface AutocannonRawResult extends Counters {
    latencies: string;
    totalCompletedRequests: number;
    totalRequests: number;
  }

  interface AutocannonResult extends Counters {
    title?: string;
    url: string;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
  }

  function autocannon(options: AutocannonOptions): Promise<AutocannonResult> & { stop(): void };
  namespace autocannon {
    function aggregateResult(
      results: AutocannonRawResult[],
      options: { url: string; connections?: number },
    ): AutocannonResult;
  }
  export default autocannon;
  export type { AutocannonOptions, AutocannonRawResult, AutocannonRequest, AutocannonResult };
}
