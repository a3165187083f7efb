import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublishAccount, PublishPost, PublishPreview } from '#contract/publishing.ts';
import type { NoteDetail } from '#contract/studio.ts';
import type { Draft } from '#contract/studio-drafts.ts';
import { FakeOpenAi } from '#tests/support/fake-openai.ts';
import {
  FAKE_BLUESKY_PDS,
  type FakeBluesky,
  type FakeLinkedin,
  type FakeMastodon,
  type FakeX,
  startFakeBluesky,
  startFakeLinkedin,
  startFakeMastodon,
  startFakeX,
} from '#tests/support/fake-social.ts';
import { returnFromPlatform } from '#tests/support/oauth.ts';
import { settledPost } from '#tests/support/publishing-api.ts';
import {
  eventually,
  type StudioTestApp,
  sessionCookie,
  startStudioApp,
  uploadVideoNote,
} from '#tests/support/studio.ts';

/**
 * A clip of a clip-hooks draft goes out as a video, cut by the Studio from the note's
 * recording and streamed from its file: X's chunked upload (INIT, APPEND, FINALIZE, STATUS),
 * Bluesky's video service (getServiceAuth, app.bsky.video.uploadVideo, getJobStatus, then
 * app.bsky.embed.video), Mastodon's POST /api/v2/media (202 while processing) then media_ids.
 */

const transcript = readFileSync(
  new URL('../../../../tests/fixtures/pricing-voice-note.txt', import.meta.url),
  'utf8',
);
/** An MP4 starts with its 'ftyp' box: bytes 4-8 of the first 8 (hex). */
const MP4_FTYP = '66747970';

let echo: StudioTestApp;
let stt: FakeOpenAi;
let bsky: FakeBluesky;
let masto: FakeMastodon;
let x: FakeX;
let li: FakeLinkedin;
let alice: string;
let draft: Draft;
const accounts: Partial<Record<'bluesky' | 'mastodon' | 'x' | 'linkedin', PublishAccount>> = {};

function call(method: string, url: string, body?: unknown) {
  return echo.app!.inject({
    method: method as 'GET',
    url,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), cookie: alice },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
}
const settled = (id: string) =>
  settledPost(
    async () => ((await call('GET', '/api/publishing/posts')).json() as { posts: PublishPost[] }).posts,
    id,
  );
async function publishClip(account: PublishAccount) {
  const res = await call('POST', '/api/publishing/posts', {
    draft_id: draft.id,
    account_ids: [account.id],
    clip: 1,
    when: 'now',
  });
  expect(res.statusCode, res.body).toBe(201);
  return settled((res.json() as { posts: PublishPost[] }).posts[0]!.id);
}
async function oauth(platform: 'mastodon' | 'x' | 'linkedin', instance?: string) {
  const start = await call('POST', '/api/publishing/oauth/start', { platform, instance });
  await returnFromPlatform(echo, start);
}

