import { randomInt } from 'node:crypto';
import { richFacets } from './bluesky-facets.ts';
import { callPlatform, PlatformError } from './http.ts';
import { beforeSending } from './not-sent.ts';
import { checkImages, checkVideo, fileBlob, untilReady } from './post-media.ts';
import type {
  ConnectedAccount,
  OutgoingImage,
  OutgoingPart,
  OutgoingVideo,
  PlatformSession,
  SentPart,
} from './types.ts';

/** Bluesky (AT Protocol): a post is at most 300 graphemes. */
export const BLUESKY_MAX_GRAPHEMES = 300;
const COLLECTION = 'app.bsky.feed.post';
const RESET_HEADERS = ['ratelimit-reset'];

interface BlueskyCredentials {
  did: string;
  handle: string;
  appPassword: string;
  accessJwt: string;
  refreshJwt: string;
  /** The account's own PDS (from its DID document), when the server signed in through an entryway. */
  pds?: string;
}

const xrpc = (service: string, method: string) => `${service}/xrpc/${method}`;

/** A record key as the AT Protocol makes them (TID: 13 base32-sortable characters of microseconds and a clock id). */
export function newRecordKey(now = Date.now()): string {
  const alphabet = '234567abcdefghijklmnopqrstuvwxyz';
  let value = (BigInt(now) * 1000n + BigInt(randomInt(1000))) << 10n;
  value |= BigInt(randomInt(1024));
  let out = '';
  for (let i = 0; i < 13; i++) {
    out = alphabet[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

/** Signs in with the handle and an app password (com.atproto.server.createSession). */
export async function connectBluesky(
  service: string,
  identifier: string,
  appPassword: string,
  timeoutMs: number,
): Promise<ConnectedAccount> {
  const { body } = await callPlatform<{ did: string; handle: string; accessJwt: string; refreshJwt: string }>(
    'Bluesky',
    xrpc(service, 'com.atproto.server.createSession'),
    { json: { identifier, password: appPassword }, timeoutMs, resetHeaders: RESET_HEADERS },
  );
  const credentials: BlueskyCredentials = { ...pick(body), appPassword };
  return {
    remoteId: body.did,
    handle: body.handle,
    charLimit: BLUESKY_MAX_GRAPHEMES,
    credentials: { ...credentials },
  };
}

interface SessionBody {
  did: string;
  handle: string;
  accessJwt: string;
  refreshJwt: string;
  didDoc?: { service?: { id?: string; serviceEndpoint?: unknown }[] };
}

const pick = (b: SessionBody) => {
  // The PDS named in the DID document (bsky.social is an entryway: the account lives on another host).
  const pds = b.didDoc?.service?.find((s) => s.id?.endsWith('#atproto_pds'))?.serviceEndpoint;
  return {
    did: b.did,
    handle: b.handle,
    accessJwt: b.accessJwt,
    refreshJwt: b.refreshJwt,
    ...(typeof pds === 'string' && /^https:\/\//.test(pds) && { pds }),
  };
};

/** The public address of a post: bsky.app/profile/<handle>/post/<rkey>. */
export const blueskyPostUrl = (handle: string, uri: string) =>
  `https://bsky.app/profile/${handle}/post/${uri.split('/').pop()}`;

interface JobStatus {
  jobId: string;
  state: string;
  blob?: Record<string, unknown>;
  error?: string;
}

export function blueskySession(
  service: string,
  stored: Record<string, unknown>,
  timeoutMs: number,
  videoService = 'https://video.bsky.app',
): PlatformSession {
  let creds = stored as unknown as BlueskyCredentials;
  let refreshed = false;

  /** A new access token: refreshSession, else a new session from the app password; 401 on both: reconnect. */
  async function renew() {
    try {
      const { body } = await callPlatform<{
        did: string;
        handle: string;
        accessJwt: string;
        refreshJwt: string;
      }>('Bluesky', xrpc(service, 'com.atproto.server.refreshSession'), {
        method: 'POST',
        headers: { authorization: `Bearer ${creds.refreshJwt}` },
        timeoutMs,
        resetHeaders: RESET_HEADERS,
      });
      creds = { ...creds, ...pick(body) };
    } catch (error) {
      if (!(error instanceof PlatformError) || (error.kind !== 'auth' && error.kind !== 'refused'))
        throw error;
      const { body } = await callPlatform<{
        did: string;
        handle: string;
        accessJwt: string;
        refreshJwt: string;
      }>('Bluesky', xrpc(service, 'com.atproto.server.createSession'), {
        json: { identifier: creds.did, password: creds.appPassword },
        timeoutMs,
        resetHeaders: RESET_HEADERS,
      });
      creds = { ...creds, ...pick(body) };
    }
    refreshed = true;
  }

  async function authed<T>(call: (token: string) => Promise<T>): Promise<T> {
    try {
      return await call(creds.accessJwt);
    } catch (error) {
      // An expired access token answers 400 ExpiredToken or 401: renew once and try again.
      const expired =
        error instanceof PlatformError &&
        (error.kind === 'auth' || (error.kind === 'refused' && /ExpiredToken/i.test(error.message)));
      if (!expired) throw error;
      await renew();
      return call(creds.accessJwt);
    }
  }

  /** A handle's DID (com.atproto.identity.resolveHandle), null when it does not resolve. */
  async function resolveHandle(handle: string): Promise<string | null> {
    try {
      const { body } = await callPlatform<{ did?: string }>(
        'Bluesky',
        `${xrpc(service, 'com.atproto.identity.resolveHandle')}?${new URLSearchParams({ handle })}`,
        { timeoutMs, resetHeaders: RESET_HEADERS },
      );
      return typeof body?.did === 'string' && body.did.startsWith('did:') ? body.did : null;
    } catch (error) {
      // An unknown handle (400) stays plain text; anything else (no answer, 5xx) stops the post for now.
      if (error instanceof PlatformError && error.kind === 'refused') return null;
      throw error;
    }
  }

  const toSent = (uri: string, cid: string): SentPart => ({
    id: uri,
    uri,
    cid,
    url: blueskyPostUrl(creds.handle, uri),
  });

  return {
    get credentials() {
      return { ...creds };
    },
    get refreshed() {
      return refreshed;
    },
    async publish(part: OutgoingPart) {
      const record: Record<string, unknown> = {
        $type: COLLECTION,
        text: part.text,
        createdAt: new Date().toISOString(),
        langs: ['en'],
      };
      // Mentions are resolved before the record goes: a failure there posted nothing.
      const facets = await beforeSending(() => richFacets(part.text, resolveHandle));
      if (facets.length) record.facets = facets;
      // The images uploaded for this part (uploadBlob), each with its alt text and aspect ratio.
      const video = part.media?.find((m) => m.video);
      if (video) record.embed = { $type: 'app.bsky.embed.video', ...video };
      else if (part.media?.length) record.embed = { $type: 'app.bsky.embed.images', images: part.media };
      if (part.parent && part.root)
        record.reply = {
          root: { uri: part.root.uri, cid: part.root.cid },
          parent: { uri: part.parent.uri, cid: part.parent.cid },
        };
      const { body } = await authed((token) =>
        callPlatform<{ uri: string; cid: string }>(
          'Bluesky',
          xrpc(service, 'com.atproto.repo.createRecord'),
          {
            headers: { authorization: `Bearer ${token}` },
            // The record key is ours, chosen before the call: the same post sent again is refused, never doubled.
            json: { repo: creds.did, collection: COLLECTION, rkey: part.key, record },
            timeoutMs,
            resetHeaders: RESET_HEADERS,
          },
        ),
      );
      return toSent(body.uri, body.cid);
    },
    async uploadImages(images: OutgoingImage[]) {
      checkImages('bluesky', images);
      const refs = [];
      for (const image of images) {
        // com.atproto.repo.uploadBlob: the raw bytes with their type; the answer is the blob to embed.
        const { body } = await authed((token) =>
          callPlatform<{ blob: Record<string, unknown> }>(
            'Bluesky',
            xrpc(service, 'com.atproto.repo.uploadBlob'),
            {
              headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
              body: image.bytes,
              timeoutMs,
              resetHeaders: RESET_HEADERS,
            },
          ),
        );
        refs.push({
          image: body.blob,
          alt: image.alt,
          aspectRatio: { width: image.width, height: image.height },
        });
      }
      return refs;
    },
    async uploadVideo(video: OutgoingVideo) {
      checkVideo('bluesky', video.bytes);
      // The video service takes the upload on the user's behalf: a short-lived token from the PDS for it.
      const auth = new URLSearchParams({
        // The service token's audience is the account's own PDS (the one that stores the blob).
        aud: `did:web:${new URL(creds.pds ?? service).hostname}`,
        lxm: 'com.atproto.repo.uploadBlob',
        exp: String(Math.floor(Date.now() / 1000) + 30 * 60),
      });
      const { body: granted } = await authed((token) =>
        callPlatform<{ token: string }>(
          'Bluesky',
          `${xrpc(service, 'com.atproto.server.getServiceAuth')}?${auth}`,
          {
            headers: { authorization: `Bearer ${token}` },
            timeoutMs,
            resetHeaders: RESET_HEADERS,
          },
        ),
      );
      const upload = new URLSearchParams({ did: creds.did, name: `${newRecordKey()}.mp4` });
      const { body: uploaded } = await callPlatform<{ jobStatus: JobStatus }>(
        'Bluesky',
        `${xrpc(videoService, 'app.bsky.video.uploadVideo')}?${upload}`,
        {
          headers: { authorization: `Bearer ${granted.token}`, 'content-type': 'video/mp4' },
          body: await fileBlob(video.file, 'video/mp4'),
          timeoutMs: timeoutMs * 5,
          resetHeaders: RESET_HEADERS,
        },
      );
      let job = uploaded.jobStatus;
      await untilReady(
        'Bluesky',
        async () => {
          if (job.blob) return true;
          if (job.state === 'JOB_STATE_FAILED')
            throw new PlatformError(
              'refused',
              `Bluesky could not process the clip: ${job.error ?? 'failed'}`,
            );
          const { body } = await callPlatform<{ jobStatus: JobStatus }>(
            'Bluesky',
            `${xrpc(videoService, 'app.bsky.video.getJobStatus')}?${new URLSearchParams({ jobId: job.jobId })}`,
            { timeoutMs, resetHeaders: RESET_HEADERS },
          );
          job = body.jobStatus;
          return Boolean(job.blob);
        },
        { tries: 120, everyMs: 1000 },
      );
      return [{ video: job.blob, ...(video.alt.trim() && { alt: video.alt.slice(0, 1000) }) }];
    },
    async find(part: OutgoingPart) {
      const query = new URLSearchParams({ repo: creds.did, collection: COLLECTION, rkey: part.key });
      try {
        const { body } = await authed((token) =>
          callPlatform<{ uri: string; cid: string }>(
            'Bluesky',
            `${xrpc(service, 'com.atproto.repo.getRecord')}?${query}`,
            { headers: { authorization: `Bearer ${token}` }, timeoutMs, resetHeaders: RESET_HEADERS },
          ),
        );
        return toSent(body.uri, body.cid);
      } catch (error) {
        if (
          error instanceof PlatformError &&
          error.kind === 'refused' &&
          /RecordNotFound|not found/i.test(error.message)
        )
          return null;
        throw error;
      }
    },
  };
}

/**
 * A background refresh: refreshSession with the refresh token, else (that token expired or was
 * refused) a new session from the app password; both refused: PlatformError('auth').
 */
export async function refreshBlueskyCredentials(
  service: string,
  stored: Record<string, unknown>,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const creds = stored as unknown as BlueskyCredentials;
  type Session = { did: string; handle: string; accessJwt: string; refreshJwt: string };
  try {
    const { body } = await callPlatform<Session>(
      'Bluesky',
      xrpc(service, 'com.atproto.server.refreshSession'),
      {
        method: 'POST',
        headers: { authorization: `Bearer ${creds.refreshJwt}` },
        timeoutMs,
        resetHeaders: RESET_HEADERS,
      },
    );
    return { ...stored, ...pick(body) };
  } catch (error) {
    if (!(error instanceof PlatformError) || (error.kind !== 'auth' && error.kind !== 'refused')) throw error;
    const { body } = await callPlatform<Session>(
      'Bluesky',
      xrpc(service, 'com.atproto.server.createSession'),
      {
        json: { identifier: creds.did, password: creds.appPassword },
        timeoutMs,
        resetHeaders: RESET_HEADERS,
      },
    );
    return { ...stored, ...pick(body) };
  }
}

/** When a session's refresh token (a JWT) expires, read from its `exp` (null when it is not a JWT). */
export function blueskyRefreshExpiry(refreshJwt: unknown): Date | null {
  if (typeof refreshJwt !== 'string') return null;
  try {
    const exp = JSON.parse(Buffer.from(refreshJwt.split('.')[1] ?? '', 'base64url').toString('utf8')).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}
