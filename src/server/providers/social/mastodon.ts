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

/** When an instance does not say (Mastodon's own default). */
export const MASTODON_DEFAULT_MAX = 500;
export const MASTODON_SCOPES = 'read:accounts read:statuses write:statuses write:media';
const RESET_HEADERS = ['x-ratelimit-reset'];

export interface MastodonApp {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** Registers Echo on the instance (POST /api/v1/apps), once per instance. */
export async function registerMastodonApp(
  instance: string,
  redirectUri: string,
  website: string,
  timeoutMs: number,
): Promise<MastodonApp> {
  const { body } = await callPlatform<{ client_id: string; client_secret: string }>(
    'Mastodon',
    `${instance}/api/v1/apps`,
    {
      json: { client_name: 'Echo', redirect_uris: redirectUri, scopes: MASTODON_SCOPES, website },
      timeoutMs,
      resetHeaders: RESET_HEADERS,
    },
  );
  return { clientId: body.client_id, clientSecret: body.client_secret, redirectUri };
}

export function mastodonAuthorizeUrl(
  instance: string,
  app: MastodonApp,
  state: string,
  challenge: string,
): string {
  return pkceAuthorizeUrl(`${instance}/oauth/authorize`, app, MASTODON_SCOPES, state, challenge);
}

/** The instance's post length (GET /api/v2/instance: configuration.statuses.max_characters). */
export async function mastodonCharLimit(instance: string, timeoutMs: number): Promise<number> {
  try {
    const { body } = await callPlatform<{ configuration?: { statuses?: { max_characters?: number } } }>(
      'Mastodon',
      `${instance}/api/v2/instance`,
      { timeoutMs },
    );
    const max = body?.configuration?.statuses?.max_characters;
    return typeof max === 'number' && max > 0 ? Math.min(max, 100_000) : MASTODON_DEFAULT_MAX;
  } catch {
    return MASTODON_DEFAULT_MAX;
  }
}

/** Trades the authorization code for a token and reads who it belongs to. */
export async function finishMastodon(
  instance: string,
  app: MastodonApp,
  code: string,
  verifier: string,
  timeoutMs: number,
): Promise<ConnectedAccount> {
  const { body: token } = await callPlatform<{ access_token: string }>(
    'Mastodon',
    `${instance}/oauth/token`,
    {
      form: {
        grant_type: 'authorization_code',
        code,
        client_id: app.clientId,
        client_secret: app.clientSecret,
        redirect_uri: app.redirectUri,
        scope: MASTODON_SCOPES,
        code_verifier: verifier,
      },
      timeoutMs,
    },
  );
  const { body: me } = await callPlatform<{ id: string; acct: string; username: string }>(
    'Mastodon',
    `${instance}/api/v1/accounts/verify_credentials`,
    { headers: { authorization: `Bearer ${token.access_token}` }, timeoutMs },
  );
  return {
    remoteId: me.id,
    handle: `@${me.username}@${new URL(instance).host}`,
    charLimit: await mastodonCharLimit(instance, timeoutMs),
    credentials: { accessToken: token.access_token },
  };
}

/** Revokes the token (POST /oauth/revoke); a failure is not the user's problem (the account is forgotten anyway). */
export async function revokeMastodon(
  instance: string,
  app: MastodonApp,
  accessToken: string,
  timeoutMs: number,
) {
  await callPlatform('Mastodon', `${instance}/oauth/revoke`, {
    form: { client_id: app.clientId, client_secret: app.clientSecret, token: accessToken },
    timeoutMs,
  });
}

/** A status's text as the API gives it (HTML paragraphs and breaks) back to plain text, to compare. */
export function statusText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim();
}

const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

