/**
 * Which yt-dlp release Echo's own copy takes from the package index (PyPI's JSON API). The index's
 * sha256 proves the download is the file the index lists, not that the file deserves trust: a
 * release is taken only once it is at least MIN_RELEASE_AGE_MS old (others have had time to notice
 * a bad one and the index to pull it), unless the operator pins one (YTDLP_VERSION, optionally
 * YTDLP_SHA256, which the index's digest and the download must both match).
 */

export const MIN_RELEASE_AGE_MS = 48 * 60 * 60 * 1000;

export const WHEEL_NAME = /^yt_dlp-[A-Za-z0-9_.!+-]+-py3-none-any\.whl$/;
/** A final release (2025.10.22, 2025.10.22.1, 2025.1.1.post1): no nightly/dev, alpha, beta or rc. */
const STABLE_VERSION = /^\d+(\.\d+)*(\.post\d+)?$/;
const SHA256 = /^[0-9a-f]{64}$/i;

export interface IndexFile {
  packagetype?: string;
  filename?: string;
  url?: string;
  digests?: { sha256?: string };
  size?: number;
  upload_time_iso_8601?: string;
  yanked?: boolean;
}

export interface IndexDocument {
  info?: { version?: string };
  urls?: IndexFile[];
  releases?: Record<string, IndexFile[] | undefined>;
}

export interface IndexRelease {
  version: string;
  filename: string;
  url: string;
  /** The digest the download must have (lower-case hex): the pinned one, else the index's. */
  sha256: string;
  uploadedAt: string | null;
  /** True when the operator chose it (YTDLP_VERSION). */
  pinned: boolean;
}

export interface YtDlpPin {
  version: string;
  sha256?: string;
}

export class YtDlpInstallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'YtDlpInstallError';
  }
}

const wheelOf = (files: IndexFile[] | undefined) =>
  files?.find((file) => file.packagetype === 'bdist_wheel' && WHEEL_NAME.test(file.filename ?? ''));

function release(version: string, wheel: IndexFile, pinned: boolean, sha256?: string): IndexRelease {
  const digest = wheel.digests?.sha256;
  if (!wheel.url || !wheel.filename || !digest || !SHA256.test(digest))
    throw new YtDlpInstallError(`the package index lists no yt-dlp ${version} wheel with a sha256 digest`);
  if (!/^https?:\/\//.test(wheel.url))
    throw new YtDlpInstallError('the package index gave a wheel URL that is not http(s)');
  if (sha256 !== undefined && digest.toLowerCase() !== sha256)
    throw new YtDlpInstallError(
      `the package index's sha256 for yt-dlp ${version} (${digest.toLowerCase()}) is not YTDLP_SHA256 (${sha256}); it was not downloaded`,
    );
  return {
    version,
    filename: wheel.filename,
    url: wheel.url,
    sha256: digest.toLowerCase(),
    uploadedAt: wheel.upload_time_iso_8601 ?? null,
    pinned,
  };
}

/** The operator's release, whatever its age: from the project document, else its own version document. */
export function pinnedRelease(pin: YtDlpPin, project: IndexDocument, versionDocument?: IndexDocument) {
  const wheel = wheelOf(project.releases?.[pin.version]) ?? wheelOf(versionDocument?.urls);
  if (!wheel)
    throw new YtDlpInstallError(
      `the package index lists no wheel of yt-dlp ${pin.version} (YTDLP_VERSION); check the version`,
    );
  return release(pin.version, wheel, true, pin.sha256);
}

/**
 * The newest final release whose wheel was uploaded at least `minAgeMs` ago and is not yanked.
 * An index that gives no upload time has no release old enough.
 */
export function seasonedRelease(
  project: IndexDocument,
  now = Date.now(),
  minAgeMs = MIN_RELEASE_AGE_MS,
): IndexRelease {
  const entries: [string, IndexFile[] | undefined][] = project.releases
    ? Object.entries(project.releases)
    : project.info?.version
      ? [[project.info.version, project.urls]]
      : [];
  let best: { version: string; wheel: IndexFile; at: number } | undefined;
  for (const [version, files] of entries) {
    const wheel = wheelOf(files);
    const at = Date.parse(wheel?.upload_time_iso_8601 ?? '');
    if (!wheel || wheel.yanked || !STABLE_VERSION.test(version) || !Number.isFinite(at)) continue;
    if (now - at < minAgeMs) continue;
    if (!best || at > best.at) best = { version, wheel, at };
  }
  if (!best) {
    const hours = Math.round(minAgeMs / 3_600_000);
    throw new YtDlpInstallError(
      `the package index lists no yt-dlp release (with its upload time) at least ${hours} hours old; set YTDLP_VERSION to take a given release`,
    );
  }
  return release(best.version, best.wheel, false);
}

/** The JSON document of one version, next to the project's (`…/yt-dlp/json` -> `…/yt-dlp/<version>/json`). */
export function versionDocumentUrl(indexUrl: string, version: string): string {
  const url = new URL(indexUrl);
  url.pathname = url.pathname.replace(/\/json\/?$/, `/${encodeURIComponent(version)}/json`);
  return url.toString();
}
