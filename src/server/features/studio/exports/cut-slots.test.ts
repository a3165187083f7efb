import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.ts';
import { inCutSlot, MAX_CUTS_PER_OWNER } from './clips.ts';

/**
 * The clip cutter's slots (2 running, 8 waiting) are shared by everyone; one
 * owner at its rate limit used to fill them all and every other owner got 503.
 */
describe('clip cutting slots', () => {
  it('keeps one owner to its share, so another still gets its clip cut', async () => {
    const gates: Array<() => void> = [];
    const blocked = () => new Promise<string>((resolve) => gates.push(() => resolve('cut')));
    const greedy = Array.from({ length: 10 }, () =>
      inCutSlot('greedy@example.com', blocked).then(
        (value) => value,
        (error: unknown) => error,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    const other = inCutSlot('other@example.com', async () => 'theirs');
    const refused = await Promise.all(greedy.slice(MAX_CUTS_PER_OWNER));
    for (const error of refused) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('rate_limited');
    }
    for (const open of gates.splice(0)) open();
    expect(await other).toBe('theirs');
    expect(await Promise.all(greedy.slice(0, MAX_CUTS_PER_OWNER))).toEqual(['cut', 'cut']);
  });
});
