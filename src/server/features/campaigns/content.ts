import sanitizeHtml from 'sanitize-html';
import { NAME_FALLBACK, NAME_TOKEN } from '#contract/campaigns.ts';
import { escapeHtml, singleLine } from '../../lib/html.ts';

/**
 * The allowlist for step HTML, applied when a step is saved: formatting, lists, headings, links and
 * images only; no scripts, styles, event handlers, forms or frames; links and images only over
 * http(s) (links also mailto).
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sup',
    'sub',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    '*': ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

export function sanitizeStepHtml(html: string | null | undefined): string | null {
  if (!html?.trim()) return null;
  const clean = sanitizeHtml(html, SANITIZE_OPTIONS).trim();
  return clean || null;
}

/** Replaces the name token ({{name}}, spaces inside the braces allowed) with the name or 'there'. */
export function renderTokens(
  template: string,
  name: string | null | undefined,
  mode: 'text' | 'html',
): string {
  const clean = singleLine(name ?? '');
  const value = clean || NAME_FALLBACK;
  const replacement = mode === 'html' ? escapeHtml(value) : value;
  return template.replace(/\{\{\s*name\s*\}\}/gi, () => replacement);
}

export const hasNameToken = (text: string) => text.includes(NAME_TOKEN);

// --- Quiet hours: no SMS between 21:00 and 08:00 in the contact's time zone ---

export const QUIET_START_HOUR = 21;
export const QUIET_END_HOUR = 8;

function localParts(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** Milliseconds the zone is ahead of UTC at that instant. */
function zoneOffset(date: Date, timeZone: string): number {
  const p = localParts(date, timeZone);
  return (
    Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) -
    Math.floor(date.getTime() / 1000) * 1000
  );
}

export function safeTimeZone(timeZone: string | null | undefined, fallback: string): string {
  if (!timeZone) return fallback;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return fallback;
  }
}

/**
 * When an SMS may go out: `now` itself outside quiet hours, else the next 08:00 local time in the
 * contact's zone (deferred, never dropped).
 */
export function nextSmsSendTime(now: Date, timeZone: string): Date {
  const local = localParts(now, timeZone);
  if (local.hour >= QUIET_END_HOUR && local.hour < QUIET_START_HOUR) return now;
  // The calendar day of the next 08:00: today before 08:00, tomorrow from 21:00.
  const day = new Date(
    Date.UTC(
      local.year,
      local.month - 1,
      local.day + (local.hour >= QUIET_START_HOUR ? 1 : 0),
      QUIET_END_HOUR,
    ),
  );
  // Local 08:00 on that day as an instant; one correction handles DST changes on the day.
  let guess = day.getTime() - zoneOffset(day, timeZone);
  guess = day.getTime() - zoneOffset(new Date(guess), timeZone);
  return new Date(guess);
}
