import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository's documents point at each other and at code: a link to a file that moved or was
 * never written fails here, and every decision has its line in the decisions' index.
 */
const root = path.resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

const documents = [
  ...readdirSync(root)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(root, name)),
  ...markdownFiles(path.join(root, 'docs')),
];

describe('the documents', () => {
  it('link only to files that exist', () => {
    const broken: string[] = [];
    for (const file of documents) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
        const linked = path.resolve(path.dirname(file), decodeURIComponent(target!.split('#')[0]!));
        if (!existsSync(linked)) broken.push(`${path.relative(root, file)} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('index every decision', () => {
    const dir = path.join(root, 'docs/decisions');
    const index = readFileSync(path.join(dir, 'README.md'), 'utf8');
    const decisions = readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name));
    expect(decisions.length).toBeGreaterThan(0);
    expect(decisions.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });
});
