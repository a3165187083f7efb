import type { AnalysisInput } from './normalize.ts';
import { GENERAL_ANGLES, VIDEO_FORMATS, type VideoFormat } from './video-formats.ts';

/**
 * The offline analyser: recognises one of a library of short-video formats from the title,
 * caption, description and hashtags, writes the skeleton as numbered beats (with time ranges when
 * the duration is known) and twist ideas that keep the format and change the angle. Deterministic:
 * the same input always gives the same output.
 */

const MIN_TWISTS = 5;
const INITIAL_TWISTS = 6;
const MORE_TWISTS = 3;

export interface TemplateAnalysis {
  engine: 'template';
  format: string;
  skeleton: string;
  twistIdeas: string[];
}

const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'and',
  'or',
  'of',
  'to',
  'in',
  'on',
  'for',
  'with',
  'my',
  'your',
  'this',
  'that',
  'is',
  'it',
  'i',
  'you',
  'me',
]);

/** A short topic taken from the title or caption (hashtags, mentions and links removed). */
export function topicOf(input: AnalysisInput): string {
  // Instagram titles are generic ("Video by name"); the caption says more.
  const title = input.title && !/^(video|reel|post) by\b/i.test(input.title) ? input.title : null;
  const text = [title, input.description].find((t) => t?.replace(/[#@]\S+/g, '').trim()) ?? '';
  let cleaned = text
    .replace(/https?:\/\/\S+/g, '')
    .replace(/[#@][\p{L}\p{N}_.]+/gu, '')
    .split(/[.!?\n]/)[0]!
    .trim();
  // "POV: x", "Storytime: x", "Before and after: x" -> x
  const colon = cleaned.indexOf(':');
  if (colon > 0 && cleaned.slice(0, colon).split(/\s+/).length <= 4 && cleaned.slice(colon + 1).trim())
    cleaned = cleaned.slice(colon + 1);
  const words = cleaned
    .replace(/[^\p{L}\p{N}'’\s-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const picked = words.slice(0, 8);
  while (picked.length > 1 && STOP_WORDS.has(picked.at(-1)!.toLowerCase())) picked.pop();
  // Mid-sentence: "How to fold" -> "how to fold" (acronyms and "I" stay as they are).
  if (picked[0] && picked[0] !== 'I' && /^\p{Lu}\p{Ll}*$/u.test(picked[0]))
    picked[0] = picked[0].toLowerCase();
  if (picked.length) {
    const topic = picked.join(' ');
    return topic.length > 60 ? `${topic.slice(0, 57).trimEnd()}...` : topic;
  }
  const tag = input.hashtags.find(
    (h) => !['fyp', 'foryou', 'foryoupage', 'viral', 'trending', 'shorts', 'reels'].includes(h),
  );
  return tag ?? 'this trend';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Each format's keywords compiled once: whole words or phrases, and their hashtag forms. */
const MATCHERS = VIDEO_FORMATS.map((format) => ({
  format,
  keywords: format.keywords.map((keyword) => ({
    pattern: new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(keyword)}([^\\p{L}\\p{N}]|$)`, 'u'),
    tag: keyword.replace(/[^\p{L}\p{N}]/gu, ''),
  })),
}));

/** The format whose keywords match best; the talking-head tip when nothing matches. */
export function detectFormat(input: AnalysisInput): VideoFormat {
  const text = ` ${[input.title, input.description].filter(Boolean).join(' ').toLowerCase()} `;
  const tags = new Set(input.hashtags.map((h) => h.toLowerCase()));
  let best: VideoFormat | null = null;
  let bestScore = 0;
  for (const { format, keywords } of MATCHERS) {
    let score = 0;
    for (const { pattern, tag } of keywords) {
      if (pattern.test(text)) score += 2;
      if (tags.has(tag)) score += 3;
    }
    if (score > bestScore) {
      best = format;
      bestScore = score;
    }
  }
  return best ?? VIDEO_FORMATS.find((f) => f.id === 'talking-head')!;
}

export const formatTime = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** Numbered beats; each with its time range when the video's duration is known. */
export function buildSkeleton(format: VideoFormat, input: AnalysisInput, topic: string): string {
  const duration = input.duration && input.duration > 0 ? input.duration : null;
  let start = 0;
  const lines = format.beats.map((beat, index) => {
    const text = beat.text.replaceAll('{topic}', topic);
    if (!duration) return `${index + 1}. ${beat.name}: ${text}`;
    const end =
      index === format.beats.length - 1
        ? duration
        : Math.max(start + 1, Math.round(start + beat.weight * duration));
    const range = `${formatTime(start)}-${formatTime(Math.min(end, duration))}`;
    start = Math.min(end, duration);
    return `${index + 1}. ${beat.name} (${range}): ${text}`;
  });
  return [`Format: ${format.name}`, ...lines].join('\n');
}

const normalizeIdea = (idea: string) =>
  idea
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Every twist the engine can write for this format and topic, in a fixed order. */
function* twistCandidates(format: VideoFormat, topic: string): Generator<string> {
  for (const twist of format.twists) yield twist.replaceAll('{topic}', topic);
  for (const other of VIDEO_FORMATS) {
    if (other.id === format.id) continue;
    yield `Keep the ${format.name} structure and borrow the ${other.name.toLowerCase()} energy for ${topic}`;
  }
  for (const angle of GENERAL_ANGLES) yield `The same ${format.name} about ${topic}, ${angle}`;
  for (const angle of GENERAL_ANGLES)
    for (const second of GENERAL_ANGLES)
      if (angle !== second) yield `The same ${format.name} about ${topic}, ${angle} and ${second}`;
}

/** `count` twist ideas that are not already in `existing` (compared ignoring case and punctuation). */
export function pickTwists(format: VideoFormat, topic: string, existing: string[], count: number): string[] {
  const seen = new Set(existing.map(normalizeIdea));
  const picked: string[] = [];
  for (const candidate of twistCandidates(format, topic)) {
    const key = normalizeIdea(candidate);
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(candidate);
    if (picked.length === count) break;
  }
  return picked;
}

/** The full analysis: format, skeleton and at least five twists. */
export function analyseWithTemplate(input: AnalysisInput): TemplateAnalysis {
  const format = detectFormat(input);
  const topic = topicOf(input);
  return {
    engine: 'template',
    format: format.name,
    skeleton: buildSkeleton(format, input, topic),
    twistIdeas: pickTwists(format, topic, [], Math.max(MIN_TWISTS, INITIAL_TWISTS)),
  };
}

/** 'More Ideas': new twists only, never one already on the trend. */
export function moreTwistsWithTemplate(input: AnalysisInput, existing: string[]): string[] {
  return pickTwists(detectFormat(input), topicOf(input), existing, MORE_TWISTS);
}
