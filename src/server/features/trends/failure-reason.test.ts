import { describe, expect, it } from 'vitest';
import { YtDlpError } from '../../providers/media/yt-dlp.ts';
import { failureReason } from './jobs.ts';

describe('the reason a public trend shows when yt-dlp failed', () => {
  it("never shows yt-dlp's own text: a plain reason instead", () => {
    const raw = new YtDlpError(
      'failed',
      '[youtube] abc: Traceback (most recent call last): File "/root/.cache/yt_dlp/extractor/common.py", line 42',
    );
    expect(failureReason(raw)).toBe(
      'Video metadata could not be read from the platform. Please retry later.',
    );
    const missing = new YtDlpError(
      'not_installed',
      'yt-dlp was not found (/opt/tools/yt-dlp); install it or set YTDLP_PATH',
    );
    expect(failureReason(missing)).not.toContain('/opt/tools');
    expect(failureReason(new YtDlpError('failed', 'ERROR: This content is private. Use --cookies'))).toBe(
      'This video is private or needs a sign-in, so it cannot be analysed.',
    );
  });
});
