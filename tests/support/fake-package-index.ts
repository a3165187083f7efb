import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { listenLocal } from './local-http.ts';

/**
 * A real, small yt-dlp wheel: `python3 -m yt_dlp --version` prints `version`; `--dump-single-json`
 * prints a JSON object naming the version and the arguments it got (the rest of yt-dlp's
 * interface is not needed by these tests).
 */
export function buildFakeYtDlpWheel(
  version: string,
  /** When set, every run leaves a file `ran-<version>` there (to prove a wheel was, or was not, run). */
  markerDir?: string,
): { filename: string; bytes: Buffer } {
  const dist = `yt_dlp-${version}.dist-info`;
  const main = [
    'import json, os, sys',
    `VERSION = ${JSON.stringify(version)}`,
    `MARKER_DIR = ${JSON.stringify(markerDir ?? '')}`,
    'if MARKER_DIR:',
    "    open(os.path.join(MARKER_DIR, 'ran-' + VERSION), 'a').close()",
    'args = sys.argv[1:]',
    "if '--version' in args:",
    '    print(VERSION)',
    "elif '--dump-single-json' in args:",
    "    print(json.dumps({'id': 'fake', 'title': 'from the managed yt-dlp', 'version': VERSION, 'args': args}))",
    'else:',
    "    sys.stderr.write('ERROR: unsupported in the fake wheel\\n')",
    '    sys.exit(2)',
    '',
  ].join('\n');
  const files: Record<string, Uint8Array> = {
    'yt_dlp/__init__.py': strToU8(`__version__ = ${JSON.stringify(version)}\n`),
    'yt_dlp/__main__.py': strToU8(main),
    [`${dist}/METADATA`]: strToU8(`Metadata-Version: 2.1\nName: yt-dlp\nVersion: ${version}\n`),
    [`${dist}/WHEEL`]: strToU8(
      'Wheel-Version: 1.0\nGenerator: echo-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
    ),
    [`${dist}/RECORD`]: strToU8(''),
  };
  return { filename: `yt_dlp-${version}-py3-none-any.whl`, bytes: Buffer.from(zipSync(files)) };
}

export interface FakePackageIndex {
  /** The JSON API URL to put in YTDLP_INDEX_URL. */
  url: string;
  /** Publishes a release (the newest one is what the index lists); `digest` overrides the real sha256. */
  publish(version: string, options?: { digest?: string }): void;
  downloads(): string[];
  close(): Promise<void>;
}

/** A local package index speaking PyPI's JSON API (`/pypi/yt-dlp/json`) and serving the wheel files. */
export async function startFakePackageIndex(setup: { markerDir?: string } = {}): Promise<FakePackageIndex> {
  const wheels = new Map<string, Buffer>();
  let latest: { version: string; filename: string; digest: string } | undefined;
  const downloaded: string[] = [];
  const server = await listenLocal((req, res) => {
    const base = server.origin;
    if (req.url === '/pypi/yt-dlp/json' && latest) {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          info: { name: 'yt-dlp', version: latest.version },
          urls: [
            {
              packagetype: 'sdist',
              filename: `yt_dlp-${latest.version}.tar.gz`,
              url: `${base}/files/none.tar.gz`,
              digests: { sha256: '0'.repeat(64) },
            },
            {
              packagetype: 'bdist_wheel',
              filename: latest.filename,
              url: `${base}/files/${latest.filename}`,
              digests: { sha256: latest.digest },
              size: wheels.get(latest.filename)?.length,
            },
          ],
        }),
      );
      return;
    }
    const file = req.url?.startsWith('/files/') ? wheels.get(req.url.slice('/files/'.length)) : undefined;
    if (file) {
      downloaded.push(req.url!.slice('/files/'.length));
      res.setHeader('content-type', 'application/octet-stream');
      res.end(file);
      return;
    }
    res.statusCode = 404;
    res.end('not found');
  });
  return {
    url: `${server.origin}/pypi/yt-dlp/json`,
    publish(version, options = {}) {
      const wheel = buildFakeYtDlpWheel(version, setup.markerDir);
      wheels.set(wheel.filename, wheel.bytes);
      const digest = options.digest ?? createHash('sha256').update(wheel.bytes).digest('hex');
      latest = { version, filename: wheel.filename, digest };
    },
    downloads: () => [...downloaded],
    close: () => server.close(),
  };
}