beforeAll(async () => {
  [bsky, masto, x, li] = await Promise.all([
    startFakeBluesky(),
    startFakeMastodon('alice', 500),
    startFakeX(),
    startFakeLinkedin(),
  ]);
  stt = await new FakeOpenAi().start();
  stt.transcriptionText = transcript;
  stt.secondsPerSegment = 1.5;
  echo = await startStudioApp({
    STT_BASE_URL: stt.baseUrl,
    STT_MODEL: 'whisper-test',
    PUBLISH_ALLOW_PRIVATE_HOSTS: 'true',
    BLUESKY_SERVICE_URL: bsky.origin,
    BLUESKY_VIDEO_URL: bsky.origin,
    PUBLISH_TIMEOUT_SECONDS: '5',
    JOB_RETRY_DELAY_SECONDS: '0',
    X_CLIENT_ID: x.clientId,
    X_CLIENT_SECRET: x.clientSecret,
    X_API_URL: x.origin,
    X_AUTHORIZE_URL: `${x.origin}/i/oauth2/authorize`,
    LINKEDIN_CLIENT_ID: li.clientId,
    LINKEDIN_CLIENT_SECRET: li.clientSecret,
    LINKEDIN_API_URL: li.origin,
    LINKEDIN_AUTH_URL: `${li.origin}/oauth/v2`,
  });
  alice = await sessionCookie(echo, 'alice@example.com');
  bsky.addAccount('alice.test', 'aaaa-bbbb-cccc-dddd');
  await call('POST', '/api/publishing/accounts/bluesky', {
    handle: 'alice.test',
    app_password: 'aaaa-bbbb-cccc-dddd',
  });
  await oauth('mastodon', masto.origin);
  await oauth('x');
  await oauth('linkedin');
  for (const a of ((await call('GET', '/api/publishing/accounts')).json() as { accounts: PublishAccount[] })
    .accounts)
    accounts[a.platform] = a;
  const noteId = await uploadVideoNote(echo, alice, transcript);
  await eventually(async () => {
    const note = (await call('GET', `/api/studio/notes/${noteId}`)).json() as NoteDetail;
    return note.status === 'ready' && note;
  }, 60_000);
  const res = await call('POST', '/api/studio/drafts', { note_ids: [noteId], formats: ['clips'] });
  const id = (res.json() as { drafts: Draft[] }).drafts[0]!.id;
  draft = await eventually(async () => {
    const d = (await call('GET', `/api/studio/drafts/${id}`)).json() as Draft;
    return ['ready', 'failed'].includes(d.status) && d;
  }, 60_000);
  expect(draft.status, draft.error ?? '').toBe('ready');
}, 180_000);
afterAll(async () => {
  await echo?.close();
  await stt?.stop();
  await Promise.all([bsky?.close(), masto?.close(), x?.close(), li?.close()]);
});
beforeEach(() => {
  for (const fake of [bsky, masto, x]) fake.mediaFaults.clear();
});

const hook = () => draft.blocks.find((b) => b.kind === 'clip')!.text.trim();

