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
  /**
   * Publishes a release (the last one published is the index's newest); `digest` overrides the real
   * sha256; `uploadedAt` defaults to a month ago (each release a second after the one before).
   */
  publish(version: string, options?: { digest?: string; uploadedAt?: Date }): void;
  /** Leaves `releases` out of the project document (a mirror with per-version documents only). */
  omitReleaseList(omit: boolean): void;
  downloads(): string[];
  close(): Promise<void>;
}

interface Published {
  version: string;
  filename: string;
  digest: string;
  uploadedAt: Date;
}

/**
 * A local package index speaking PyPI's JSON API (`/pypi/yt-dlp/json` with `info`, `urls` and
 * `releases`, each file with its `upload_time_iso_8601`; `/pypi/yt-dlp/<version>/json`) and
 * serving the wheel files.
 */
export async function startFakePackageIndex(setup: { markerDir?: string } = {}): Promise<FakePackageIndex> {
  const wheels = new Map<string, Buffer>();
  const releases = new Map<string, Published>();
  let latest: Published | undefined;
  let withReleaseList = true;
  let published = 0;
  const downloaded: string[] = [];
  const files = (base: string, release: Published) => [
    {
      packagetype: 'sdist',
      filename: `yt_dlp-${release.version}.tar.gz`,
      url: `${base}/files/none.tar.gz`,
      digests: { sha256: '0'.repeat(64) },
      upload_time_iso_8601: release.uploadedAt.toISOString(),
      yanked: false,
    },
    {
      packagetype: 'bdist_wheel',
      filename: release.filename,
      url: `${base}/files/${release.filename}`,
      digests: { sha256: release.digest },
      size: wheels.get(release.filename)?.length,
      upload_time_iso_8601: release.uploadedAt.toISOString(),
      yanked: false,
    },
  ];
  const server = await listenLocal((req, res) => {
    const base = server.origin;
    const versionDocument = /^\/pypi\/yt-dlp\/([^/]+)\/json$/.exec(req.url ?? '');
    const release = versionDocument ? releases.get(decodeURIComponent(versionDocument[1]!)) : undefined;
    if ((req.url === '/pypi/yt-dlp/json' && latest) || release) {
      const shown = release ?? latest!;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          info: { name: 'yt-dlp', version: shown.version },
          urls: files(base, shown),
          ...(withReleaseList && !release
            ? { releases: Object.fromEntries([...releases.values()].map((r) => [r.version, files(base, r)])) }
            : {}),
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
      published += 1;
      const uploadedAt = options.uploadedAt ?? new Date(Date.now() - 30 * 86_400_000 + published * 1000);
      latest = { version, filename: wheel.filename, digest, uploadedAt };
      releases.set(version, latest);
    },
    omitReleaseList(omit) {
      withReleaseList = !omit;
    },
    downloads: () => [...downloaded],
    close: () => server.close(),
  };
}
