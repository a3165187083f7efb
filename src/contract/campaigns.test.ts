import { describe, expect, it } from 'vitest';
import { canChangeStatus, parseDelayDays, smsLength, stepInputSchema } from './campaigns.ts';

describe('smsLength', () => {
  it('counts GSM-7 text: 160 in one message, 153 per part beyond', () => {
    expect(smsLength('')).toEqual({ encoding: 'GSM-7', characters: 0, segments: 0, perSegment: 160 });
    expect(smsLength('a'.repeat(160))).toMatchObject({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(smsLength('a'.repeat(161))).toMatchObject({ characters: 161, segments: 2, perSegment: 153 });
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
  });

  it('counts extended GSM characters ({ } [ ] ~ ^ | \\ €) as two', () => {
    expect(smsLength('€')).toMatchObject({ encoding: 'GSM-7', characters: 2, segments: 1 });
    expect(smsLength(`${'a'.repeat(159)}{`)).toMatchObject({ characters: 161, segments: 2 });
    expect(smsLength('Hi {{name}}, Ça va? Ñ@£$¥')).toMatchObject({ encoding: 'GSM-7' });
  });

  it('switches to UCS-2 for any other character: 70 in one message, 67 per part', () => {
    expect(smsLength('Hello 👋')).toMatchObject({ encoding: 'UCS-2', characters: 8, segments: 1 });
    expect(smsLength(`${'é'.repeat(69)}ł`)).toMatchObject({ encoding: 'UCS-2', characters: 70, segments: 1 });
    expect(smsLength('ł'.repeat(71))).toMatchObject({ characters: 71, segments: 2, perSegment: 67 });
    expect(smsLength('ł'.repeat(134)).segments).toBe(2);
    expect(smsLength('ł'.repeat(135)).segments).toBe(3);
    expect(smsLength('don’t').encoding).toBe('UCS-2');
    expect(smsLength('ça').encoding).toBe('UCS-2'); // GSM-7 has Ç but not ç
  });
});

describe('campaign steps', () => {
  it('parses delay_days as an integer, falling back to 0', () => {
    expect(parseDelayDays('3')).toBe(3);
    expect(parseDelayDays('2.9')).toBe(2);
    expect(parseDelayDays('abc')).toBe(0);
    expect(parseDelayDays('')).toBe(0);
    expect(parseDelayDays(undefined)).toBe(0);
    expect(parseDelayDays(-4)).toBe(0);
  });

  it("uses the spec's messages", () => {
    const email = stepInputSchema.safeParse({ sequence_number: 1, message_type: 'email', text_content: 'x' });
    expect(email.error?.issues.map((i) => i.message)).toEqual(['Please enter an email subject']);
    const blank = stepInputSchema.safeParse({ sequence_number: 1, message_type: 'sms', text_content: '   ' });
    expect(blank.error?.issues.map((i) => i.message)).toEqual(['Please enter message content']);
    const sms = stepInputSchema.parse({
      sequence_number: '2',
      delay_days: 'soon',
      message_type: 'sms',
      text_content: 'Hi',
    });
    expect(sms).toMatchObject({ sequence_number: 2, delay_days: 0 });
  });

  it('allows sensible status transitions only', () => {
    expect(canChangeStatus('draft', 'active')).toBe(true);
    expect(canChangeStatus('active', 'paused')).toBe(true);
    expect(canChangeStatus('paused', 'active')).toBe(true);
    expect(canChangeStatus('archived', 'active')).toBe(false);
    expect(canChangeStatus('draft', 'paused')).toBe(false);
    expect(canChangeStatus('active', 'active')).toBe(true);
  });
});
