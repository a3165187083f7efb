import { callPlatform, PlatformError } from './http.ts';
import { beforeSending } from './not-sent.ts';
import { fileBlob, untilReady } from './post-media.ts';
import type { ConnectedAccount, OutgoingPart, OutgoingVideo, PlatformSession } from './types.ts';

/** LinkedIn's largest video for a member post (Videos API: 75 KB to 500 MB). */
export const LINKEDIN_VIDEO_MAX_BYTES = 500 * 1024 * 1024;

/** LinkedIn: OAuth 2.0 (member posts, w_member_social) and the versioned Posts API. */
export const LINKEDIN_SCOPES = 'openid profile w_member_social';
export const LINKEDIN_MAX = 3000;

export interface LinkedinApp {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  authUrl: string;
  version: string;
  redirectUri: string;
}

export function linkedinAuthorizeUrl(app: LinkedinApp, state: string): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    state,
    scope: LINKEDIN_SCOPES,
  });
  return `${app.authUrl}/authorization?${query}`;
}

export async function finishLinkedin(
  app: LinkedinApp,
  code: string,
  timeoutMs: number,
): Promise<ConnectedAccount> {
  const { body: token } = await callPlatform<{
    access_token: string;
    expires_in?: number;
    refresh_token?: string;
  }>('LinkedIn', `${app.authUrl}/accessToken`, {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: app.redirectUri,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    },
    timeoutMs,
  });
  const { body: me } = await callPlatform<{ sub: string; name?: string }>(
    'LinkedIn',
    `${app.apiUrl}/v2/userinfo`,
    {
      headers: { authorization: `Bearer ${token.access_token}` },
      timeoutMs,
    },
  );
  const expiresAt = token.expires_in ? Date.now() + token.expires_in * 1000 : undefined;
  return {
    remoteId: me.sub,
    handle: me.name ?? me.sub,
    charLimit: LINKEDIN_MAX,
    credentials: { accessToken: token.access_token, refreshToken: token.refresh_token, expiresAt },
    tokenExpiresAt: expiresAt ? new Date(expiresAt) : undefined,
  };
}

export async function revokeLinkedin(app: LinkedinApp, accessToken: string, timeoutMs: number) {
  await callPlatform('LinkedIn', `${app.authUrl}/revoke`, {
    form: { client_id: app.clientId, client_secret: app.clientSecret, token: accessToken },
    timeoutMs,
  });
}

/** The characters LinkedIn's "little" text format reserves: each is backslash-escaped to be plain text. */
export const LITTLE_RESERVED = '|{}@[]()<>#\\*_~';

/**
 * A post's text in the Posts API's "little" format: every reserved character escaped, so LinkedIn
 * neither cuts the commentary at it nor reads it as markup; a `#word` at a word's start stays a
 * hashtag (little's HashtagElement), and a link is left whole (its characters are not markup).
 */
