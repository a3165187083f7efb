import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  aptInstallLine,
  isInstalled,
  missingPackages,
  parseSystemPackages,
  programsOf,
  readSystemPackages,
} from '../scripts/system-packages.ts';

/**
 * scripts/system-packages.txt is the one list of the Debian packages the tests need: README shows
 * its apt-get line, .ci/run installs what is missing from it, `npm test` checks it first, and every
 * program a test runs by name is on it.
 */
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const packages = readSystemPackages();

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) || full.includes(`${path.sep}support${path.sep}`) ? [full] : [];
  });
}

// Programs the tests run that every Debian (and macOS) machine has, or that npm brings.
const BASE_PROGRAMS = new Set(['cp', 'id', 'npm', 'node', 'sh', 'groupadd', 'useradd', 'tar']);

describe('the Debian packages the tests need', () => {
  it('README shows the one apt-get line made from the list', () => {
    expect(aptInstallLine(packages)).toBe(
      'sudo apt-get install --no-install-recommends chromium fonts-liberation espeak-ng flite pocketsphinx pocketsphinx-en-us python3',
    );
    expect(read('README.md')).toContain(`\n${aptInstallLine(packages)}\n`);
  });

  it('.ci/run installs from the list and npm test checks it before the build', () => {
    expect(read('.ci/run')).toContain('node scripts/check-system.ts --missing');
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(scripts.pretest).toMatch(/^node scripts\/check-system\.ts && /);
  });

  it('lists every program a test or the code under test runs by name', () => {
    const provided = new Set(packages.flatMap(programsOf));
    const used = new Set<string>();
    for (const file of [...testFiles(path.join(root, 'tests')), ...testFiles(path.join(root, 'src'))]) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /\b(?:execFileSync|execFile|spawn|run)\('([\w.-]+)'/g,
      ))
        used.add(match[1]!);
    }
    // The voices the tests speak with and the recogniser the code runs. ffmpeg is not here: the
    // tests run the one Echo resolves (PATH or the npm package's), never `ffmpeg` by name.
    for (const program of ['espeak-ng', 'flite', 'pocketsphinx_continuous']) used.add(program);
    const unlisted = [...used].filter((program) => !BASE_PROGRAMS.has(program) && !provided.has(program));
    expect(unlisted).toEqual([]);
  });

  it('tells installed from missing by program, by file and by the variable that overrides a file', () => {
    const list = parseSystemPackages(
      [
        '# comment',
        'node-ok   node            a program on PATH',
        'gone      no-such-program-here   missing',
        'file-ok   /              an absolute path',
        'both      node,/          two things, both here',
        'half      node,/no/such   two things, one missing',
        'browser   SOME_BROWSER=/no/such/default   overridable',
      ].join('\n'),
    );
    const env = { PATH: path.dirname(process.execPath) };
    expect(missingPackages(list, env).map((p) => p.name)).toEqual(['gone', 'half', 'browser']);
    expect(isInstalled(list[5]!, { ...env, SOME_BROWSER: process.execPath })).toBe(true);
    expect(() => parseSystemPackages('just-a-name')).toThrow(/cannot read the line/);
  });
});
