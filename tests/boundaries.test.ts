import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house's boundaries (ARCHITECTURE.md, decision 012), checked on every import of every source file:
 * - `src/contract` imports nothing from the server, the web or Node;
 * - the web never imports the server and the server never imports the web;
 * - `lib`, `providers`, `db` and `jobs` never import a feature or the composition root;
 * - a feature reaches another feature only through its `index.ts`, and never the composition root;
 * - inside a feature, a sub-feature (a folder with its own `index.ts`, such as `studio/capture`) is
 *   reached from outside that folder only through its `index.ts` (decision 015), at every depth: the
 *   Studio's rooms reach its engine only through `studio/engine/index.ts`, and the engine's folders
 *   (`engine/text`, `engine/style`...) reach each other through their own `index.ts`;
 * - the Studio's engine imports no room of the Studio's nor any other feature, no database, job queue,
 *   application context or Fastify (it is handed what it works on);
 * - no import circle anywhere in `src/` (type-only imports included).
 */
const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'src');
const ALIASES: Record<string, string> = {
  '#contract/': 'src/contract/',
  '#server/': 'src/server/',
  '#web/': 'src/web/',
  '#tests/': 'tests/',
};
const COMPOSITION_ROOT = ['app.ts', 'runtime.ts', 'main.ts', 'worker.ts', 'openapi.ts', 'web.ts'].map((f) =>
  path.join(src, 'server', f),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier a file imports (static, dynamic, re-exports), resolved to a path when local. */
function importsOf(file: string): { specifier: string; target: string | null }[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)];
  return found.map((m) => {
    const specifier = m[1]!;
    const alias = Object.keys(ALIASES).find((a) => specifier.startsWith(a));
    if (alias) return { specifier, target: path.join(root, ALIASES[alias]!, specifier.slice(alias.length)) };
    if (specifier.startsWith('.')) return { specifier, target: path.resolve(path.dirname(file), specifier) };
    return { specifier, target: null };
  });
}

const inside = (file: string, dir: string) => file.startsWith(path.join(src, dir) + path.sep);
const featureOf = (file: string) =>
  inside(file, 'server/features')
    ? path.relative(path.join(src, 'server/features'), file).split(path.sep)[0]!
    : null;

/**
 * The sub-feature folders (each with an `index.ts`) a file sits in below its feature, outermost
 * first, e.g. `[.../studio/engine, .../studio/engine/text]`.
 */
function roomsOf(file: string): string[] {
  const feature = featureOf(file);
  if (!feature) return [];
  const base = path.join(src, 'server/features', feature);
  const parts = path.relative(base, file).split(path.sep).slice(0, -1);
  return parts
    .map((_, i) => path.join(base, ...parts.slice(0, i + 1)))
    .filter((dir) => existsSync(path.join(dir, 'index.ts')));
}

/**
 * A sub-feature's internals reached from outside its folder (the same feature's other rooms or
 * root): the outermost room holding the target but not the importing file must be entered by its
 * `index.ts`.
 */
function roomViolation(file: string, target: string | null): string | null {
  if (!target || featureOf(file) === null || featureOf(file) !== featureOf(target)) return null;
  const mine = new Set(roomsOf(file));
  const to = roomsOf(target).find((room) => !mine.has(room));
  if (!to || target === path.join(to, 'index.ts')) return null;
  return `reaches into ${path.relative(src, to)} past its index.ts`;
}

const STUDIO_ENGINE = path.join(src, 'server/features/studio/engine');
/** What the engine may not use: the database, the job queue, the application context, Fastify. */
const ENGINE_FORBIDDEN_DIRS = ['server/db', 'server/jobs'];
const ENGINE_FORBIDDEN_FILES = ['server/context.ts'].map((f) => path.join(src, f));
const ENGINE_FORBIDDEN_PACKAGES = /^(fastify|@fastify\/|fastify-|drizzle-orm|pg$|pg\/|pg-boss)/;

