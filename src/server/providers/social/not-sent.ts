import { PlatformError } from './http.ts';

/**
 * A failure before the post itself was sent (a document's upload, a handle's look-up): whatever
 * the platform answered, nothing was posted, so the part may go again as it is, with no look-up.
 */
export class NotSentError extends PlatformError {
  constructor(error: PlatformError) {
    super(error.kind, error.message, error.status, error.resetAt);
    this.name = 'NotSentError';
  }
}

/** Runs a step that comes before the post: its 5xx or lost answer says nothing was posted. */
export async function beforeSending<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof PlatformError && (error.kind === 'server' || error.kind === 'unknown'))
      throw new NotSentError(error);
    throw error;
  }
}
