import { describe, expect, it } from 'vitest';
import { twilioSignature, verifyTwilioSignature } from '../../providers/sms/twilio.ts';
import { parseCsv } from './contacts.service.ts';
import { nextSmsSendTime, renderTokens, sanitizeStepHtml } from './content.ts';
import { renderCampaignEmail } from './emails.ts';

describe('name token', () => {
  it('renders the name, or "there" without one; escapes it in HTML and keeps it on one line', () => {
    expect(renderTokens('Hi {{name}}!', 'Ada', 'text')).toBe('Hi Ada!');
    expect(renderTokens('Hi {{ name }}, {{NAME}}', 'Ada', 'text')).toBe('Hi Ada, Ada');
    expect(renderTokens('Hi {{name}}!', '', 'text')).toBe('Hi there!');
    expect(renderTokens('Hi {{name}}!', null, 'text')).toBe('Hi there!');
    expect(renderTokens('Hi {{name}}!', '  ', 'text')).toBe('Hi there!');
    expect(renderTokens('<p>{{name}}</p>', '<b>Eve</b>', 'html')).toBe('<p>&lt;b&gt;Eve&lt;/b&gt;</p>');
    expect(renderTokens('{{name}}', 'Eve\r\nBcc: x@y', 'text')).toBe('Eve Bcc: x@y');
    expect(renderTokens('{{name}}', '$& $1', 'text')).toBe('$& $1');
  });

  it('builds campaign e-mails with text and HTML parts, unsubscribe link and postal address', () => {
    const mail = renderCampaignEmail(
      { subject: 'Hello {{name}}', textContent: 'Hi {{name}}', htmlContent: null },
      'Ada',
      { unsubscribeUrl: 'https://echo.test/unsubscribe?token=1.x', postalAddress: '1 Main St' },
    );
    expect(mail.subject).toBe('Hello Ada');
    expect(mail.text).toContain('Hi Ada');
    expect(mail.text).toContain('Unsubscribe: https://echo.test/unsubscribe?token=1.x');
    expect(mail.text).toContain('1 Main St');
    expect(mail.html).toContain('<p>Hi Ada</p>');
    expect(mail.html).toContain('href="https://echo.test/unsubscribe?token=1.x"');
  });
});

describe('HTML sanitiser', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<img src="javascript:alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<svg onload=alert(1)><circle /></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<body onload=alert(1)>',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<p onclick="alert(1)" onmouseover="alert(1)">x</p>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    '<form action="javascript:alert(1)"><input type=submit></form>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<<script>script>alert(1)<</script>/script>',
    '<scr<script>ipt>alert(1)</script>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<link rel="stylesheet" href="javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    '<a href="//evil.example">x</a>',
    '<details open ontoggle=alert(1)>',
    '<video><source onerror="alert(1)"></video>',
    '<style>@import "javascript:alert(1)";</style>',
  ];

  it.each(payloads)('neutralises %s', (payload) => {
    const clean = sanitizeStepHtml(`<p>ok</p>${payload}`) ?? '';
    expect(clean).not.toMatch(/<script|<iframe|<object|<embed|<svg|<style|<meta|<link|<base|<form|<body/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/(javascript|vbscript|data):/i);
    expect(clean).not.toMatch(/href="\/\//);
    expect(clean).toContain('<p>ok</p>');
  });

  it('keeps the allowed formatting, links and images', () => {
    expect(
      sanitizeStepHtml('<h2>Hi</h2><p><strong>b</strong> <em>i</em> <a href="https://echo.app">x</a></p>'),
    ).toBe(
      '<h2>Hi</h2><p><strong>b</strong> <em>i</em> <a href="https://echo.app" rel="noopener noreferrer">x</a></p>',
    );
    expect(sanitizeStepHtml('<img src="https://echo.app/a.png" alt="A">')).toBe(
      '<img src="https://echo.app/a.png" alt="A" />',
    );
    expect(sanitizeStepHtml('<p>{{name}}</p>')).toBe('<p>{{name}}</p>');
    expect(sanitizeStepHtml('   ')).toBeNull();
    expect(sanitizeStepHtml('<script>x</script>')).toBeNull();
  });
});