/** An import of the Studio's engine that leaves the engine for a room, a feature, storage or HTTP. */
function engineViolation(file: string, specifier: string, target: string | null): string | null {
  if (!file.startsWith(STUDIO_ENGINE + path.sep)) return null;
  if (!target)
    return ENGINE_FORBIDDEN_PACKAGES.test(specifier)
      ? 'the Studio engine imports Fastify or the database'
      : null;
  if (target.startsWith(STUDIO_ENGINE + path.sep)) return null;
  if (inside(target, 'server/features')) return 'the Studio engine imports a room or a feature';
  if (ENGINE_FORBIDDEN_DIRS.some((d) => inside(target, d)) || ENGINE_FORBIDDEN_FILES.includes(target))
    return 'the Studio engine imports the database, the job queue or the application context';
  if (COMPOSITION_ROOT.includes(target)) return 'the Studio engine imports the composition root';
  return null;
}

/** What is wrong with one import, or null. Tests may build the app and quote imports; never reach into another feature. */
function violation(file: string, specifier: string, target: string | null): string | null {
  const room = roomViolation(file, target) ?? engineViolation(file, specifier, target);
  if (room) return room;
  if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) {
    const from = featureOf(file);
    const to = target ? featureOf(target) : null;
    return from && to && to !== from && path.basename(target!) !== 'index.ts'
      ? `a feature imports ${to}'s internals (use features/${to}/index.ts)`
      : null;
  }
  if (inside(file, 'contract')) {
    if (target && !inside(target, 'contract')) return 'contract imports outside src/contract';
    if (!target && specifier.startsWith('node:')) return 'contract imports Node';
    return null;
  }
  if (!target) return null;
  if (inside(file, 'web') && inside(target, 'server')) return 'the web imports the server';
  if (inside(file, 'server') && inside(target, 'web')) return 'the server imports the web';
  if (!inside(file, 'server') || !inside(target, 'server')) return null;
  const lower = ['server/lib', 'server/providers', 'server/db', 'server/jobs'].some((d) => inside(file, d));
  if (lower && inside(target, 'server/features')) return 'a lower layer imports a feature';
  if (lower && COMPOSITION_ROOT.includes(target)) return 'a lower layer imports the composition root';
  const from = featureOf(file);
  if (!from) {
    if (COMPOSITION_ROOT.includes(file) && featureOf(target) && path.basename(target) !== 'index.ts')
      return 'the composition root imports a feature past its index.ts';
    return null;
  }
  if (COMPOSITION_ROOT.includes(target)) return 'a feature imports the composition root';
  const to = featureOf(target);
  if (to && to !== from && path.basename(target) !== 'index.ts')
    return `a feature imports ${to}'s internals (use features/${to}/index.ts)`;
  return null;
}

/** The strongly connected groups of a graph (Tarjan), each sorted: every group of more than one file, or a file importing itself, is a circle. */
function circlesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

/** Every import circle among the given files (local imports only). */
function importCircles(files: string[]): string[][] {
  const known = new Set(files);
  const graph = new Map(
    files.map((file) => [
      file,
      importsOf(file).flatMap(({ target }) => (target && known.has(target) ? [target] : [])),
    ]),
  );
  return circlesOf(graph);
}

