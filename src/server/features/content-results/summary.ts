import { z } from 'zod';
import type { Llm } from '../../providers/llm/llm.ts';

const STOPWORDS = new Set(
  'a an and are as at be but by for from has have he her his i if in into is it its just me my not of on or our so that the their them then there they this to up us was we were what when which who will with you your'.split(
    ' ',
  ),
);

export const SUMMARY_SENTENCES = 3;
export const SUMMARY_MAX_CHARS = 600;

/**
 * Offline extractive summary: the sentences whose words are most frequent across the transcript,
 * kept in their original order.
 */
export function summarizeExtractive(text: string, count = SUMMARY_SENTENCES): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return '';
  const sentences = clean
    .match(/[^.!?]+[.!?]+["')\]]*|[^.!?]+$/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [clean];
  if (sentences.length <= count) return truncate(clean);
  const words = (s: string) =>
    s
      .toLowerCase()
      .match(/[\p{L}\p{N}']+/gu)
      ?.filter((w) => !STOPWORDS.has(w)) ?? [];
  const frequency = new Map<string, number>();
  for (const word of words(clean)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const scored = sentences.map((sentence, index) => {
    const list = words(sentence);
    const score = list.reduce((sum, w) => sum + (frequency.get(w) ?? 0), 0) / Math.max(4, list.length);
    return { sentence, index, score };
  });
  const best = [...scored]
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index);
  return truncate(best.map((b) => b.sentence).join(' '));
}

function truncate(text: string): string {
  if (text.length <= SUMMARY_MAX_CHARS) return text;
  const cut = text.slice(0, SUMMARY_MAX_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SUMMARY_MAX_CHARS - 40)).trimEnd()}…`;
}

const llmSummarySchema = z.object({ summary: z.string().min(1).max(2000) });

/** The configured LLM's summary; the extractive one when there is no LLM or it fails. */
export async function summarize(
  text: string,
  llm: Llm | null,
  onLlmError?: (error: unknown) => void,
): Promise<string> {
  if (llm) {
    try {
      const { summary } = await llm.completeJson(llmSummarySchema, [
        {
          role: 'system',
          content:
            'You summarise video transcripts. Answer with JSON {"summary": string}: two or three plain sentences in the language of the transcript, no preamble.',
        },
        { role: 'user', content: text.slice(0, 24_000) },
      ]);
      return summary.trim();
    } catch (error) {
      onLlmError?.(error);
    }
  }
  return summarizeExtractive(text);
}
