/** Keeping text inside a format's limits without cutting a word. */

/** Cut at a word boundary within `max` characters, with an ellipsis when cut. */
export function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[,;:\s]+$/, '')}…`;
}

/** At most `max` words, with an ellipsis when cut. */
export function cutWords(text: string, max: number): string {
  const words = text.split(/\s+/);
  return words.length > max
    ? `${words
        .slice(0, max)
        .join(' ')
        .replace(/[,;:]+$/, '')}…`
    : text;
}