export function littleText(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(
    /(?<=^|\s)https?:\/\/[^\s<>"]+|(?<=^|\s)#[\p{L}\p{M}][\p{L}\p{M}\p{N}_]*/gu,
  )) {
    out += escapeLittle(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + escapeLittle(text.slice(last));
}

const escapeLittle = (text: string) => text.replace(/[|{}@[\]()<>#\\*_~]/g, '\\$&');

/** The headers every call to LinkedIn's versioned REST API carries. */
const restHeaders = (app: LinkedinApp, token: string) => ({
  authorization: `Bearer ${token}`,
  'linkedin-version': app.version,
  'x-restli-protocol-version': '2.0.0',
});

export function linkedinSession(
  app: LinkedinApp,
  stored: Record<string, unknown>,
  remoteId: string,
  timeoutMs: number,
): PlatformSession {
  const creds = stored as { accessToken: string; expiresAt?: number };
  const author = `urn:li:person:${remoteId}`;
  return {
    credentials: { ...creds },
    refreshed: false,
    async publish(part: OutgoingPart) {
      if (creds.expiresAt && creds.expiresAt < Date.now())
        throw new PlatformError('auth', 'LinkedIn: the access has expired');
      let media: { title: string; id: string } | undefined;
      const video = part.media?.find((m) => typeof m.video === 'string');
      if (video) media = { title: String(video.title ?? 'Clip'), id: String(video.video) };
      if (part.document) {
        const document = part.document;
        // Documents API: initialize, upload the PDF, then post it. A failure before the post posted nothing.
        media = await beforeSending(async () => {
          const { body } = await callPlatform<{ value: { uploadUrl: string; document: string } }>(
            'LinkedIn',
            `${app.apiUrl}/rest/documents?action=initializeUpload`,
            {
              headers: restHeaders(app, creds.accessToken),
              json: { initializeUploadRequest: { owner: author } },
              timeoutMs,
            },
          );
          if (
            new URL(body.value.uploadUrl).origin !== new URL(app.apiUrl).origin &&
            !body.value.uploadUrl.startsWith('https://')
          )
            throw new PlatformError('refused', 'LinkedIn: unexpected upload address');
          await callPlatform('LinkedIn', body.value.uploadUrl, {
            method: 'PUT',
            headers: { authorization: `Bearer ${creds.accessToken}`, 'content-type': 'application/pdf' },
            body: document.bytes,
            timeoutMs,
          });
          return { title: document.title, id: body.value.document };
        });
      }
      const { headers } = await callPlatform('LinkedIn', `${app.apiUrl}/rest/posts`, {
        headers: restHeaders(app, creds.accessToken),
        json: {
          author,
          commentary: littleText(part.text),
          visibility: 'PUBLIC',
          distribution: {
            feedDistribution: 'MAIN_FEED',
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          ...(media && { content: { media } }),
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        },
        timeoutMs,
      });
      const urn = headers.get('x-restli-id') ?? '';
      if (!urn) throw new PlatformError('unknown', 'LinkedIn: the post was accepted without an id');
      return { id: urn, url: `https://www.linkedin.com/feed/update/${urn}` };
    },
    async uploadVideo(clip: OutgoingVideo) {
      if (clip.bytes > LINKEDIN_VIDEO_MAX_BYTES)
        throw new PlatformError(
          'refused',
          `LinkedIn: the clip is ${clip.bytes} bytes; LinkedIn takes at most 500 MB`,
        );
      // Videos API: initializeUpload gives the parts to PUT (byte ranges), finalizeUpload their ETags.
      const { body } = await callPlatform<{
        value: {
          video: string;
          uploadToken?: string;
          uploadInstructions: { uploadUrl: string; firstByte: number; lastByte: number }[];
        };
      }>('LinkedIn', `${app.apiUrl}/rest/videos?action=initializeUpload`, {
        headers: restHeaders(app, creds.accessToken),
        json: {
          initializeUploadRequest: {
            owner: author,
            fileSizeBytes: clip.bytes,
            uploadCaptions: false,
            uploadThumbnail: false,
          },
        },
        timeoutMs,
      });
      const blob = await fileBlob(clip.file, 'application/octet-stream');
      const etags: string[] = [];
      for (const part of body.value.uploadInstructions) {
        if (
          !part.uploadUrl.startsWith('https://') &&
          new URL(part.uploadUrl).origin !== new URL(app.apiUrl).origin
        )
          throw new PlatformError('refused', 'LinkedIn: unexpected upload address');
        const { headers } = await callPlatform('LinkedIn', part.uploadUrl, {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${creds.accessToken}`,
            'content-type': 'application/octet-stream',
          },
          body: blob.slice(part.firstByte, part.lastByte + 1),
          timeoutMs: timeoutMs * 5,
        });
        const etag = headers.get('etag');
        if (!etag) throw new PlatformError('server', 'LinkedIn: an uploaded part came back without its ETag');
        etags.push(etag);
      }
      await callPlatform('LinkedIn', `${app.apiUrl}/rest/videos?action=finalizeUpload`, {
        headers: restHeaders(app, creds.accessToken),
        json: {
          finalizeUploadRequest: {
            video: body.value.video,
            uploadToken: body.value.uploadToken ?? '',
            uploadedPartIds: etags,
          },
        },
        timeoutMs,
      });
      // The post names the video once LinkedIn has processed it (status AVAILABLE).
      await untilReady(
        'LinkedIn',
        async () => {
          const { body: state } = await callPlatform<{ status?: string }>(
            'LinkedIn',
            `${app.apiUrl}/rest/videos/${encodeURIComponent(body.value.video)}`,
            { headers: restHeaders(app, creds.accessToken), timeoutMs },
          );
          if (state?.status === 'PROCESSING_FAILED')
            throw new PlatformError('refused', 'LinkedIn could not process the clip');
          return state?.status === 'AVAILABLE';
        },
        { tries: 120, everyMs: 1000 },
      );
      return [{ video: body.value.video, title: clip.alt.slice(0, 100) || 'Clip' }];
    },
    async find(part: OutgoingPart) {
      // Posts API "Find Posts by Authors": the member's posts, newest first. It needs r_member_social,
      // which LinkedIn grants few apps: without it (403) Echo cannot tell, and the user checks.
      const query = `q=author&author=${encodeURIComponent(author)}&count=20&sortBy=LAST_MODIFIED`;
      let elements: { id?: string; commentary?: string; createdAt?: number }[];
      try {
        const { body } = await callPlatform<{ elements?: typeof elements }>(
          'LinkedIn',
          `${app.apiUrl}/rest/posts?${query}`,
          { headers: restHeaders(app, creds.accessToken), timeoutMs },
        );
        elements = body?.elements ?? [];
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'refused')
          throw new PlatformError('unknown', 'LinkedIn does not let Echo read your recent posts');
        throw error;
      }
      // Not before the part first went (a little slack for clocks): an older post with the same words is not this one.
      const since = (part.since?.getTime() ?? 0) - 2_000;
      const sent = littleText(part.text);
      const found = elements.find(
        (p) => p.commentary === sent && p.id && (!p.createdAt || p.createdAt >= since),
      );
      return found?.id ? { id: found.id, url: `https://www.linkedin.com/feed/update/${found.id}` } : null;
    },
  };
}

/**
 * LinkedIn's programmatic refresh: only apps LinkedIn gave refresh tokens get one at connection
 * (`refresh_token`, valid a year); the client id and secret go in the form, as for the code.
 */
export async function refreshLinkedinCredentials(
  app: LinkedinApp,
  stored: Record<string, unknown>,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const creds = stored as { refreshToken?: string };
  if (!creds.refreshToken)
    throw new PlatformError('auth', 'LinkedIn: this app was given no refresh token (connect again)');
  const { body } = await callPlatform<{ access_token: string; expires_in?: number; refresh_token?: string }>(
    'LinkedIn',
    `${app.authUrl}/accessToken`,
    {
      form: {
        grant_type: 'refresh_token',
        refresh_token: creds.refreshToken,
        client_id: app.clientId,
        client_secret: app.clientSecret,
      },
      timeoutMs,
    },
  );
  return {
    ...stored,
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? creds.refreshToken,
    expiresAt: body.expires_in ? Date.now() + body.expires_in * 1000 : undefined,
  };
}
