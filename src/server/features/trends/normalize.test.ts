import { describe, expect, it } from 'vitest';
import { ytDlpFixture } from '#tests/support/fake-yt-dlp.ts';
import { normalizeYtDlp } from './normalize.ts';

describe('normalising yt-dlp JSON', () => {
  it('reads current TikTok field names (artists, channel_is_verified, repost_count, audio-only format)', () => {
    const media = normalizeYtDlp(
      ytDlpFixture('tiktok-2025.json'),
      'tiktok',
      'https://www.tiktok.com/@x/video/1',
    );
    expect(media.trendingData).toEqual({
      sound_name: 'original sound - brewedbyjules',
      audio_name: 'original sound - brewedbyjules - Jules | Coffee',
      use_audio_url:
        'https://sf16-ies-music-va.tiktokcdn.com/obj/ies-music-ttp-dup-us/7434512399999999999.mp3',
      original_video_url: 'https://www.tiktok.com/@brewedbyjules/video/7434512345678901234',
      author_name: 'Jules | Coffee',
      author_username: 'brewedbyjules',
      author_verified: true,
      comment_count: 4521,
    });
    expect(media.metrics).toEqual({
      view_count: 2345678,
      like_count: 312456,
      share_count: 8123,
      comment_count: 4521,
      usage_count: null,
      engagement_rate: Math.round(((312456 + 4521 + 8123) / 2345678) * 10_000) / 10_000,
    });
    expect(media.input).toMatchObject({
      platform: 'tiktok',
      duration: 24,
      hashtags: ['coffee', 'pov', 'barista', 'fyp'],
    });
  });

  it('reads older TikTok field names (artist, creator) without a verified flag', () => {
    const media = normalizeYtDlp(
      ytDlpFixture('tiktok-2022.json'),
      'tiktok',
      'https://www.tiktok.com/@x/video/2',
    );
    expect(media.trendingData).toMatchObject({
      sound_name: 'Snowman',
      audio_name: 'Snowman - Lofi Girl',
      use_audio_url: null,
      author_name: 'Maya Makes',
      author_username: 'makerwithmaya',
      author_verified: false,
      comment_count: 876,
    });
    expect(media.metrics.share_count).toBe(1234);
    expect(media.metrics.engagement_rate).toBeCloseTo((65432 + 876 + 1234) / 987654, 4);
    expect(media.input.hashtags).toEqual(['smallbusiness', 'entrepreneur', 'tips', 'fyp']);
  });

  it('reads YouTube Shorts (handle from uploader_id, no sound, no shares reported)', () => {
    const media = normalizeYtDlp(
      ytDlpFixture('youtube-shorts-2025.json'),
      'youtube',
      'https://youtu.be/abc123DEF45',
    );
    expect(media.trendingData).toMatchObject({
      sound_name: null,
      audio_name: null,
      use_audio_url: null,
      author_name: 'Tidy Home Tips',
      author_username: 'tidyhometips',
      author_verified: true,
    });
    expect(media.metrics).toMatchObject({ view_count: 15234567, share_count: null, usage_count: null });
    expect(media.metrics.engagement_rate).toBeCloseTo((412345 + 3210) / 15234567, 4);
    expect(media.input.hashtags).toEqual(
      expect.arrayContaining(['shorts', 'lifehack', 'cleaning', 'fitted sheet', 'life hack']),
    );
  });

  it('reads Instagram reels without views (no engagement rate is invented)', () => {
    const media = normalizeYtDlp(
      ytDlpFixture('instagram-reel-2024.json'),
      'instagram',
      'https://www.instagram.com/reel/C7abcDEFghi/',
    );
    expect(media.trendingData).toMatchObject({ author_name: 'Nina Park', author_username: 'glowwithnina' });
    expect(media.metrics).toMatchObject({ view_count: null, like_count: 48213, engagement_rate: null });
    expect(media.input.duration).toBe(18);
  });

  it('keeps garbage out: wrong types and negative numbers become null', () => {
    const media = normalizeYtDlp(
      { view_count: '12', like_count: -1, artists: [3, ''], track: '  ', channel_is_verified: 'yes' },
      'tiktok',
      'https://www.tiktok.com/@x/video/3',
    );
    expect(media.trendingData).toMatchObject({ sound_name: null, audio_name: null, author_verified: false });
    expect(media.metrics).toMatchObject({ view_count: null, like_count: null, engagement_rate: null });
    expect(media.trendingData.original_video_url).toBe('https://www.tiktok.com/@x/video/3');
  });
});