describe('import boundaries', () => {
  it('every import of src/ keeps the layers and reaches other features only through index.ts', () => {
    const problems = sourceFiles(src).flatMap((file) =>
      importsOf(file).flatMap(({ specifier, target }) => {
        const why = violation(file, specifier, target);
        return why ? [`${path.relative(root, file)} -> ${specifier}: ${why}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('no import circle anywhere in src/', () => {
    expect(
      importCircles(sourceFiles(src)).map((c) => c.map((f) => path.relative(root, f)).join(' -> ')),
    ).toEqual([]);
  });

  it('finds a circle with its files', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circlesOf(graph)).toEqual([['a', 'b', 'c']]);
    expect(circlesOf(new Map([['a', ['a']]]))).toEqual([['a']]);
    expect(
      circlesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('every server feature has an index.ts', () => {
    const features = readdirSync(path.join(src, 'server/features'), { withFileTypes: true }).filter((d) =>
      d.isDirectory(),
    );
    const missing = features
      .filter((d) => !readdirSync(path.join(src, 'server/features', d.name)).includes('index.ts'))
      .map((d) => d.name);
    expect(missing).toEqual([]);
  });

  it('catches the imports it forbids', () => {
    const f = (rel: string) => path.join(src, rel);
    expect(
      violation(
        f('server/features/trends/service.ts'),
        '../content-results/service.ts',
        f('server/features/content-results/service.ts'),
      ),
    ).toMatch(/internals/);
    expect(
      violation(
        f('server/features/trends/service.ts'),
        '../content-results/index.ts',
        f('server/features/content-results/index.ts'),
      ),
    ).toBeNull();
    expect(
      violation(f('server/lib/x.ts'), '../features/trends/index.ts', f('server/features/trends/index.ts')),
    ).toMatch(/lower layer/);
    expect(violation(f('server/providers/x.ts'), '../app.ts', f('server/app.ts'))).toMatch(
      /composition root/,
    );
    expect(violation(f('contract/x.ts'), '#server/config.ts', f('server/config.ts'))).toMatch(/contract/);
    expect(violation(f('contract/x.ts'), 'node:fs', null)).toMatch(/Node/);
    expect(
      violation(
        f('server/features/studio/drafts/service.ts'),
        '../notes/service.ts',
        f('server/features/studio/notes/service.ts'),
      ),
    ).toMatch(/studio\/notes past its index/);
    expect(
      violation(
        f('server/features/studio/drafts/service.ts'),
        '../notes/index.ts',
        f('server/features/studio/notes/index.ts'),
      ),
    ).toBeNull();
    expect(violation(f('web/x.tsx'), '#server/config.ts', f('server/config.ts'))).toMatch(
      /web imports the server/,
    );
  });

  it("keeps the Studio's engine apart from its rooms, reached only through engine/index.ts", () => {
    const f = (rel: string) => path.join(src, 'server/features/studio', rel);
    const check = (from: string, specifier: string, to: string | null) =>
      violation(f(from), specifier, to === null ? null : to.startsWith('/') ? to : f(to));
    // Rooms: through the engine's face only.
    expect(check('drafts/generate.ts', '../engine/index.ts', 'engine/index.ts')).toBeNull();
    expect(check('drafts/generate.ts', '../engine/text/index.ts', 'engine/text/index.ts')).toMatch(
      /studio\/engine past its index/,
    );
    expect(check('notes/service.ts', '../engine/style/profile.ts', 'engine/style/profile.ts')).toMatch(
      /studio\/engine past its index/,
    );
    expect(check('index.ts', './engine/index.ts', 'engine/index.ts')).toBeNull();
    // Inside the engine: each folder through its own index.ts.
    expect(check('engine/style/profile.ts', '../text/index.ts', 'engine/text/index.ts')).toBeNull();
    expect(check('engine/style/profile.ts', '../text/tokens.ts', 'engine/text/tokens.ts')).toMatch(
      /studio\/engine\/text past its index/,
    );
    expect(check('engine/index.ts', './text/index.ts', 'engine/text/index.ts')).toBeNull();
    expect(check('engine/index.ts', './text/tokens.ts', 'engine/text/tokens.ts')).toMatch(
      /engine\/text past/,
    );
    // The engine: no room, no database, no job queue, no Fastify.
    expect(check('engine/model/llm.ts', '../../notes/index.ts', 'notes/index.ts')).toMatch(
      /room or a feature/,
    );
    expect(check('engine/text/ideas.ts', '../../media-store.ts', 'media-store.ts')).toMatch(
      /room or a feature/,
    );
    expect(
      check('engine/model/llm.ts', '../../../../db/client.ts', path.join(src, 'server/db/client.ts')),
    ).toMatch(/database/);
    expect(
      check('engine/model/llm.ts', '../../../../jobs/queue.ts', path.join(src, 'server/jobs/queue.ts')),
    ).toMatch(/job queue/);
    expect(
      check('engine/model/llm.ts', '../../../../context.ts', path.join(src, 'server/context.ts')),
    ).toMatch(/application context/);
    expect(check('engine/model/llm.ts', 'fastify', null)).toMatch(/Fastify/);
    expect(check('engine/model/llm.ts', 'drizzle-orm', null)).toMatch(/database/);
    expect(check('engine/model/llm.ts', 'node:crypto', null)).toBeNull();
    expect(
      check('engine/model/llm.ts', '../../../../lib/errors.ts', path.join(src, 'server/lib/errors.ts')),
    ).toBeNull();
  });
});
