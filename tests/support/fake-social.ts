/**
 * Local fakes of the publishing platforms that speak their protocols on loopback, one file a
 * platform under fake-social/: Bluesky (the AT Protocol's createSession, refreshSession,
 * createRecord with the caller's record key, getRecord), Mastodon (app registration, OAuth with
 * PKCE, verify_credentials, the instance's limits, statuses with Idempotency-Key, an account's
 * recent statuses, revoke), X and LinkedIn. Each can be told to answer the next posts with 401, 429
 * with a reset time, 5xx, or slowly (the post is made, the answer comes late: an unknown outcome
 * for the caller). Tests import the fakes from here.
 */
export {
  BLUESKY_IMAGE_MAX_BYTES,
  FAKE_BLUESKY_PDS,
  type FakeBluesky,
  startFakeBluesky,
} from './fake-social/bluesky.ts';
export { type FakeLinkedin, readLittle, startFakeLinkedin } from './fake-social/linkedin.ts';
export { type FakeMastodon, startFakeMastodon } from './fake-social/mastodon.ts';
export type { Consent, Fault, Received, ReceivedMedia } from './fake-social/shared.ts';
export { type FakeX, startFakeX } from './fake-social/x.ts';
