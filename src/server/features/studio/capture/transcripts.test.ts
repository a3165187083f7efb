import { describe, expect, it } from 'vitest';
import { CONVERSATION_LIMITS } from '#contract/studio.ts';
import { INTERVIEW, PANEL } from '#tests/fixtures/studio/transcripts.ts';
import {
  parseCaptionTranscript,
  parseTextTranscript,
  speakerOfLine,
  TooManySpeakersError,
} from './transcripts.ts';

const speakersOf = (turns: Array<{ label: string | null }>) => turns.map((t) => t.label);

describe('transcripts with speakers', () => {
  it('reads a line opening with a name, in every form the exports use', () => {
    expect(speakerOfLine('Sam: Welcome back.')).toMatchObject({ label: 'Sam', rest: 'Welcome back.' });
    expect(speakerOfLine('PRIYA: Thanks.')).toMatchObject({ label: 'PRIYA', rest: 'Thanks.' });
    expect(speakerOfLine('[00:01:02] Priya Patel: Hiring.')).toMatchObject({
      label: 'Priya Patel',
      rest: 'Hiring.',
      startMs: 62_000,
    });
    expect(speakerOfLine('Sam (00:41): Let me stop you there.')).toMatchObject({
      label: 'Sam',
      startMs: 41_000,
    });
    expect(speakerOfLine('Speaker 2  1:05')).toMatchObject({
      label: 'Speaker 2',
      heading: true,
      startMs: 65_000,
    });
    // Not names: a sentence with a colon, a time alone, a link.
    expect(speakerOfLine('Here is the thing I learned the hard way: charge more.')).toBeNull();
    expect(speakerOfLine('At 10:30 we met.')).toBeNull();
    expect(speakerOfLine('https://example.com/a')).toBeNull();
    // A "name" longer than the limit is text, and a long line costs no more than its start.
    expect(speakerOfLine(`${'x'.repeat(10_000)}: words`)).toBeNull();
    expect(speakerOfLine(`${'A'.repeat(CONVERSATION_LIMITS.labelMaxChars + 1)}: words`)).toBeNull();
    expect(speakerOfLine(`${'A'.repeat(CONVERSATION_LIMITS.labelMaxChars)}: words`)).not.toBeNull();
  });

  it('reads a timed text interview as turns with times running to the next turn', async () => {
    const transcript = await parseTextTranscript(INTERVIEW.content);
    expect(transcript?.speakers).toEqual(INTERVIEW.speakers);
    expect(transcript?.title).toBe('Episode 42: from project manager to baker');
    expect(speakersOf(transcript!.turns).slice(0, 4)).toEqual(['Sam', 'Priya', 'Sam', 'Priya']);
    expect(transcript!.turns[1]).toMatchObject({
      text: expect.stringMatching(/^Thanks for having me, Sam\. I was a project manager/),
      cues: [{ startMs: 12_000, endMs: 24_000 }],
    });
  });

  it('reads NAME: turns without times, continuation lines and case-different names as one speaker', async () => {
    const transcript = await parseTextTranscript(
      'SAM: Welcome back.\nPRIYA: Thanks.\nIt was a long year.\n\nSam: Tell me about it.\n',
    );
    expect(transcript?.speakers).toEqual(['SAM', 'PRIYA']);
    expect(transcript?.turns.map((t) => [t.label, t.text, t.cues.length])).toEqual([
      ['SAM', 'Welcome back.', 0],
      ['PRIYA', 'Thanks. It was a long year.', 0],
      ['SAM', 'Tell me about it.', 0],
    ]);
  });

  it('reads Otter-style heading lines', async () => {
    const transcript = await parseTextTranscript(
      'Sam Lee  0:02\nWelcome back to the show.\n\nPriya  0:10\nThanks for having me.\n',
    );
    expect(transcript?.turns.map((t) => [t.label, t.text, t.cues[0]?.startMs])).toEqual([
      ['Sam Lee', 'Welcome back to the show.', 2000],
      ['Priya', 'Thanks for having me.', 10_000],
    ]);
  });

  it('leaves a post a post: one name, or a few "Note:" lines among many', async () => {
    expect(await parseTextTranscript('Sam: I think better when I walk.\nAnd I walk a lot.')).toBeNull();
    const post = `${'I record on walks. '.repeat(3)}\nNote: this works.\n${'Line of the post.\n'.repeat(8)}PS: thanks.`;
    expect(await parseTextTranscript(post)).toBeNull();
  });

  it('keeps unnamed lines before the first name as an unnamed turn', async () => {
    const transcript = await parseTextTranscript(
      'We started recording late. The first minute is lost.\nSam: Welcome.\nPriya: Hello.',
    );
    expect(speakersOf(transcript!.turns)).toEqual([null, 'Sam', 'Priya']);
    expect(transcript?.title).toBeNull();
  });

  it('refuses a transcript naming more speakers than a note keeps', async () => {
    const many = Array.from({ length: 40 }, (_, i) => `Guest ${i + 1}: Hello from guest ${i + 1}.`).join(
      '\n',
    );
    await expect(parseTextTranscript(many)).rejects.toThrow(TooManySpeakersError);
  });

  it('reads WebVTT voice spans with cue times', async () => {
    const transcript = await parseCaptionTranscript(PANEL.content, 'vtt');
    expect(transcript.speakers).toEqual(PANEL.speakers);
    expect(transcript.turns[0]).toMatchObject({
      label: 'Dana Ruiz',
      cues: [
        { startMs: 0, endMs: 6500 },
        { startMs: 6500, endMs: 13_000 },
      ],
    });
    expect(transcript.turns[0]!.text).toMatch(/^Welcome to the panel\..*did not happen\.$/);
  });

  it('reads SRT cues opening with a name, and "- " as a change of speaker', async () => {
    const srt = `1
00:00:01,000 --> 00:00:04,000
SAM: Welcome back.

2
00:00:04,500 --> 00:00:08,000
PRIYA: Thanks for having me.

3
00:00:08,000 --> 00:00:10,000
- So what happened?
- We sold out.
`;
    const transcript = await parseCaptionTranscript(srt, 'srt');
    expect(transcript.turns.map((t) => [t.label, t.text])).toEqual([
      ['SAM', 'Welcome back.'],
      ['PRIYA', 'Thanks for having me.'],
      ['SAM', 'So what happened?'],
      ['PRIYA', 'We sold out.'],
    ]);
    const dashes = await parseCaptionTranscript(
      'WEBVTT\n\n00:00.000 --> 00:02.000\n- Hi.\n- Hello.\n\n00:02.000 --> 00:04.000\n- How are you?\n',
      'vtt',
    );
    expect(speakersOf(dashes.turns)).toEqual(['Speaker 1', 'Speaker 2', 'Speaker 1']);
  });

  it('reads an SRT without names as one unnamed turn with its times', async () => {
    const transcript = await parseCaptionTranscript(
      '1\n00:00:00,000 --> 00:00:02,500\nWe raised our prices.\n\n2\n00:00:02,500 --> 00:00:05,000\nNobody left.\n',
      'srt',
    );
    expect(transcript).toEqual({
      speakers: [],
      turns: [
        {
          label: null,
          text: 'We raised our prices. Nobody left.',
          cues: [
            { startMs: 0, endMs: 2500, text: 'We raised our prices.' },
            { startMs: 2500, endMs: 5000, text: 'Nobody left.' },
          ],
        },
      ],
    });
  });

  it('reads captions without names as one unnamed turn with its times', async () => {
    const transcript = await parseCaptionTranscript(
      'WEBVTT\n\n00:00.000 --> 00:02.000\nHello <b>there</b> &amp; welcome.\n\n00:02.000 --> 00:04.000\nThis is a talk.\n',
      'vtt',
    );
    expect(transcript.speakers).toEqual([]);
    expect(transcript.turns).toEqual([
      {
        label: null,
        text: 'Hello there & welcome. This is a talk.',
        cues: [
          { startMs: 0, endMs: 2000, text: 'Hello there & welcome.' },
          { startMs: 2000, endMs: 4000, text: 'This is a talk.' },
        ],
      },
    ]);
  });
});
