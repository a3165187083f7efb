import { callPlatform, PlatformError } from './http.ts';
import { pkceAuthorizeUrl } from './oauth.ts';
import { checkImages, checkVideo, fileBlob, fileOf, untilReady } from './post-media.ts';
import type {
  ConnectedAccount,
  OutgoingImage,
  OutgoingPart,
  OutgoingVideo,
  PlatformSession,
  SentPart,
} from './types.ts';

/** A clip goes to X in chunks of this size (APPEND takes at most 5 MB a request). */
export const X_CHUNK_BYTES = 4 * 1024 * 1024;
type Processing = { state: 'pending' | 'in_progress' | 'succeeded' | 'failed'; check_after_secs?: number };

/** X API v2 with OAuth 2.0 (authorization code with PKCE; offline.access gives a refresh token). */
export const X_SCOPES = 'tweet.read tweet.write users.read media.write offline.access';
const RESET_HEADERS = ['x-rate-limit-reset'];

export interface XApp {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  authorizeUrl: string;
  redirectUri: string;
}

const basic = (app: XApp) => `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`;

export function xAuthorizeUrl(app: XApp, state: string, challenge: string): string {
  return pkceAuthorizeUrl(app.authorizeUrl, app, X_SCOPES, state, challenge);
}

interface XToken {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
}

const credentialsOf = (token: XToken, previousRefresh?: string) => ({
  accessToken: token.access_token,
  refreshToken: token.refresh_token ?? previousRefresh,
  expiresAt: token.expires_in ? Date.now() + token.expires_in * 1000 : undefined,
});

export async function finishX(
  app: XApp,
  code: string,
  verifier: string,
  timeoutMs: number,
): Promise<ConnectedAccount> {
  const { body: token } = await callPlatform<XToken>('X', `${app.apiUrl}/2/oauth2/token`, {
    headers: { authorization: basic(app) },
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: app.redirectUri,
      code_verifier: verifier,
      client_id: app.clientId,
    },
    timeoutMs,
  });
  const { body: me } = await callPlatform<{ data: { id: string; username: string } }>(
    'X',
    `${app.apiUrl}/2/users/me`,
    {
      headers: { authorization: `Bearer ${token.access_token}` },
      timeoutMs,
    },
  );
  const credentials = { ...credentialsOf(token), username: me.data.username };
  return {
    remoteId: me.data.id,
    handle: `@${me.data.username}`,
    charLimit: 280,
    credentials,
    tokenExpiresAt: credentials.expiresAt ? new Date(credentials.expiresAt) : undefined,
  };
}

export async function revokeX(app: XApp, accessToken: string, timeoutMs: number) {
  await callPlatform('X', `${app.apiUrl}/2/oauth2/revoke`, {
    headers: { authorization: basic(app) },
    form: { token: accessToken, token_type_hint: 'access_token', client_id: app.clientId },
    timeoutMs,
  });
}

/** A text as X gives it back to compare: links are t.co addresses there, so every link is one token. */
const normal = (text: string) =>
  text
    .replace(/https?:\/\/\S+/g, '\u0000')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * How far before a part's first send its Post may be dated: X dates to the second and clocks differ
 * a little. Kept short, so an older Post with the same words is never taken for this one (a miss
 * only asks the user to check).
 */
const CLOCK_SLACK_MS = 2_000;

