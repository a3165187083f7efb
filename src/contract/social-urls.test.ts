import { describe, expect, it } from 'vitest';
import { checkMediaUrl, checkTrendUrl, INVALID_URL_MESSAGE, TREND_HOST_MESSAGE } from './social-urls.ts';

describe('trend URL rules (spec §5, decisions.md hosts)', () => {
  it.each([
    [
      'https://www.tiktok.com/@user/video/7234567890123456789',
      'tiktok',
      'https://www.tiktok.com/@user/video/7234567890123456789',
    ],
    ['https://tiktok.com/@user/video/1', 'tiktok', 'https://tiktok.com/@user/video/1'],
    ['https://vm.tiktok.com/ZMabc123/', 'tiktok', 'https://vm.tiktok.com/ZMabc123/'],
    ['https://WWW.TikTok.COM/@u/video/1', 'tiktok', 'https://www.tiktok.com/@u/video/1'],
    ['http://www.tiktok.com/@u/video/1', 'tiktok', 'https://www.tiktok.com/@u/video/1'],
    ['https://www.instagram.com/reel/Cabc123/', 'instagram', 'https://www.instagram.com/reel/Cabc123/'],
    ['https://instagram.com/p/Cabc123/', 'instagram', 'https://instagram.com/p/Cabc123/'],
    ['https://www.youtube.com/shorts/abc123DEF45', 'youtube', 'https://www.youtube.com/shorts/abc123DEF45'],
    ['https://m.youtube.com/watch?v=abc123DEF45', 'youtube', 'https://m.youtube.com/watch?v=abc123DEF45'],
    ['https://youtu.be/abc123DEF45', 'youtube', 'https://youtu.be/abc123DEF45'],
    ['  https://youtube.com/watch?v=x#t=10  ', 'youtube', 'https://youtube.com/watch?v=x'],
    ['https://www.tiktok.com./@u/video/1', 'tiktok', 'https://www.tiktok.com/@u/video/1'],
  ])('accepts %s', (raw, platform, url) => {
    expect(checkTrendUrl(raw)).toEqual({ ok: true, platform, url });
  });

  it.each([
    ['not a url', INVALID_URL_MESSAGE],
    ['tiktok.com/@u/video/1', INVALID_URL_MESSAGE],
    ['ftp://tiktok.com/video', INVALID_URL_MESSAGE],
    ['javascript:alert(1)//tiktok.com', INVALID_URL_MESSAGE],
    ['file:///etc/passwd', INVALID_URL_MESSAGE],
    ['', INVALID_URL_MESSAGE],
    ['https://tiktok.com.evil.com/@u/video/1', TREND_HOST_MESSAGE],
    ['https://evil.com/tiktok.com', TREND_HOST_MESSAGE],
    ['https://evil.com/?u=https://tiktok.com', TREND_HOST_MESSAGE],
    ['https://nottiktok.com/@u', TREND_HOST_MESSAGE],
    ['https://tiktok.co/@u', TREND_HOST_MESSAGE],
    ['https://tiktok.com@127.0.0.1/', TREND_HOST_MESSAGE],
    ['https://user:pass@www.tiktok.com/@u/video/1', TREND_HOST_MESSAGE],
    ['https://www.tiktok.com:8443/@u/video/1', TREND_HOST_MESSAGE],
    ['https://127.0.0.1/tiktok.com', TREND_HOST_MESSAGE],
    ['https://[::1]/youtube.com', TREND_HOST_MESSAGE],
    ['https://169.254.169.254/latest/meta-data', TREND_HOST_MESSAGE],
    ['https://localhost/watch?v=1', TREND_HOST_MESSAGE],
    ['https://tіktok.com/@u', TREND_HOST_MESSAGE], // Cyrillic і: an IDN lookalike
    ['https://уoutube.com/watch?v=1', TREND_HOST_MESSAGE], // Cyrillic у
    ['https://youtube.com.cn.evil.org/watch', TREND_HOST_MESSAGE],
    ['https://youtu.be.evil.com/abc', TREND_HOST_MESSAGE],
    ['https://www.facebook.com/watch?v=1', TREND_HOST_MESSAGE],
    ['https://instagram.com%2F@evil.com/', TREND_HOST_MESSAGE],
    ['https://evil.com\\@tiktok.com/', TREND_HOST_MESSAGE],
    ['https://0x7f000001/', TREND_HOST_MESSAGE],
  ])('rejects %s', (raw, message) => {
    expect(checkTrendUrl(raw)).toEqual({ ok: false, message });
  });

  it('allows Facebook only where the caller lists it', () => {
    expect(checkMediaUrl('https://fb.watch/abc/', ['facebook'], 'nope')).toEqual({
      ok: true,
      platform: 'facebook',
      url: 'https://fb.watch/abc/',
    });
    expect(checkMediaUrl('https://www.facebook.com/reel/1', ['youtube'], 'nope')).toEqual({
      ok: false,
      message: 'nope',
    });
  });
});
