/** One row of the benchmark report. */
export interface BenchResult {
  /** The figure measured, e.g. "GET /api/waitlist/count req/s". */
  name: string;
  /** The measured value for Echo (or the artefact under test). */
  value: number;
  /** Unit of `value` and `baseline`: 'req/s', 'ms', 'bytes', 'count', ... */
  unit: string;
  /** The same figure for the baseline measured in the same run, when there is one. */
  baseline?: number;
  /** value / baseline (or value / target for absolute budgets); see each module. */
  ratio?: number;
  /** Human-readable target, e.g. "ratio >= 0.70"; 'info' for figures reported without a target. */
  target: string;
  /** Whether the target is met; null for informational figures. */
  met: boolean | null;
}

/** A benchmark module: `bench/run.ts` imports a list of these. */
export interface BenchModule {
  run(): Promise<BenchResult[]>;
}
