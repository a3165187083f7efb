import { describe, expect, it } from 'vitest';
import {
  type ContentResult,
  exportTranscript,
  inlineSubmitSchema,
  MISSING_INFORMATION_MESSAGE,
  submitContentSchema,
  transcriptFileName,
} from './content-results.ts';

const result: ContentResult = {
  id: '0b6c7a4e-9f55-4d1e-8b1a-2b8f4f0c9a11',
  product_type: 'transcription',
  status: 'completed',
  source_url: 'https://www.youtube.com/watch?v=abc',
  source_platform: 'Youtube',
  user_email: 'ada@example.com',
  created_at: '2026-03-04T23:30:00.000Z',
  result_data: { transcription: 'Hello world. Second sentence.', summary: 'Hello world.' },
};

describe('transcript exports', () => {
  it('names files transcript-{date} with the extension of the format', () => {
    expect(transcriptFileName(result.created_at, 'txt')).toBe('transcript-2026-03-04.txt');
    expect(transcriptFileName(result.created_at, 'md')).toBe('transcript-2026-03-04.md');
    expect(transcriptFileName(result.created_at, 'json')).toBe('transcript-2026-03-04.json');
    expect(transcriptFileName('not a date', 'txt')).toBe('transcript-undated.txt');
  });

  it('writes the transcript as plain text', () => {
    expect(exportTranscript(result, 'txt')).toBe('Hello world. Second sentence.\n');
  });

  it('writes Markdown with source, platform, date, summary and transcript', () => {
    expect(exportTranscript(result, 'md')).toBe(
      [
        '# Transcript',
        '',
        '- **Source:** <https://www.youtube.com/watch?v=abc>',
        '- **Platform:** Youtube',
        '- **Date:** 2026-03-04',
        '',
        '## Summary',
        '',
        'Hello world.',
        '',
        '## Transcript',
        '',
        'Hello world. Second sentence.',
        '',
      ].join('\n'),
    );
    const noSummary = exportTranscript({ ...result, result_data: { transcription: 'x' } }, 'md');
    expect(noSummary).not.toContain('## Summary');
  });

  it('writes JSON that parses back to the result fields', () => {
    expect(JSON.parse(exportTranscript(result, 'json'))).toEqual({
      id: result.id,
      source_url: result.source_url,
      source_platform: 'Youtube',
      created_at: result.created_at,
      summary: 'Hello world.',
      transcription: 'Hello world. Second sentence.',
    });
  });
});

describe('submit schemas (spec §5 "Content submission")', () => {
  it('needs link, platform and e-mail, with the spec messages', () => {
    const missing = submitContentSchema.safeParse({ link: '', source: '', email: '' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.message)).toEqual([
      MISSING_INFORMATION_MESSAGE,
      MISSING_INFORMATION_MESSAGE,
      MISSING_INFORMATION_MESSAGE,
    ]);
    const badUrl = submitContentSchema.safeParse({ link: 'not a url', source: 'Youtube', email: 'a@b.co' });
    expect(badUrl.error?.issues[0]?.message).toBe('Please enter a valid URL');
    const ok = submitContentSchema.safeParse({
      link: ' https://youtu.be/x ',
      source: 'Youtube',
      email: ' A@B.co ',
    });
    expect(ok.data).toEqual({ link: 'https://youtu.be/x', source: 'Youtube', email: 'A@B.co' });
  });

  it('the inline form needs only link and platform', () => {
    expect(inlineSubmitSchema.safeParse({ link: 'https://youtu.be/x', source: 'Tiktok' }).success).toBe(true);
    expect(inlineSubmitSchema.safeParse({ link: 'https://youtu.be/x', source: 'TikTok' }).success).toBe(
      false,
    );
  });
});
