import OpenAI from 'openai';
import type { z } from 'zod';
import { trackProvider } from '../../lib/provider-status.ts';

/**
 * An OpenAI-compatible chat model (OpenAI, Ollama, llama.cpp server, vLLM...). Output is asked
 * for as JSON and validated with a zod schema; callers fall back to their offline engine on error.
 */
export interface Llm {
  readonly model: string;
  completeJson<T>(
    schema: z.ZodType<T>,
    messages: Array<{ role: 'system' | 'user'; content: string }>,
    options?: { maxTokens?: number },
  ): Promise<T>;
}

/** The longest answer a call may get when its caller sets no bound, in tokens: every call has one. */
export const LLM_DEFAULT_MAX_TOKENS = 2048;

export class LlmOutputError extends Error {}

export function createLlm(config: {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  /** Per request (default 60 s). */
  timeoutMs?: number;
  /**
   * Requests the client sends again on a time-out, 408, 409, 429 or 5xx (default 1). 0 for a caller
   * that counts what each call costs: every call is then exactly one request.
   */
  maxRetries?: number;
}): Llm | null {
  if (!config.baseUrl) return null;
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey ?? 'not-needed',
    timeout: config.timeoutMs ?? 60_000,
    maxRetries: config.maxRetries ?? 1,
  });
  return {
    model: config.model,
    async completeJson(schema, messages, options = {}) {
      const completion = await trackProvider('llm', () =>
        client.chat.completions.create({
          model: config.model,
          messages,
          max_tokens: options.maxTokens ?? LLM_DEFAULT_MAX_TOKENS,
          response_format: { type: 'json_object' },
          temperature: 0.7,
        }),
      );
      const text = completion.choices[0]?.message?.content ?? '';
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new LlmOutputError('The model did not answer with JSON');
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success)
        throw new LlmOutputError(
          `The model's answer did not match the expected shape: ${parsed.error.issues[0]?.message}`,
        );
      return parsed.data;
    },
  };
}
