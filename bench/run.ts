/**
 * `npm run bench`: runs every benchmark module and prints one table. Figures are compared with a
 * baseline measured in the same run (or with an absolute budget for sizes). A missed target is
 * reported, not an error (exit code 0); a benchmark that cannot measure (it throws, e.g. because
 * it saw errors instead of responses) makes the exit code 1.
 *
 * To add a benchmark: write bench/<name>.ts exporting `async function run(): Promise<BenchResult[]>`
 * and add it to MODULES. `npm run bench -- http` runs only the named modules.
 */
import os from 'node:os';
import { log, runInterruptCleanups } from './lib.ts';
import type { BenchModule, BenchResult } from './types.ts';

const MODULES: { name: string; load: () => Promise<BenchModule> }[] = [
  // Cheap and CPU-light first; it may run `npm run build`, which must not overlap the HTTP load.
  { name: 'bundle', load: () => import('./bundle.ts') },
  { name: 'http', load: () => import('./http.ts') },
  { name: 'trends', load: () => import('./trends.ts') },
  { name: 'content-results', load: () => import('./content-results.ts') },
  { name: 'affiliates', load: () => import('./affiliates.ts') },
  { name: 'affiliate-signin', load: () => import('./affiliate-signin.ts') },
  { name: 'campaigns', load: () => import('./campaigns.ts') },
  { name: 'publish-schedule', load: () => import('./publish-schedule.ts') },
  { name: 'publish-refresh', load: () => import('./publish-refresh.ts') },
  { name: 'studio-profile', load: () => import('./studio-profile.ts') },
  { name: 'studio-fidelity', load: () => import('./studio-fidelity.ts') },
  { name: 'studio-extractive', load: () => import('./studio-extractive.ts') },
  { name: 'studio-shownotes', load: () => import('./studio-shownotes.ts') },
  { name: 'studio-worst-case', load: () => import('./studio-worst-case.ts') },
  { name: 'studio-analysis', load: () => import('./studio-analysis.ts') },
  { name: 'studio-stall', load: () => import('./studio-stall.ts') },
  { name: 'studio-carousel', load: () => import('./studio-carousel.ts') },
  { name: 'studio-llm', load: () => import('./studio-llm.ts') },
  { name: 'studio-search', load: () => import('./studio-search.ts') },
  { name: 'studio-ask', load: () => import('./studio-ask.ts') },
  { name: 'studio-upload', load: () => import('./studio-upload.ts') },
  { name: 'studio-carousel-pdf', load: () => import('./studio-carousel-pdf.ts') },
  { name: 'pocketsphinx', load: () => import('./pocketsphinx.ts') },
  { name: 'studio-hearing', load: () => import('./studio-hearing.ts') },
  { name: 'studio-voice-to-drafts', load: () => import('./studio-voice-to-drafts.ts') },
  { name: 'lighthouse', load: () => import('./lighthouse.ts') },
];

function formatNumber(value: number, unit: string): string {
  if (!Number.isFinite(value)) return String(value);
  switch (unit) {
    case 'bytes':
      return `${(value / 1024).toFixed(1)} KB`;
    case 'req/s':
      return `${Math.round(value).toLocaleString('en-US')} req/s`;
    case 'ms':
      return `${Number.isInteger(value) ? value : value.toFixed(value < 10 ? 2 : 1)} ms`;
    case 'µs':
      return `${Math.round(value).toLocaleString('en-US')} µs`;
    case 'msg/s':
      return `${Math.round(value).toLocaleString('en-US')} msg/s`;
    case 'count':
      return value.toLocaleString('en-US');
    default:
      return `${value} ${unit}`;
  }
}

function formatMet(met: boolean | null): string {
  if (met === null) return '-';
  return met ? 'yes' : 'NO  <-- missed';
}

function printTable(rows: string[][]): void {
  const header = ['figure', 'value', 'baseline', 'ratio', 'target', 'met'];
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column >= 1 && column <= 3 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join(' | ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('-|-');
  process.stdout.write(`\n${line(header)}\n${rule}\n${rows.map(line).join('\n')}\n`);
}

/** The machine's load averages (1, 5, 15 min) and cores: what the figures were measured beside. */
const machineLoad = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${os.availableParallelism()} cores`;

async function main(): Promise<number> {
  const only = process.argv.slice(2);
  const unknown = only.filter((name) => !MODULES.some((module) => module.name === name));
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown benchmark(s): ${unknown.join(', ')}. Known: ${MODULES.map((m) => m.name).join(', ')}\n`,
    );
    return 2;
  }
  const selected = only.length > 0 ? MODULES.filter((module) => only.includes(module.name)) : MODULES;

  const startedAt = new Date();
  const loadAtStart = machineLoad();
  log(`${startedAt.toISOString()}: ${loadAtStart}`);
  const rows: string[][] = [];
  const missed: string[] = [];
  const failed: string[] = [];
  for (const module of selected) {
    const started = Date.now();
    log(`${module.name}: running`);
    let results: BenchResult[];
    try {
      results = await (await module.load()).run();
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      process.stderr.write(`\n[bench] ${module.name}: FAILED\n${message}\n\n`);
      failed.push(module.name);
      rows.push([`${module.name}: benchmark failed (see above)`, '-', '-', '-', '-', 'ERROR']);
      continue;
    }
    log(`${module.name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const result of results) {
      rows.push([
        result.name,
        formatNumber(result.value, result.unit),
        result.baseline === undefined ? '-' : formatNumber(result.baseline, result.unit),
        result.ratio === undefined || !Number.isFinite(result.ratio) ? '-' : result.ratio.toFixed(2),
        result.target,
        formatMet(result.met),
      ]);
      if (result.met === false)
        missed.push(`${result.name} (${result.target}, ratio ${result.ratio?.toFixed(2) ?? '-'})`);
    }
  }

  printTable(rows);
  // What docs/performance.md records beside each figure: when, how loaded the machine was, the command.
  process.stdout.write(
    `\nRun ${startedAt.toISOString()} to ${new Date().toISOString()}: at start ${loadAtStart}; at end ${machineLoad()}.\n` +
      `Command: ${Object.entries(process.env)
        .filter(([name]) => name.startsWith('BENCH_'))
        .map(([name, value]) => `${name}=${value} `)
        .join('')}npm run bench${only.length ? ` -- ${only.join(' ')}` : ''}\n\n`,
  );
  if (missed.length > 0)
    process.stdout.write(`MISSED targets (${missed.length}):\n${missed.map((m) => `  - ${m}`).join('\n')}\n`);
  else if (failed.length === 0) process.stdout.write('All targets met.\n');
  if (failed.length > 0) process.stdout.write(`FAILED benchmarks (no figures): ${failed.join(', ')}\n`);
  return failed.length > 0 ? 1 : 0;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    log(`${signal}: cleaning up`);
    runInterruptCleanups().finally(() => process.exit(130));
  });
}

// Exit explicitly: a stray handle (timer, socket) must not keep a finished report alive.
process.exit(await main());
