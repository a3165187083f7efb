import { describe, expect, it } from 'vitest';
import { PlatformError } from './http.ts';
import { beforeSending, NotSentError } from './not-sent.ts';

describe('a failure before the post is sent', () => {
  it('a 5xx or a lost answer says nothing was posted; other kinds keep their meaning', async () => {
    for (const kind of ['server', 'unknown'] as const) {
      const failed = beforeSending(() => Promise.reject(new PlatformError(kind, `LinkedIn ${kind}`, 503)));
      await expect(failed).rejects.toBeInstanceOf(NotSentError);
      await expect(failed).rejects.toMatchObject({ kind, status: 503, message: `LinkedIn ${kind}` });
    }
    for (const kind of ['auth', 'rate_limited', 'refused'] as const) {
      const failed = beforeSending(() => Promise.reject(new PlatformError(kind, kind)));
      await expect(failed).rejects.not.toBeInstanceOf(NotSentError);
      await expect(failed).rejects.toMatchObject({ kind });
    }
    await expect(beforeSending(async () => 'done')).resolves.toBe('done');
  });
});