export function mastodonSession(
  instance: string,
  stored: Record<string, unknown>,
  remoteId: string,
  timeoutMs: number,
): PlatformSession {
  const credentials = stored as { accessToken: string };
  const auth = { authorization: `Bearer ${credentials.accessToken}` };
  const toSent = (s: { id: string; url?: string; uri?: string }): SentPart => ({
    id: s.id,
    url: s.url ?? s.uri ?? '',
  });
  /** Waits for an attachment the instance is processing (GET /api/v1/media/:id: 206 until ready, then 200). */
  const processed = (id: string, every: { tries: number; everyMs: number }) =>
    untilReady(
      'Mastodon',
      async () => {
        const { status, body } = await callPlatform<{ url: string | null }>(
          'Mastodon',
          `${instance}/api/v1/media/${encodeURIComponent(id)}`,
          { headers: auth, timeoutMs, resetHeaders: RESET_HEADERS },
        );
        return status === 200 && Boolean(body?.url);
      },
      every,
    );
  return {
    credentials: { ...credentials },
    refreshed: false,
    async publish(part: OutgoingPart) {
      const { body } = await callPlatform<{ id: string; url: string; uri: string }>(
        'Mastodon',
        `${instance}/api/v1/statuses`,
        {
          // Mastodon keeps the key an hour: the same post sent again with it answers the first status.
          headers: { ...auth, 'idempotency-key': part.key },
          json: {
            status: part.text,
            visibility: 'public',
            ...(part.parent && { in_reply_to_id: part.parent.id }),
            ...(part.media?.length && { media_ids: part.media.map((m) => String(m.id)) }),
          },
          timeoutMs,
          resetHeaders: RESET_HEADERS,
        },
      );
      return toSent(body);
    },
    async uploadImages(images: OutgoingImage[]) {
      checkImages('mastodon', images);
      const refs = [];
      for (const [i, image] of images.entries()) {
        const form = new FormData();
        form.append('file', fileOf(image.bytes, 'image/png'), `slide-${i + 1}.png`);
        form.append('description', image.alt);
        // POST /api/v2/media: 200 when processed, 202 (url null) while the instance still processes it.
        const { body, status } = await callPlatform<{ id: string; url: string | null }>(
          'Mastodon',
          `${instance}/api/v2/media`,
          { headers: auth, multipart: form, timeoutMs, resetHeaders: RESET_HEADERS },
        );
        if (status === 202 || !body.url) await processed(body.id, { tries: 20, everyMs: 500 });
        refs.push({ id: body.id });
      }
      return refs;
    },
    async uploadVideo(video: OutgoingVideo) {
      checkVideo('mastodon', video.bytes);
      const form = new FormData();
      form.append('file', await fileBlob(video.file, 'video/mp4'), 'clip.mp4');
      if (video.alt.trim()) form.append('description', video.alt.slice(0, 1500));
      // A video is processed after the upload (202): the status waits until the instance has it ready.
      const { body, status } = await callPlatform<{ id: string; url: string | null }>(
        'Mastodon',
        `${instance}/api/v2/media`,
        { headers: auth, multipart: form, timeoutMs: timeoutMs * 5, resetHeaders: RESET_HEADERS },
      );
      if (status === 202 || !body.url) await processed(body.id, { tries: 120, everyMs: 1000 });
      return [{ id: body.id }];
    },
    async find(part: OutgoingPart) {
      const query = new URLSearchParams({ limit: '40', exclude_reblogs: 'true' });
      const { body } = await callPlatform<
        { id: string; url: string; uri: string; content: string; in_reply_to_id: string | null }[]
      >('Mastodon', `${instance}/api/v1/accounts/${encodeURIComponent(remoteId)}/statuses?${query}`, {
        headers: auth,
        timeoutMs,
        resetHeaders: RESET_HEADERS,
      });
      const wanted = normal(part.text);
      const found = (body ?? []).find(
        (s) =>
          normal(statusText(s.content)) === wanted &&
          (s.in_reply_to_id ?? null) === (part.parent?.id ?? null),
      );
      if (found) return toSent(found);
      if (!Array.isArray(body))
        throw new PlatformError('unknown', 'Mastodon: recent posts could not be read');
      return null;
    },
  };
}
