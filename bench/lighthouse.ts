/**
 * Lighthouse (the npm package, with the system Chromium) against a built Echo started here
 * (`node src/server/main.ts` on its own embedded PostgreSQL), for the landing, trends and affiliate
 * pages: performance on the mobile preset (simulated slow 4G), accessibility, best practices and
 * SEO, plus each page's initial JavaScript (every script the page loaded until Lighthouse's load
 * ended, lazy route and form chunks included, each gzipped at level 9 from dist/web and summed;
 * bench/bundle.ts measures the landing's entry and modulepreloads only).
 *
 * The performance score depends on the machine that runs Lighthouse (its CPU slowdown multiplies
 * what the page's scripts took here), so two things make it a figure of the page rather than of the
 * machine:
 * - the CPU slowdown is calibrated in the same run: Lighthouse's 4x models a mid-tier phone on a
 *   high-end desktop (benchmark index about 1750); this machine's index, measured by a first audit,
 *   sets the multiplier that models the same phone here (index / 437, at least 1);
 * - the target is a ratio to a floor measured in the same run, with the same throttling: the same
 *   page as a static file of the same size on the wire (Echo's HTML without its scripts, padded
 *   with incompressible bytes as large as the gzipped scripts it no longer loads, its styles, fonts
 *   and images from dist/web) served by a bare node:http server. Echo's page must score at least
 *   0.95 of it: what the app's scripts and server cost over the page's bytes alone.
 * The other categories do not depend on timing: their target stays 100 (a ratio to the full score).
 *
 * Performance varies from run to run on a shared machine: each page is audited
 * BENCH_LIGHTHOUSE_RUNS times (default 5; a run that fails to record a trace is tried again) and
 * the median performance score is reported (the other categories do not depend on timing; their
 * lowest score is reported). The landing's initial JavaScript <= 120 KB gzip (a budget in bytes).
 * BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each run's full JSON report there;
 * BENCH_LIGHTHOUSE_PAGES=trends,landing audits only the pages named.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { log, median, onInterrupt, ROOT_DIR, type ServerProcess, startServer } from './lib.ts';
import type { BenchResult } from './types.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const DIST_DIR = path.join(ROOT_DIR, 'dist/web');
// The issue sets a JavaScript budget for the landing page; the others' figures are reported.
const ALL_PAGES = [
  { name: 'landing', path: '/', jsBudget: true },
  { name: 'trends', path: '/trends', jsBudget: false },
  { name: 'affiliate', path: '/affiliate', jsBudget: false },
];
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
const PAGES = ONLY ? ALL_PAGES.filter((page) => ONLY.includes(page.name)) : ALL_PAGES;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Exclude<Category, 'performance'>, number> = {
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
/** Echo's performance score against the static page of the same size, same run, same throttling. */
const PERFORMANCE_VS_STATIC = 0.95;
/**
 * The benchmark index of the phone Lighthouse's default 4x slowdown models (a high-end desktop's
 * index, about 1750 in Lighthouse's throttling guide, divided by 4).
 */
const TARGET_DEVICE_INDEX = 1750 / 4;
const JS_BUDGET = 120 * 1024;
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));
/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART): try again. */
const ATTEMPTS = 3;

