import { z } from 'zod';
import type { AnalysisEngine } from '#contract/trend-display.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Llm } from '../../providers/llm/llm.ts';
import type { AnalysisInput } from './normalize.ts';
import { analyseWithTemplate, moreTwistsWithTemplate } from './template-engine.ts';

export interface Analysis {
  engine: AnalysisEngine;
  format: string;
  skeleton: string;
  twistIdeas: string[];
}

/** One interface for both engines: a full analysis, and new ideas for 'More Ideas'. */
export interface Analyser {
  analyse(input: AnalysisInput): Promise<Analysis>;
  moreIdeas(
    input: AnalysisInput,
    existing: string[],
  ): Promise<{ engine: AnalysisEngine; twistIdeas: string[] }>;
}

export const templateAnalyser: Analyser = {
  async analyse(input) {
    return analyseWithTemplate(input);
  },
  async moreIdeas(input, existing) {
    return { engine: 'template', twistIdeas: moreTwistsWithTemplate(input, existing) };
  },
};

export const llmAnalysisSchema = z.object({
  format: z.string().trim().min(1).max(80),
  beats: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(60),
        start_seconds: z.number().min(0).nullable().optional(),
        end_seconds: z.number().min(0).nullable().optional(),
        description: z.string().trim().min(1).max(400),
      }),
    )
    .min(3)
    .max(8),
  twist_ideas: z.array(z.string().trim().min(5).max(300)).min(5).max(12),
});
export const llmMoreIdeasSchema = z.object({
  twist_ideas: z.array(z.string().trim().min(5).max(300)).min(1).max(10),
});

const key = (idea: string) =>
  idea
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const time = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

function describe(input: AnalysisInput): string {
  return JSON.stringify({
    platform: input.platform,
    title: input.title,
    caption_or_description: input.description?.slice(0, 2000) ?? null,
    hashtags: input.hashtags,
    duration_seconds: input.duration,
    author: input.author,
    audio: input.audio,
  });
}

const SYSTEM = `You analyse short-form videos (TikTok, Instagram Reels, YouTube Shorts) for creators.
Answer with one JSON object only. Name the video's short-video format (for example POV, list/countdown,
before/after, tutorial, storytime, get ready with me, reaction, challenge, myth-busting, day in the life,
"wait for it" reveal, transformation). Describe its structure as beats (hook, setup, payoff, call to action),
with start_seconds and end_seconds when the duration is known (else null). Write twist ideas that keep the
format and change the angle, one sentence each. Use only the metadata given; do not invent numbers.`;

/** The `llm` engine: an OpenAI-compatible model, zod-validated, one retry, then the template engine. */
export function createLlmAnalyser(llm: Llm, log: Logger): Analyser {
  async function twice<T>(work: () => Promise<T>): Promise<T | null> {
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        return await work();
      } catch (error) {
        log.warn({ err: error, attempt }, 'LLM analysis failed');
      }
    }
    return null;
  }
  return {
    async analyse(input) {
      const result = await twice(() =>
        llm.completeJson(llmAnalysisSchema, [
          { role: 'system', content: SYSTEM },
          {
            role: 'user',
            content: `Video metadata: ${describe(input)}\nAnswer as {"format": string, "beats": [{"name", "start_seconds", "end_seconds", "description"}], "twist_ideas": [at least 5 strings]}.`,
          },
        ]),
      );
      if (!result) return analyseWithTemplate(input);
      const beats = result.beats.map((beat, index) => {
        const range =
          input.duration && typeof beat.start_seconds === 'number' && typeof beat.end_seconds === 'number'
            ? ` (${time(Math.min(beat.start_seconds, input.duration))}-${time(Math.min(beat.end_seconds, input.duration))})`
            : '';
        return `${index + 1}. ${beat.name}${range}: ${beat.description}`;
      });
      const seen = new Set<string>();
      const ideas = result.twist_ideas.filter((idea) => !seen.has(key(idea)) && seen.add(key(idea)));
      if (ideas.length < 5) return analyseWithTemplate(input);
      return {
        engine: 'llm',
        format: result.format,
        skeleton: [`Format: ${result.format}`, ...beats].join('\n'),
        twistIdeas: ideas,
      };
    },
    async moreIdeas(input, existing) {
      const known = new Set(existing.map(key));
      const result = await twice(async () => {
        const answer = await llm.completeJson(llmMoreIdeasSchema, [
          { role: 'system', content: SYSTEM },
          {
            role: 'user',
            content: `Video metadata: ${describe(input)}\nIdeas already given (do not repeat): ${JSON.stringify(existing)}\nAnswer as {"twist_ideas": [3 new strings]}.`,
          },
        ]);
        const fresh = answer.twist_ideas.filter((idea) => !known.has(key(idea)) && known.add(key(idea)));
        if (!fresh.length) throw new Error('The model repeated ideas that are already on the trend');
        return fresh;
      });
      if (!result) return { engine: 'template', twistIdeas: moreTwistsWithTemplate(input, existing) };
      return { engine: 'llm', twistIdeas: result };
    },
  };
}
