import type { Trend, TrendingData, TrendMetrics } from '#contract/trends.ts';

/** What the analysers read about a video. */
export interface AnalysisInput {
  platform: Trend['platform'];
  title: string | null;
  /** The post's caption (TikTok and Instagram) or the video description (YouTube). */
  description: string | null;
  hashtags: string[];
  /** Seconds, when known. */
  duration: number | null;
  author: string | null;
  audio: string | null;
}

export interface NormalizedMedia {
  trendingData: TrendingData;
  metrics: TrendMetrics;
  input: AnalysisInput;
}

type Json = Record<string, unknown>;

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
const strList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(str).filter((v): v is string => v !== null) : [];
const firstOf = (...values: Array<string | null>) => values.find((v) => v !== null) ?? null;

/** yt-dlp reports people as `artists`/`creators` lists now and as `artist`/`creator` strings before. */
function people(json: Json, list: string, single: string): string | null {
  const many = strList(json[list]);
  if (many.length) return many.join(', ');
  return str(json[single]);
}

function hashtagsOf(json: Json, text: string | null): string[] {
  const found = new Set<string>();
  for (const match of (text ?? '').matchAll(/#([\p{L}\p{N}_]+)/gu)) found.add(match[1]!.toLowerCase());
  for (const tag of strList(json.tags)) found.add(tag.replace(/^#/, '').toLowerCase());
  return [...found].slice(0, 30);
}

/** TikTok lists the sound as an audio-only format; its direct URL is the 'use this audio' link. */
function audioOnlyUrl(json: Json): string | null {
  const formats = Array.isArray(json.formats) ? (json.formats as Json[]) : [];
  const audio = formats.find(
    (f) => f && (f.vcodec === 'none' || f.format_id === 'audio') && str(f.url)?.startsWith('https://'),
  );
  return audio ? str(audio.url) : null;
}

function username(json: Json, platform: Trend['platform']): string | null {
  const handle = (value: string | null) => (value ? value.replace(/^@/, '') : null);
  if (platform === 'youtube') {
    const id = str(json.uploader_id);
    return handle(id?.startsWith('@') ? id : firstOf(str(json.channel_handle), id));
  }
  if (platform === 'instagram') return handle(firstOf(str(json.channel), str(json.uploader_id)));
  // TikTok: `uploader` is the @handle (`uploader_id` is a numeric id in current releases).
  const uploader = str(json.uploader);
  const uploaderId = str(json.uploader_id);
  return handle(firstOf(uploader, uploaderId && !/^\d+$/.test(uploaderId) ? uploaderId : null));
}

function authorName(json: Json, platform: Trend['platform']): string | null {
  if (platform === 'youtube') return firstOf(str(json.channel), str(json.uploader));
  if (platform === 'tiktok')
    return firstOf(str(json.channel), people(json, 'creators', 'creator'), str(json.uploader));
  return firstOf(str(json.uploader), str(json.channel));
}

/**
 * Turns yt-dlp's JSON (current and older field names) into trending_data, metrics and the
 * analyser's input. Only what yt-dlp reported is used; missing numbers stay null.
 */
export function normalizeYtDlp(json: Json, platform: Trend['platform'], sourceUrl: string): NormalizedMedia {
  const track = str(json.track);
  const artist = people(json, 'artists', 'artist');
  const isTikTok = platform === 'tiktok';
  // YouTube and Instagram videos have no separate sound unless the platform tagged music.
  const soundName = track ?? null;
  const audioName = track ? (artist ? `${track} - ${artist}` : track) : null;
  const useAudioUrl = isTikTok ? audioOnlyUrl(json) : null;

  const views = num(json.view_count);
  const likes = num(json.like_count);
  const shares = num(json.repost_count) ?? num(json.share_count);
  const comments = num(json.comment_count);
  const engagement =
    views && views > 0 && (likes !== null || comments !== null || shares !== null)
      ? ((likes ?? 0) + (comments ?? 0) + (shares ?? 0)) / views
      : null;
  const verified = json.channel_is_verified === true || json.uploader_is_verified === true;

  const title = str(json.title);
  const description = str(json.description);
  const duration = num(json.duration);
  const name = authorName(json, platform);

  return {
    trendingData: {
      sound_name: soundName,
      audio_name: audioName,
      use_audio_url: useAudioUrl,
      original_video_url: firstOf(str(json.webpage_url), str(json.original_url), sourceUrl),
      author_name: name,
      author_username: username(json, platform),
      author_verified: verified,
      comment_count: comments,
    },
    metrics: {
      view_count: views,
      like_count: likes,
      share_count: shares,
      comment_count: comments,
      usage_count: num(json.music_usage_count) ?? num(json.usage_count),
      engagement_rate: engagement === null ? null : Math.round(engagement * 10_000) / 10_000,
    },
    input: {
      platform,
      title,
      description,
      hashtags: hashtagsOf(json, `${title ?? ''} ${description ?? ''}`),
      duration: duration ? Math.round(duration) : null,
      author: name,
      audio: audioName,
    },
  };
}
