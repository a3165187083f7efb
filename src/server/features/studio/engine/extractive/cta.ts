/**
 * A call to action as the platform reads it: "link in bio" is Instagram's (a carousel, a clip keep
 * it). On LinkedIn a link goes in the first comment, in a thread in a reply, on a blog on the page
 * itself: the user's call to action is kept and only where the link is changes.
 */
import type { Format } from './types.ts';

/** "link in bio", "link's in my bio", "the link is in my bio", "check the link in my bio". */
export const LINK_IN_BIO =
  /\b(?:the\s+)?link(?:['’]s|\s+is)?\s+(?:is\s+)?in\s+(?:my|the|our)\s+bio\b|\blink\s+in\s+bio\b/i;

/** Where each platform puts a link, as a call to action says it; undefined: "bio" is right there. */
const WHERE: Partial<Record<Format, { say: string; goes: string }>> = {
  linkedin: { say: 'link in the first comment', goes: 'first comment' },
  thread: { say: 'link in the reply below', goes: 'reply' },
  blog: { say: 'link below', goes: 'page' },
};

/** The text with its link put where the format's platform puts links, or undefined when unchanged. */
export function linkForPlatform(text: string, format: Format): string | undefined {
  const where = WHERE[format];
  const match = LINK_IN_BIO.exec(text);
  if (!where || !match) return undefined;
  const first = match[0][0]!;
  const say = first === first.toUpperCase() ? where.say[0]!.toUpperCase() + where.say.slice(1) : where.say;
  return text.slice(0, match.index) + say + text.slice(match.index + match[0].length);
}

/** Where the format's platform puts the link a call to action points to ("first comment"). */
export const linkGoes = (format: Format) => WHERE[format]?.goes;
