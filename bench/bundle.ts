/**
 * The landing page's initial JavaScript: the module entry of dist/web/index.html plus every
 * `modulepreload` it lists, each gzipped at level 9, summed. Budget: 120 KB gzip.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { log, ROOT_DIR, sleep } from './lib.ts';
import type { BenchResult } from './types.ts';

const DIST_DIR = path.join(ROOT_DIR, 'dist/web');
const INDEX_FILE = path.join(DIST_DIR, 'index.html');
const TARGET_BYTES = 120 * 1024;

interface Asset {
  file: string;
  raw: number;
  gzip: number;
}

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    found[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return found;
}

/** The module entry script(s) and modulepreload links of the page, in document order. */
export function initialScripts(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag.replace(/^<\w+|\/?>$/g, ''));
    if (tag.toLowerCase().startsWith('<script') && attrs.type === 'module' && attrs.src) urls.push(attrs.src);
    const rel = attrs.rel?.toLowerCase().split(/\s+/) ?? [];
    if (tag.toLowerCase().startsWith('<link') && rel.includes('modulepreload') && attrs.href)
      urls.push(attrs.href);
  }
  return [...new Set(urls)];
}

function toFile(url: string): string {
  if (/^(?:[a-z]+:)?\/\//i.test(url))
    throw new Error(`external script in index.html is not measured: ${url}`);
  const clean = url.split(/[?#]/)[0]!.replace(/^\.?\//, '');
  return path.join(DIST_DIR, clean);
}

function build(): Promise<void> {
  log('dist/web/index.html is missing: running npm run build');
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: ROOT_DIR, stdio: ['ignore', 2, 2] });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build failed (exit ${code})`)),
    );
  });
}

/** Waits briefly for a build someone else is running; builds when index.html stays missing. */
async function ensureBuilt(): Promise<void> {
  for (let waited = 0; waited < 5 && !existsSync(INDEX_FILE); waited++) {
    if (waited === 0) log('dist/web/index.html not found; waiting briefly in case a build is running');
    await sleep(1000);
  }
  if (!existsSync(INDEX_FILE)) await build();
}

async function measure(): Promise<Asset[]> {
  const html = await readFile(INDEX_FILE, 'utf8');
  const urls = initialScripts(html);
  if (urls.length === 0) throw new Error('no <script type="module" src=...> found in dist/web/index.html');
  return Promise.all(
    urls.map(async (url) => {
      const file = toFile(url);
      const content = await readFile(file);
      return {
        file: path.relative(DIST_DIR, file),
        raw: content.length,
        gzip: gzipSync(content, { level: 9 }).length,
      };
    }),
  );
}

export async function run(): Promise<BenchResult[]> {
  let assets: Asset[] | undefined;
  for (let attempt = 1; !assets; attempt++) {
    await ensureBuilt();
    try {
      assets = await measure();
    } catch (error) {
      // A concurrent `vite build` empties dist/web for a moment: retry a few times.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 5) throw error;
      log('dist/web changed while reading (concurrent build?); retrying');
      await sleep(3000);
    }
  }
  for (const asset of assets) log(`bundle: ${asset.file} ${asset.raw} B raw, ${asset.gzip} B gzip`);
  const raw = assets.reduce((sum, a) => sum + a.raw, 0);
  const gzip = assets.reduce((sum, a) => sum + a.gzip, 0);
  return [
    {
      name: `landing initial JS, gzip (${assets.length} file${assets.length === 1 ? '' : 's'}; baseline = raw)`,
      value: gzip,
      unit: 'bytes',
      baseline: raw,
      ratio: gzip / TARGET_BYTES,
      target: `<= ${TARGET_BYTES / 1024} KB`,
      met: gzip <= TARGET_BYTES,
    },
  ];
}