function build(): Promise<void> {
  log('lighthouse: dist/web/index.html is missing: running npm run build');
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: ROOT_DIR, stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build failed (exit ${code})`)),
    );
  });
}

/** gzip -9 size of the same-origin scripts the page loaded, read from dist/web. */
async function initialJs(origin: string, scriptUrls: string[]): Promise<{ files: number; gzip: number }> {
  let gzip = 0;
  let files = 0;
  for (const url of new Set(scriptUrls)) {
    const parsed = new URL(url);
    if (parsed.origin !== origin) throw new Error(`the page loaded a foreign script: ${url}`);
    const content = await readFile(path.join(DIST_DIR, decodeURIComponent(parsed.pathname)));
    gzip += gzipSync(content, { level: 9 }).length;
    files++;
  }
  return { files, gzip };
}

interface PageRun {
  scores: Record<Category, number>;
  scripts: string[];
  failing: string[];
  /** Lighthouse's measure of this machine's CPU during the run. */
  benchmarkIndex: number;
}

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Each page as a static file of the same size on the wire, served by a bare node:http server: the
 * HTML Echo answered without its scripts (and their preloads), padded with incompressible bytes as
 * many as the gzipped scripts it drops; every other file straight from dist/web (pre-compressed
 * when the browser takes it, as Echo sends them).
 */
async function startStaticTwin(echoUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const pages = new Map<string, Buffer>();
  for (const page of PAGES) {
    const html = await (
      await fetch(`${echoUrl}${page.path}`, { headers: { 'accept-encoding': 'identity' } })
    ).text();
    const scripts = [
      ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
      ...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ]
      .map((m) => m[1]!)
      .filter((src) => src.startsWith('/'));
    let dropped = 0;
    for (const src of new Set(scripts))
      dropped += gzipSync(await readFile(path.join(DIST_DIR, decodeURIComponent(src))), { level: 9 }).length;
    const bare = html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '');
    const padding = `<!-- ${randomBytes(Math.ceil((dropped * 3) / 4)).toString('base64')} -->`;
    pages.set(page.path, gzipSync(bare.replace('</body>', `${padding}</body>`)));
  }
  const server = http.createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://twin').pathname;
    const page = pages.get(pathname);
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' });
      res.end(page);
      return;
    }
    const file = path.join(DIST_DIR, decodeURIComponent(pathname));
    if (!file.startsWith(DIST_DIR) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding =
      accepts.includes('br') && existsSync(`${file}.br`)
        ? 'br'
        : accepts.includes('gzip') && existsSync(`${file}.gz`)
          ? 'gzip'
          : null;
    const body = await readFile(encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function audit(port: number, url: string, cpuSlowdownMultiplier?: number): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cpuSlowdownMultiplier === undefined ? {} : { throttling: { cpuSlowdownMultiplier } }),
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  const reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reportDir) {
    await mkdir(reportDir, { recursive: true });
    const file = path.join(
      reportDir,
      `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${Date.now()}.json`,
    );
    await writeFile(file, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  for (const category of CATEGORIES) {
    const score = lhr.categories[category]?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse gave no ${category} score for ${url}`);
    scores[category] = Math.round(score * 100);
  }
  const requests = (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] })?.items;
  if (!requests) throw new Error('Lighthouse gave no network-requests details');
  const scripts = requests
    .filter((item) => item.resourceType === 'Script' && typeof item.url === 'string')
    .map((item) => item.url as string);
  // Audits below a full score in the categories with a 100 target, to say what to fix.
  const failing: string[] = [];
  for (const category of CATEGORIES) {
    if (category === 'performance') continue;
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const auditResult = lhr.audits[ref.id];
      if (ref.weight > 0 && auditResult && auditResult.score !== null && auditResult.score < 1)
        failing.push(`${category}/${ref.id}`);
    }
  }
  return { scores, scripts, failing, benchmarkIndex: lhr.environment.benchmarkIndex };
}

