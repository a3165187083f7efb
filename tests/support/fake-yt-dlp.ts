import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A recorded yt-dlp answer from tests/fixtures/yt-dlp (e.g. 'tiktok-2025.json'). */
export const ytDlpFixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../fixtures/yt-dlp', name), 'utf8'));

/**
 * Writes a stand-in `yt-dlp` executable for tests: it logs its arguments to `calls.log` and
 * answers `--dump-single-json` with the JSON recorded for the URL (the last argument) in
 * `responses.json` ({ "<url>": <yt-dlp json> | { "__error": "message" } }). Point YTDLP_PATH at `bin`.
 *
 * Downloads write files next to the `-o` template (`<dir>/name.%(ext)s`), as yt-dlp does:
 * `__subtitles: { "en.vtt": "WEBVTT..." }` is written as `<dir>/name.en.vtt` when subtitles are
 * asked for (`--write-subs`/`--write-auto-subs`), and `__audio: { ext, base64 }` as
 * `<dir>/name.<ext>` for a download without `--skip-download`.
 */
export async function createFakeYtDlp(
  responses: Record<string, unknown>,
): Promise<{ bin: string; dir: string; setResponses(r: Record<string, unknown>): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'echo-fake-ytdlp-'));
  const bin = path.join(dir, 'yt-dlp');
  const responsesFile = path.join(dir, 'responses.json');
  const setResponses = (r: Record<string, unknown>) => writeFile(responsesFile, JSON.stringify(r));
  await setResponses(responses);
  await writeFile(
    bin,
    `#!${process.execPath}
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
fs.appendFileSync(path.join(${JSON.stringify(dir)}, 'calls.log'), JSON.stringify(args) + '\\n');
const url = args[args.length - 1];
const responses = JSON.parse(fs.readFileSync(${JSON.stringify(responsesFile)}, 'utf8'));
const answer = responses[url];
if (!answer) { process.stderr.write('ERROR: [generic] Unable to download webpage: HTTP Error 404: Not Found\\n'); process.exit(1); }
if (answer.__error) { process.stderr.write('ERROR: ' + answer.__error + '\\n'); process.exit(1); }
const template = args[args.indexOf('-o') + 1];
const target = (ext) => template.replace('%(ext)s', ext);
if (args.includes('--dump-single-json')) { process.stdout.write(JSON.stringify(answer)); process.exit(0); }
if (args.includes('--skip-download')) {
  if ((args.includes('--write-subs') || args.includes('--write-auto-subs')) && answer.__subtitles) {
    for (const [ext, text] of Object.entries(answer.__subtitles)) fs.writeFileSync(target(ext), text);
  }
  process.exit(0);
}
if (answer.__audio) fs.writeFileSync(target(answer.__audio.ext), Buffer.from(answer.__audio.base64, 'base64'));
`,
  );
  await chmod(bin, 0o755);
  return { bin, dir, setResponses };
}