export function xSession(
  app: XApp,
  stored: Record<string, unknown>,
  remoteId: string,
  timeoutMs: number,
): PlatformSession {
  let creds = stored as { accessToken: string; refreshToken?: string; expiresAt?: number; username: string };
  let refreshed = false;

  /** A new access token from the refresh token (X's refresh tokens are single-use: the new one is kept). */
  async function refresh() {
    if (!creds.refreshToken)
      throw new PlatformError('auth', 'X: the access expired and there is no refresh token');
    const { body } = await callPlatform<XToken>('X', `${app.apiUrl}/2/oauth2/token`, {
      headers: { authorization: basic(app) },
      form: { grant_type: 'refresh_token', refresh_token: creds.refreshToken, client_id: app.clientId },
      timeoutMs,
    });
    creds = { ...creds, ...credentialsOf(body, creds.refreshToken) };
    refreshed = true;
  }

  async function authed<T>(call: (token: string) => Promise<T>): Promise<T> {
    // Refreshed before it expires; and once more if X refuses it anyway.
    if (creds.expiresAt && creds.expiresAt < Date.now() + 60_000) await refresh();
    try {
      return await call(creds.accessToken);
    } catch (error) {
      if (!(error instanceof PlatformError) || error.kind !== 'auth' || refreshed) throw error;
      await refresh();
      return call(creds.accessToken);
    }
  }

  const toSent = (id: string): SentPart => ({ id, url: `https://x.com/${creds.username}/status/${id}` });

  return {
    get credentials() {
      return { ...creds };
    },
    get refreshed() {
      return refreshed;
    },
    async publish(part: OutgoingPart) {
      let body: { data: { id: string } };
      try {
        ({ body } = await authed((token) =>
          callPlatform<{ data: { id: string } }>('X', `${app.apiUrl}/2/tweets`, {
            headers: { authorization: `Bearer ${token}` },
            json: {
              text: part.text,
              ...(part.parent && { reply: { in_reply_to_tweet_id: part.parent.id } }),
              ...(part.media?.length && { media: { media_ids: part.media.map((m) => String(m.id)) } }),
            },
            timeoutMs,
            resetHeaders: RESET_HEADERS,
          }),
        ));
      } catch (error) {
        // X refuses a Post that repeats a recent one (403 "duplicate content"): it may be this very
        // part, made by a try whose answer was lost, so it is looked up, never taken as a refusal.
        if (error instanceof PlatformError && error.status === 403 && /duplicate/i.test(error.message))
          throw new PlatformError('unknown', error.message, 403);
        throw error;
      }
      return toSent(body.data.id);
    },
    async uploadImages(images: OutgoingImage[]) {
      checkImages('x', images);
      const refs = [];
      for (const image of images) {
        // POST /2/media/upload (one request for an image), then its alt text (POST /2/media/metadata).
        const { body } = await authed((token) => {
          const form = new FormData();
          form.append('media', fileOf(image.bytes, 'image/png'), 'slide.png');
          form.append('media_category', 'tweet_image');
          form.append('media_type', 'image/png');
          return callPlatform<{ data: { id: string } }>('X', `${app.apiUrl}/2/media/upload`, {
            headers: { authorization: `Bearer ${token}` },
            multipart: form,
            timeoutMs,
            resetHeaders: RESET_HEADERS,
          });
        });
        const id = body.data.id;
        await authed((token) =>
          callPlatform('X', `${app.apiUrl}/2/media/metadata`, {
            headers: { authorization: `Bearer ${token}` },
            json: { id, metadata: { alt_text: { text: image.alt } } },
            timeoutMs,
            resetHeaders: RESET_HEADERS,
          }),
        );
        refs.push({ id });
      }
      return refs;
    },
    async uploadVideo(video: OutgoingVideo) {
      checkVideo('x', video.bytes);
      const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
      const blob = await fileBlob(video.file, 'video/mp4');
      // Chunked upload: INIT (initialize), APPEND each chunk (streamed from the file), FINALIZE, then STATUS.
      const { body: init } = await authed((token) =>
        callPlatform<{ data: { id: string } }>('X', `${app.apiUrl}/2/media/upload/initialize`, {
          headers: bearer(token),
          json: { media_type: 'video/mp4', total_bytes: video.bytes, media_category: 'tweet_video' },
          timeoutMs,
          resetHeaders: RESET_HEADERS,
        }),
      );
      const id = init.data.id;
      for (let offset = 0, segment = 0; offset < video.bytes; offset += X_CHUNK_BYTES, segment++)
        await authed((token) => {
          const form = new FormData();
          form.append('segment_index', String(segment));
          form.append('media', blob.slice(offset, offset + X_CHUNK_BYTES), 'clip.mp4');
          return callPlatform('X', `${app.apiUrl}/2/media/upload/${id}/append`, {
            headers: bearer(token),
            multipart: form,
            timeoutMs,
            resetHeaders: RESET_HEADERS,
          });
        });
      const { body: finalized } = await authed((token) =>
        callPlatform<{ data: { id: string; processing_info?: Processing } }>(
          'X',
          `${app.apiUrl}/2/media/upload/${id}/finalize`,
          { method: 'POST', headers: bearer(token), timeoutMs, resetHeaders: RESET_HEADERS },
        ),
      );
      let processing = finalized.data.processing_info;
      await untilReady(
        'X',
        async () => {
          if (!processing || processing.state === 'succeeded') return true;
          if (processing.state === 'failed')
            throw new PlatformError('refused', 'X could not process the clip');
          const { body } = await authed((token) =>
            callPlatform<{ data: { processing_info?: Processing } }>(
              'X',
              `${app.apiUrl}/2/media/upload?${new URLSearchParams({ command: 'STATUS', media_id: id })}`,
              { headers: bearer(token), timeoutMs, resetHeaders: RESET_HEADERS },
            ),
          );
          processing = body.data.processing_info;
          return !processing || processing.state === 'succeeded';
        },
        { tries: 120, everyMs: 1000 },
      );
      return [{ id }];
    },
    async find(part: OutgoingPart) {
      // GET /2/users/:id/tweets: the account's Posts, newest first, from a little before the part first went.
      const since = new Date((part.since?.getTime() ?? Date.now() - 3_600_000) - CLOCK_SLACK_MS);
      const query = new URLSearchParams({
        max_results: '100',
        'tweet.fields': 'created_at,text',
        // X takes whole seconds (RFC 3339); rounded down, so the window only widens.
        start_time: `${since.toISOString().slice(0, 19)}Z`,
      });
      const { body } = await authed((token) =>
        callPlatform<{ data?: { id: string; text: string; created_at?: string }[] }>(
          'X',
          `${app.apiUrl}/2/users/${encodeURIComponent(remoteId)}/tweets?${query}`,
          { headers: { authorization: `Bearer ${token}` }, timeoutMs, resetHeaders: RESET_HEADERS },
        ),
      );
      const found = (body?.data ?? []).find(
        (t) =>
          normal(t.text) === normal(part.text) &&
          (!t.created_at || new Date(t.created_at).getTime() >= since.getTime()),
      );
      return found ? toSent(found.id) : null;
    },
  };
}

/**
 * A background refresh (offline.access): a new access token from the refresh token, with the app's
 * Basic client authentication. X's refresh tokens are single-use: the new one comes back and is kept.
 */
export async function refreshXCredentials(
  app: XApp,
  stored: Record<string, unknown>,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const creds = stored as { refreshToken?: string };
  if (!creds.refreshToken) throw new PlatformError('auth', 'X: there is no refresh token (connect again)');
  const { body } = await callPlatform<XToken>('X', `${app.apiUrl}/2/oauth2/token`, {
    headers: { authorization: basic(app) },
    form: { grant_type: 'refresh_token', refresh_token: creds.refreshToken, client_id: app.clientId },
    timeoutMs,
  });
  return { ...stored, ...credentialsOf(body, creds.refreshToken) };
}