export async function run(): Promise<BenchResult[]> {
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) await build();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-lighthouse-'));
  const chromeDir = await mkdtemp(path.join(os.tmpdir(), 'echo-bench-chromium-'));
  let echo: ServerProcess | undefined;
  let twin: Awaited<ReturnType<typeof startStaticTwin>> | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const killChrome = () => {
    chrome?.kill();
  };
  const unregister = onInterrupt(killChrome);
  try {
    echo = await startServer('src/server/main.ts', { DATA_DIR: dataDir }, { label: 'Echo' });
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROME_FLAGS,
      userDataDir: chromeDir,
      logLevel: 'error',
    });
    const origin = new URL(echo.url).origin;
    twin = await startStaticTwin(echo.url);
    const launched = chrome;
    /** Audits a page BENCH_LIGHTHOUSE_RUNS times (each tried again when it records no trace). */
    const audits = async (label: string, url: string, multiplier: number) => {
      const runs: PageRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        let pageRun: PageRun | undefined;
        for (let attempt = 1; !pageRun; attempt++) {
          try {
            pageRun = await audit(launched.port, url, multiplier);
          } catch (error) {
            if (attempt >= ATTEMPTS) throw error;
            log(`lighthouse: ${label} run ${i + 1} failed (${(error as Error).message}); trying again`);
          }
        }
        log(
          `lighthouse: ${label} run ${i + 1}/${RUNS}: ${CATEGORIES.map((c) => `${c} ${pageRun.scores[c]}`).join(', ')}` +
            `; benchmark index ${Math.round(pageRun.benchmarkIndex)}` +
            (pageRun.failing.length > 0 ? `; below 100: ${pageRun.failing.join(', ')}` : ''),
        );
        runs.push(pageRun);
      }
      return runs;
    };
    // Calibration: this machine's benchmark index, now, from one audit of the first static page.
    const calibration = await audit(chrome.port, `${twin.url}${PAGES[0]!.path}`);
    const multiplier = Math.max(1, calibration.benchmarkIndex / TARGET_DEVICE_INDEX);
    log(
      `lighthouse: benchmark index ${Math.round(calibration.benchmarkIndex)}: CPU slowdown ${multiplier.toFixed(2)}x ` +
        `(Lighthouse's default 4x assumes an index of about ${TARGET_DEVICE_INDEX * 4})`,
    );
    const results: BenchResult[] = [];
    for (const page of PAGES) {
      const runs = await audits(page.name, `${echo.url}${page.path}`, multiplier);
      const floor = await audits(
        `${page.name} (static page of the same size)`,
        `${twin.url}${page.path}`,
        multiplier,
      );
      const performance = median(runs.map((r) => r.scores.performance));
      const staticPerformance = median(floor.map((r) => r.scores.performance));
      results.push({
        name: `lighthouse ${page.name} performance (mobile, CPU slowdown ${multiplier.toFixed(2)}x calibrated to this machine, median of ${RUNS}) vs the same page static, same size, raw server`,
        value: performance,
        unit: 'points',
        baseline: staticPerformance,
        ratio: performance / staticPerformance,
        target: `>= ${PERFORMANCE_VS_STATIC}x the static page`,
        met: performance / staticPerformance >= PERFORMANCE_VS_STATIC,
      });
      for (const category of CATEGORIES) {
        if (category === 'performance') continue;
        const value = Math.min(...runs.map((r) => r.scores[category]));
        const target = TARGETS[category];
        results.push({
          name: `lighthouse ${page.name} ${category} (ratio to the full score)`,
          value,
          unit: 'points',
          ratio: value / target,
          target: `>= ${target}`,
          met: value >= target,
        });
      }
      const js = await initialJs(origin, runs[0]!.scripts);
      log(`lighthouse: ${page.name} loaded ${runs[0]!.scripts.map((u) => new URL(u).pathname).join(' ')}`);
      results.push({
        name: `${page.name} JS loaded by the first view, gzip (${js.files} file${js.files === 1 ? '' : 's'}; ratio to the budget)`,
        value: js.gzip,
        unit: 'bytes',
        ratio: page.jsBudget ? js.gzip / JS_BUDGET : undefined,
        target: page.jsBudget ? `<= ${JS_BUDGET / 1024} KB` : 'info',
        met: page.jsBudget ? js.gzip <= JS_BUDGET : null,
      });
    }
    return results;
  } finally {
    killChrome();
    unregister();
    await twin?.close();
    await echo?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(chromeDir, { recursive: true, force: true }).catch(() => {});
  }
}
