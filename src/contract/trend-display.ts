import { checkTrendUrl, detectPlatform, parseWebUrl } from './social-urls.ts';

/**
 * The trend analyser's constants and display rules, without zod (the schemas are in trends.ts): the
 * trends page imports this module, so its bundle does not carry the schema library.
 */

/** docs/spec/product-spec.md §9 and docs/spec/decisions.md: the trend grid shows 12 per page. */
export const TRENDS_PAGE_SIZE = 12;
export const TRENDS_MAX_PAGE_SIZE = 100;
/** docs/spec/product-spec.md §9: processing starts 1000 ms after a trend is added; fake generation takes 2000 ms. */
export const AUTO_PROCESS_DELAY_MS = 1000;
export const GENERATE_DELAY_MS = 2000;
/** docs/spec/product-spec.md §9: twist ideas shown before expanding. */
export const VISIBLE_TWIST_IDEAS = 3;
/** 'More Ideas' stops adding once a trend has this many. */
export const MAX_TWIST_IDEAS = 60;
/** Placeholders that mean "no audio name" (docs/spec/product-spec.md §2). */
export const AUDIO_NAME_PLACEHOLDERS = ['Name of trending audio/music', 'Audio not available'] as const;

/** The platforms a trend can come from. */
export const TREND_PLATFORMS = ['tiktok', 'instagram', 'youtube'] as const;
export type TrendPlatform = (typeof TREND_PLATFORMS)[number];

export const TREND_STATUSES = ['pending', 'processing', 'processed', 'failed'] as const;
export type TrendStatus = (typeof TREND_STATUSES)[number];
export const ANALYSIS_ENGINES = ['llm', 'template'] as const;
export type AnalysisEngine = (typeof ANALYSIS_ENGINES)[number];

/**
 * The one stored form of a trend URL, so the same video added twice is recognised: https, the
 * platform's main host, tracking parameters dropped (YouTube keeps only `v`). Null when invalid.
 */
export function canonicalTrendUrl(raw: string): { platform: TrendPlatform; url: string } | null {
  const check = checkTrendUrl(raw);
  if (!check.ok) return null;
  const url = new URL(check.url);
  const platform = check.platform as TrendPlatform;
  if (platform === 'youtube') {
    if (url.hostname === 'youtube.com' || url.hostname === 'm.youtube.com') url.hostname = 'www.youtube.com';
    const v = url.searchParams.get('v');
    url.search = '';
    if (v && url.hostname !== 'youtu.be') url.searchParams.set('v', v);
  } else {
    url.search = '';
    if (url.hostname === 'tiktok.com' || url.hostname === 'm.tiktok.com') url.hostname = 'www.tiktok.com';
    if (url.hostname === 'instagram.com' || url.hostname === 'm.instagram.com')
      url.hostname = 'www.instagram.com';
  }
  return { platform, url: url.toString() };
}

/** docs/spec/product-spec.md §9: 1,000,000+ as x.xM, 1,000+ as x.xK (one decimal), smaller numbers as they are. */
export function formatMetric(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (value >= 1_000) return `${(value / 1_000).toFixed(1)}K`;
  return String(Math.round(value));
}

/** Engagement rate (a fraction) as a percentage with one decimal. */
export function formatEngagementRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  return `${(rate * 100).toFixed(1)}%`;
}

/** The Source line's badge (docs/spec/product-spec.md §2): TikTok, Instagram, YouTube, External or Unknown. */
export function sourceBadge(source: string): 'TikTok' | 'Instagram' | 'YouTube' | 'External' | 'Unknown' {
  const url = parseWebUrl(source);
  if (!url) return 'Unknown';
  const platform = detectPlatform(url, ['tiktok', 'instagram', 'youtube']);
  if (platform === 'tiktok') return 'TikTok';
  if (platform === 'instagram') return 'Instagram';
  if (platform === 'youtube') return 'YouTube';
  return 'External';
}

/** The audio name to show, or null for the placeholders and blanks (docs/spec/product-spec.md §2). */
export function displayAudioName(name: string | null | undefined): string | null {
  const text = name?.trim();
  if (!text) return null;
  return (AUDIO_NAME_PLACEHOLDERS as readonly string[]).includes(text) ? null : text;
}

/** docs/spec/product-spec.md §2: the 'Use This Audio' link is shown only for URLs starting with http. */
export const isAudioLink = (url: string | null | undefined): url is string =>
  typeof url === 'string' && url.startsWith('http');

/** docs/spec/product-spec.md §9 template copy text: the skeleton, a blank line, 'Your Twist: ' and the twist. */
export const templateText = (skeleton: string, twist: string) => `${skeleton}\n\nYour Twist: ${twist}`;
