import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Writes .br and .gz copies of the built web assets, which the server sends to browsers that
// accept them (@fastify/static preCompressed): no compression work per request. HTML pages are
// left out: the server puts its configuration in them and compresses each once (src/server/web.ts).
const root = path.resolve(import.meta.dirname, '../dist/web');
const compressible = /\.(js|css|svg|json|txt)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
for await (const file of files(root)) {
  if ((await stat(file)).size < 1024) continue;
  const data = await readFile(file);
  await writeFile(
    `${file}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), root)}`);
