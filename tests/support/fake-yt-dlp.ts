import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Writes a stand-in `yt-dlp` executable for tests: it logs its arguments to `calls.log` and
 * answers `--dump-single-json` with the JSON recorded for the URL (the last argument) in
 * `responses.json` ({ "<url>": <yt-dlp json> | { "__error": "message" } }). Point YTDLP_PATH at `bin`.
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
process.stdout.write(JSON.stringify(answer));
`,
  );
  await chmod(bin, 0o755);
  return { bin, dir, setResponses };
}