describe('quiet hours for SMS (21:00-08:00 in the contact zone)', () => {
  it('sends at once during the day', () => {
    const noonLondon = new Date('2026-06-15T11:00:00Z'); // 12:00 BST
    expect(nextSmsSendTime(noonLondon, 'Europe/London')).toEqual(noonLondon);
  });

  it('defers to 08:00 local the same morning or the next day', () => {
    // 22:30 in New York (EDT, UTC-4) -> 08:00 next day = 12:00Z
    expect(nextSmsSendTime(new Date('2026-06-16T02:30:00Z'), 'America/New_York')).toEqual(
      new Date('2026-06-16T12:00:00Z'),
    );
    // 05:00 in Tokyo (UTC+9) -> 08:00 the same day = 23:00Z the day before
    expect(nextSmsSendTime(new Date('2026-06-15T20:00:00Z'), 'Asia/Tokyo')).toEqual(
      new Date('2026-06-15T23:00:00Z'),
    );
    // 21:00 exactly is quiet; 08:00 exactly is not.
    expect(nextSmsSendTime(new Date('2026-01-10T21:00:00Z'), 'UTC')).toEqual(
      new Date('2026-01-11T08:00:00Z'),
    );
    expect(nextSmsSendTime(new Date('2026-01-10T08:00:00Z'), 'UTC')).toEqual(
      new Date('2026-01-10T08:00:00Z'),
    );
    // Half-hour zone: 23:10 in Kolkata (UTC+5:30) -> 08:00 next day = 02:30Z
    expect(nextSmsSendTime(new Date('2026-03-01T17:40:00Z'), 'Asia/Kolkata')).toEqual(
      new Date('2026-03-02T02:30:00Z'),
    );
  });

  it('handles the night a DST change happens', () => {
    // Europe/Berlin switches to CEST at 02:00 on 2026-03-29; 23:00 CET on the 28th -> 08:00 CEST = 06:00Z
    expect(nextSmsSendTime(new Date('2026-03-28T22:00:00Z'), 'Europe/Berlin')).toEqual(
      new Date('2026-03-29T06:00:00Z'),
    );
    // America/New_York falls back on 2026-11-01; 23:00 EDT on Oct 31 -> 08:00 EST = 13:00Z
    expect(nextSmsSendTime(new Date('2026-11-01T03:00:00Z'), 'America/New_York')).toEqual(
      new Date('2026-11-01T13:00:00Z'),
    );
  });
});

describe('Twilio request signature', () => {
  it("matches Twilio's published example", () => {
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675309',
      Digits: '1234',
      From: '+14158675309',
      To: '+18005551212',
    };
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(verifyTwilioSignature('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
    expect(
      verifyTwilioSignature('12345', url, { ...params, Digits: '9999' }, 'RSOYDt4T1cUTdK1PDd93/VVr8B8='),
    ).toBe(false);
    expect(verifyTwilioSignature('54321', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(verifyTwilioSignature('12345', url, params, undefined)).toBe(false);
  });
});

describe('CSV parsing', () => {
  it('reads quoted fields, commas and CRLF', () => {
    expect(
      parseCsv('name,email\r\n"Lovelace, Ada",ada@example.com\r\n"Say ""hi""",b@example.com\n\n'),
    ).toEqual([
      ['name', 'email'],
      ['Lovelace, Ada', 'ada@example.com'],
      ['Say "hi"', 'b@example.com'],
    ]);
  });
  it('keeps a stray quote inside a field and refuses a quote that is never closed (400)', () => {
    expect(parseCsv('name,email\nSam "S" Lee,sam@example.com')).toEqual([
      ['name', 'email'],
      ['Sam "S" Lee', 'sam@example.com'],
    ]);
    expect(() => parseCsv('name,email\n"Sam,sam@example.com\n')).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        message: expect.stringMatching(/^The CSV could not be read/),
      }),
    );
  });
});
