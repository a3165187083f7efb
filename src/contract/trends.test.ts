import { describe, expect, it } from 'vitest';
import {
  canonicalTrendUrl,
  displayAudioName,
  formatEngagementRate,
  formatMetric,
  isAudioLink,
  sourceBadge,
  templateText,
} from './trend-display.ts';
import { createTrendSchema } from './trends.ts';

describe('metric formatting (spec §9)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.0K'],
    [1234, '1.2K'],
    [15_250, '15.3K'],
    [999_949, '999.9K'],
    [1_000_000, '1.0M'],
    [2_345_678, '2.3M'],
    [15_234_567, '15.2M'],
    [null, '—'],
    [undefined, '—'],
    [Number.NaN, '—'],
  ])('%s -> %s', (value, text) => {
    expect(formatMetric(value)).toBe(text);
  });

  it.each([
    [0.1378, '13.8%'],
    [0.05, '5.0%'],
    [0, '0.0%'],
    [1.25, '125.0%'],
    [null, '—'],
  ])('engagement %s -> %s', (rate, text) => {
    expect(formatEngagementRate(rate)).toBe(text);
  });
});

describe('canonical trend URLs', () => {
  it.each([
    [
      'https://tiktok.com/@u/video/1?is_from_webapp=1&sender_device=pc#x',
      'https://www.tiktok.com/@u/video/1',
    ],
    ['http://www.tiktok.com/@u/video/1', 'https://www.tiktok.com/@u/video/1'],
    ['https://vm.tiktok.com/ZMabc123/', 'https://vm.tiktok.com/ZMabc123/'],
    ['https://m.youtube.com/watch?v=abc&feature=share&t=3', 'https://www.youtube.com/watch?v=abc'],
    ['https://youtube.com/shorts/abc123DEF45?si=track', 'https://www.youtube.com/shorts/abc123DEF45'],
    ['https://youtu.be/abc123DEF45?si=track', 'https://youtu.be/abc123DEF45'],
    ['https://instagram.com/reel/Cabc/?igsh=xyz', 'https://www.instagram.com/reel/Cabc/'],
  ])('%s -> %s', (raw, url) => {
    expect(canonicalTrendUrl(raw)?.url).toBe(url);
  });

  it('rejects what the URL rules reject', () => {
    expect(canonicalTrendUrl('https://tiktok.com.evil.com/x')).toBeNull();
    expect(canonicalTrendUrl('https://tiktok.com@127.0.0.1/')).toBeNull();
    expect(canonicalTrendUrl('not a url')).toBeNull();
  });

  it('validates the creation payload with the spec messages', () => {
    expect(createTrendSchema.safeParse({ source: 'https://www.tiktok.com/@u/video/1' }).success).toBe(true);
    const bad = createTrendSchema.safeParse({ source: 'https://evil.com/tiktok.com' });
    expect(bad.error?.issues[0]?.message).toBe('URL must be from TikTok, Instagram, or YouTube');
    const invalid = createTrendSchema.safeParse({ source: 'nope' });
    expect(invalid.error?.issues[0]?.message).toBe('Please enter a valid URL starting with https://');
  });
});

describe('card helpers (spec §2)', () => {
  it.each([
    ['https://www.tiktok.com/@u/video/1', 'TikTok'],
    ['https://www.instagram.com/reel/x/', 'Instagram'],
    ['https://youtu.be/x', 'YouTube'],
    ['https://example.com/video', 'External'],
    ['not a url', 'Unknown'],
  ])('source badge of %s is %s', (source, badge) => {
    expect(sourceBadge(source)).toBe(badge);
  });

  it('hides the audio placeholders and links that do not start with http', () => {
    expect(displayAudioName('Name of trending audio/music')).toBeNull();
    expect(displayAudioName('Audio not available')).toBeNull();
    expect(displayAudioName('  ')).toBeNull();
    expect(displayAudioName('Snowman - Lofi Girl')).toBe('Snowman - Lofi Girl');
    expect(isAudioLink('https://cdn.example/a.mp3')).toBe(true);
    expect(isAudioLink('javascript:alert(1)')).toBe(false);
    expect(isAudioLink(null)).toBe(false);
  });

  it('builds the template text: skeleton, blank line, Your Twist', () => {
    expect(templateText('1. Hook\n2. Payoff', 'Do it backwards')).toBe(
      '1. Hook\n2. Payoff\n\nYour Twist: Do it backwards',
    );
  });
});
