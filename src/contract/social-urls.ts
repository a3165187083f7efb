/**
 * Social-media URL rules shared by the forms (live checks) and the server (which hands only
 * allowlisted https URLs to yt-dlp). Hosts are matched on the parsed, lower-cased hostname:
 * "is, or is a subdomain of" (docs/spec/decisions.md), never on the raw string.
 */
export const SOCIAL_PLATFORMS = {
  tiktok: { label: 'TikTok', domains: ['tiktok.com'] },
  instagram: { label: 'Instagram', domains: ['instagram.com'] },
  youtube: { label: 'YouTube', domains: ['youtube.com', 'youtu.be'] },
  facebook: { label: 'Facebook', domains: ['facebook.com', 'fb.watch'] },
} as const;
export type SocialPlatform = keyof typeof SOCIAL_PLATFORMS;

export const TREND_PLATFORMS = [
  'tiktok',
  'instagram',
  'youtube',
] as const satisfies readonly SocialPlatform[];
export const INVALID_URL_MESSAGE = 'Please enter a valid URL starting with https://';
export const TREND_HOST_MESSAGE = 'URL must be from TikTok, Instagram, or YouTube';

/** Parses an absolute http(s) URL; anything else is null. */
export function parseWebUrl(raw: string): URL | null {
  const text = raw.trim();
  if (!text || !URL.canParse(text)) return null;
  const url = new URL(text);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

const matchesDomain = (hostname: string, domain: string) =>
  hostname === domain || hostname.endsWith(`.${domain}`);

/** The platform whose domains the URL's hostname is, or is a subdomain of. */
export function detectPlatform(
  url: URL,
  platforms: readonly SocialPlatform[] = Object.keys(SOCIAL_PLATFORMS) as SocialPlatform[],
) {
  const hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  return platforms.find((p) => SOCIAL_PLATFORMS[p].domains.some((d) => matchesDomain(hostname, d))) ?? null;
}

export type UrlCheck = { ok: true; platform: SocialPlatform; url: string } | { ok: false; message: string };

/**
 * The strict check the server applies before any outside request: an allowlisted host, no user
 * info, no explicit port, no IP literal; http is upgraded to https; the fragment is dropped.
 */
export function checkMediaUrl(
  raw: string,
  platforms: readonly SocialPlatform[],
  hostMessage: string,
): UrlCheck {
  const url = parseWebUrl(raw);
  if (!url) return { ok: false, message: INVALID_URL_MESSAGE };
  const platform = detectPlatform(url, platforms);
  if (!platform || url.username || url.password || url.port || /^\[|^\d+(\.\d+){3}$/.test(url.hostname)) {
    return { ok: false, message: hostMessage };
  }
  url.protocol = 'https:';
  url.hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  url.hash = '';
  return { ok: true, platform, url: url.toString() };
}

/** docs/spec/product-spec.md §5 "Trend URL" on the server and the trend form. */
export const checkTrendUrl = (raw: string) => checkMediaUrl(raw, TREND_PLATFORMS, TREND_HOST_MESSAGE);