describe('Clips as video', () => {
  it('previews clip 1 as its hook with the video, and refuses a clip the draft does not have', async () => {
    const res = await call('POST', '/api/publishing/preview', {
      draft_id: draft.id,
      account_ids: [accounts.bluesky!.id, accounts.x!.id],
      clip: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const account of (res.json() as PublishPreview).accounts) {
      expect(account.video_clip).toBe(1);
      expect(account.parts.map((p) => p.text)).toEqual([hook()]);
      expect(account.counting).toMatch(/Clip 1 of \d+ goes with it as a video/);
    }
    const none = await call('POST', '/api/publishing/preview', {
      draft_id: draft.id,
      account_ids: [accounts.bluesky!.id],
      clip: 50,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'not_found', message: expect.stringMatching(/no clip 50/) });
  });

  it('X: INIT, APPEND, FINALIZE, STATUS until processed, then the post with the media id', async () => {
    x.processingReads = 2;
    const done = await publishClip(accounts.x!);
    expect(done.status, done.error ?? '').toBe('published');
    const [upload] = x.uploads;
    expect(upload).toMatchObject({ type: 'video/mp4' });
    expect(upload!.head.slice(8)).toBe(MP4_FTYP);
    expect(x.appends).toBeGreaterThanOrEqual(Math.ceil(upload!.bytes / (4 * 1024 * 1024)));
    const post = x.received.at(-1)!;
    expect(post.text).toBe(hook());
    expect(post.media?.map((m) => m.id)).toEqual([upload!.id]);
  });

  it('Bluesky: a service token for the video service, the job polled, then app.bsky.embed.video', async () => {
    bsky.encodingReads = 2;
    const done = await publishClip(accounts.bluesky!);
    expect(done.status, done.error ?? '').toBe('published');
    expect(bsky.serviceAuths.at(-1)).toMatchObject({ lxm: 'com.atproto.repo.uploadBlob' });
    // The audience is the account's own PDS from its DID document, not the entryway signed in to.
    expect(bsky.serviceAuths.at(-1)!.aud).toBe(`did:web:${new URL(FAKE_BLUESKY_PDS).hostname}`);
    const post = bsky.received.at(-1)!;
    expect(post.media).toHaveLength(1);
    expect(post.media![0]).toMatchObject({ type: 'video/mp4', alt: hook() });
    expect(post.media![0]!.head.slice(8)).toBe(MP4_FTYP);
  });

  it('Mastodon: the clip as an attachment, waited on while it processes (202), then media_ids', async () => {
    masto.processingReads = 2;
    try {
      const done = await publishClip(accounts.mastodon!);
      expect(done.status, done.error ?? '').toBe('published');
      const post = masto.received.at(-1)!;
      expect(post.media).toHaveLength(1);
      expect(post.media![0]).toMatchObject({ type: 'video/mp4', alt: hook() });
      expect(post.media![0]!.head.slice(8)).toBe(MP4_FTYP);
    } finally {
      masto.processingReads = 0;
    }
  });

  it('LinkedIn: Videos API initializeUpload, PUT of each part, finalizeUpload with their ETags, then the post names the video', async () => {
    li.processingReads = 2;
    const done = await publishClip(accounts.linkedin!);
    expect(done.status, done.error ?? '').toBe('published');
    expect(li.badHeaders).toBe(0);
    const [upload] = li.uploads;
    expect(upload!.head.slice(8)).toBe(MP4_FTYP);
    const posted = li.posts.at(-1) as { content?: { media?: { id: string } } };
    expect(posted.content?.media?.id).toBe(upload!.id);
    expect(li.received.at(-1)).toMatchObject({
      text: hook(),
      media: [{ id: upload!.id, type: 'video/mp4' }],
    });
  });

  it('a 429 on the upload waits for the reset, then the clip goes once', async () => {
    const before = masto.received.length;
    masto.mediaFaults.add({ status: 429, resetSeconds: 1 });
    const done = await publishClip(accounts.mastodon!);
    expect(done.status, done.error ?? '').toBe('published');
    expect(masto.received.length - before).toBe(1);
    expect(masto.received.at(-1)!.media).toHaveLength(1);
  });

  it('a clip from a voice note has no picture: previewed and published as its words, no video uploaded', async () => {
    const noteId = await uploadVideoNote(echo, alice, transcript, 80, { picture: false });
    const note = await eventually(async () => {
      const n = (await call('GET', `/api/studio/notes/${noteId}`)).json() as NoteDetail;
      return n.status === 'ready' && n;
    }, 60_000);
    expect(note.kind).toBe('voice');
    const made = await call('POST', '/api/studio/drafts', { note_ids: [noteId], formats: ['clips'] });
    const id = (made.json() as { drafts: Draft[] }).drafts[0]!.id;
    const voiceDraft = await eventually(async () => {
      const d = (await call('GET', `/api/studio/drafts/${id}`)).json() as Draft;
      return ['ready', 'failed'].includes(d.status) && d;
    }, 60_000);
    expect(voiceDraft.status, voiceDraft.error ?? '').toBe('ready');
    const preview = await call('POST', '/api/publishing/preview', {
      draft_id: voiceDraft.id,
      account_ids: [accounts.mastodon!.id],
      clip: 1,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const account = (preview.json() as PublishPreview).accounts[0]!;
    expect(account.video_clip).toBeNull();
    expect(account.counting).toMatch(
      /Clip 1 of \d+ is from a voice note, which has no picture: its words go/,
    );
    const uploads = masto.uploads.length;
    const res = await call('POST', '/api/publishing/posts', {
      draft_id: voiceDraft.id,
      account_ids: [accounts.mastodon!.id],
      clip: 1,
      when: 'now',
    });
    expect(res.statusCode, res.body).toBe(201);
    const post = await settled((res.json() as { posts: PublishPost[] }).posts[0]!.id);
    expect(post.status).toBe('published');
    const sent = masto.received.at(-1)!;
    expect(sent.text).toBe(voiceDraft.blocks.find((b) => b.kind === 'clip')!.text.trim());
    expect(sent.media ?? []).toEqual([]);
    expect(masto.uploads.length).toBe(uploads);
  }, 180_000);
});
