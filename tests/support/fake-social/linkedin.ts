import { createHash } from 'node:crypto';
import { type LocalHttp, listenLocal } from '../local-http.ts';
import {
  answerAfterStore,
  applyFault,
  type Consent,
  consentPage,
  Faults,
  headOf,
  parseBody,
  type Received,
  type ReceivedMedia,
  readBody,
  readRaw,
  send,
  token,
} from './shared.ts';

/** A fake LinkedIn (OAuth 2.0, versioned Posts and Documents APIs). */
export interface FakeLinkedin extends LocalHttp {
  /** Set `ask` for the consent page before the redirect back (a browser test's connect). */
  consent: Consent;
  faults: Faults;
  received: Received[];
  clientId: string;
  clientSecret: string;
  /** Calls to /rest/* refused for a missing or malformed LinkedIn-Version or Restli header. */
  badHeaders: number;
  documents: Map<string, Buffer>;
  posts: Record<string, unknown>[];
  /** Videos uploaded through the Videos API (initializeUpload, PUT of each part, finalizeUpload). */
  uploads: ReceivedMedia[];
  /** A finalized video reports PROCESSING this many times before it is AVAILABLE. */
  processingReads: number;
  /** Whether new connections get a refresh token (LinkedIn gives them to some apps only). */
  issueRefreshTokens: boolean;
  /** Every call to the token endpoint: its grant type and whether client id and secret were right. */
  tokenRequests: { grantType: string; clientAuth: boolean }[];
  /**
   * Whether the app may read a member's posts back (GET /rest/posts?q=author needs
   * r_member_social, which LinkedIn grants to few apps): without it, 403 ACCESS_DENIED.
   */
  readPosts: boolean;
}

/** The characters LinkedIn's "little" text format reserves (escaped with a backslash to be plain text). */
const LITTLE_RESERVED = new Set([...'|{}@[]()<>#\\*_~']);

/**
 * A commentary as a LinkedIn reader sees it: escapes undone, a link whole, a mention `@[Name](urn)`
 * as its name, a `#word` as the hashtag; an unescaped reserved character anywhere else ends the
 * text there (LinkedIn keeps what came before it and drops the rest).
 */
export function readLittle(commentary: string): string {
  let out = '';
  for (let i = 0; i < commentary.length; i++) {
    const ch = commentary[i]!;
    const link = /^https?:\/\/[^\s<>"]+/.exec(commentary.slice(i, i + 2100));
    if (link && (i === 0 || /\s/.test(commentary[i - 1]!))) {
      out += link[0];
      i += link[0].length - 1;
      continue;
    }
    if (ch === '\\' && i + 1 < commentary.length) {
      out += commentary[++i];
      continue;
    }
    if (!LITTLE_RESERVED.has(ch)) {
      out += ch;
      continue;
    }
    const mention = /^@\[([^\]]*)\]\((urn:li:[a-z]+:[^)]+)\)/.exec(commentary.slice(i));
    if (mention) {
      out += mention[1];
      i += mention[0].length - 1;
      continue;
    }
    const hashtag = ch === '#' && /^#[\p{L}\p{N}_]+/u.exec(commentary.slice(i));
    if (hashtag && (i === 0 || /\s/.test(commentary[i - 1]!))) {
      out += hashtag[0];
      i += hashtag[0].length - 1;
      continue;
    }
    break;
  }
  return out;
}

export async function startFakeLinkedin(): Promise<FakeLinkedin> {
  const consent: Consent = { ask: false };
  const clientId = 'li-client';
  const clientSecret = 'li-secret';
  const codes = new Map<string, string>();
  const tokens = new Set<string>();
  const received: Received[] = [];
  const faults = new Faults();
  const documents = new Map<string, Buffer>();
  const posts: Record<string, unknown>[] = [];
  const postIds = new Map<Record<string, unknown>, { id: string; createdAt: number }>();
  const uploads: ReceivedMedia[] = [];
  const videos = new Map<
    string,
    { size: number; parts: Map<number, Buffer>; etags: string[]; done: boolean; readsLeft: number }
  >();
  const video = { processingReads: 0 };
  const state = {
    badHeaders: 0,
    readPosts: false,
    issueRefreshTokens: false,
    tokenRequests: [] as { grantType: string; clientAuth: boolean }[],
  };
  const refreshTokens = new Set<string>();
  let next = 7000;
  let origin = '';
  const reset = (seconds: number) => ({ 'retry-after': String(seconds) });
  const server = await listenLocal(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const part = /^\/video-upload\/(\d+)\/(\d+)$/.exec(url.pathname);
    if (req.method === 'PUT' && part) {
      const upload = videos.get(part[1]!);
      if (!upload) return send(res, 404, { status: 404, message: 'Unknown upload' });
      const bytes = await readRaw(req);
      upload.parts.set(Number(part[2]), bytes);
      const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"`;
      upload.etags[Number(part[2])] = etag;
      res.writeHead(200, { etag });
      return res.end();
    }
    if (req.method === 'PUT' && url.pathname.startsWith('/upload/')) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      documents.set(url.pathname.slice('/upload/'.length), Buffer.concat(chunks));
      return send(res, 201, undefined);
    }
    const body = parseBody(req, await readBody(req));
    if ((req.method === 'GET' || req.method === 'POST') && url.pathname === '/oauth/v2/authorization') {
      if (consentPage(req, res, consent)) return;
      if (url.searchParams.get('client_id') !== clientId) return send(res, 400, { error: 'invalid_client' });
      const code = token();
      codes.set(code, url.searchParams.get('redirect_uri') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/oauth/v2/accessToken') {
      const clientAuth = body.client_id === clientId && body.client_secret === clientSecret;
      state.tokenRequests.push({ grantType: String(body.grant_type), clientAuth });
      if (!clientAuth) return send(res, 401, { error: 'invalid_client' });
      if (body.grant_type === 'refresh_token') {
        if (!refreshTokens.has(String(body.refresh_token)))
          return send(res, 400, {
            error: 'invalid_request',
            error_description: 'The provided authorization grant or refresh token is invalid',
          });
      } else if (codes.get(String(body.code)) !== body.redirect_uri)
        return send(res, 400, { error: 'invalid_request' });
      else codes.delete(String(body.code));
      const access = token();
      tokens.add(access);
      const refresh = state.issueRefreshTokens ? token() : undefined;
      if (refresh) refreshTokens.add(refresh);
      return send(res, 200, {
        access_token: access,
        expires_in: 5_184_000,
        scope: 'openid,profile,w_member_social',
        ...(refresh && { refresh_token: refresh, refresh_token_expires_in: 31_536_000 }),
      });
    }
    if (req.method === 'POST' && url.pathname === '/oauth/v2/revoke') {
      tokens.delete(String(body.token));
      return send(res, 200, {});
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer))
      return send(res, 401, { status: 401, serviceErrorCode: 65600, message: 'Invalid access token' });
    if (url.pathname === '/v2/userinfo') return send(res, 200, { sub: 'abc123', name: 'Alice Example' });
    if (url.pathname.startsWith('/rest/')) {
      if (
        !/^\d{6}$/.test(String(req.headers['linkedin-version'] ?? '')) ||
        req.headers['x-restli-protocol-version'] !== '2.0.0'
      ) {
        state.badHeaders++;
        return send(res, 426, {
          status: 426,
          code: 'NONEXISTENT_VERSION',
          message: 'Requested version is not active',
        });
      }
      if (
        req.method === 'POST' &&
        url.pathname === '/rest/documents' &&
        url.searchParams.get('action') === 'initializeUpload'
      ) {
        const id = String(next++);
        return send(res, 200, {
          value: {
            uploadUrl: `${origin}/upload/${id}`,
            document: `urn:li:document:${id}`,
            uploadUrlExpiresAt: Date.now() + 3_600_000,
          },
        });
      }
      if (req.method === 'POST' && url.pathname === '/rest/videos') {
        const action = url.searchParams.get('action');
        if (action === 'initializeUpload') {
          const init = body.initializeUploadRequest as { owner?: string; fileSizeBytes?: number } | undefined;
          const size = Number(init?.fileSizeBytes);
          if (!init?.owner || !size)
            return send(res, 400, { status: 400, message: 'owner and fileSizeBytes' });
          const id = String(next++);
          // Parts of 4 MB, as LinkedIn splits a large video.
          const PART = 4 * 1024 * 1024;
          const uploadInstructions = [];
          for (let first = 0, n = 0; first < size; first += PART, n++)
            uploadInstructions.push({
              uploadUrl: `${origin}/video-upload/${id}/${n}`,
              firstByte: first,
              lastByte: Math.min(size, first + PART) - 1,
            });
          videos.set(id, {
            size,
            parts: new Map(),
            etags: [],
            done: false,
            readsLeft: video.processingReads,
          });
          return send(res, 200, {
            value: { video: `urn:li:video:${id}`, uploadToken: `token-${id}`, uploadInstructions },
          });
        }
        if (action === 'finalizeUpload') {
          const fin = body.finalizeUploadRequest as {
            video: string;
            uploadToken: string;
            uploadedPartIds: string[];
          };
          const id = String(fin?.video ?? '')
            .split(':')
            .pop()!;
          const upload = videos.get(id);
          if (!upload || fin.uploadToken !== `token-${id}`)
            return send(res, 400, { status: 400, message: 'Unknown video or upload token' });
          if (JSON.stringify(fin.uploadedPartIds) !== JSON.stringify(upload.etags))
            return send(res, 400, { status: 400, message: 'uploadedPartIds do not match the parts' });
          const whole = Buffer.concat(
            [...upload.parts.entries()].sort(([a], [b]) => a - b).map(([, b]) => b),
          );
          if (whole.length !== upload.size)
            return send(res, 400, { status: 400, message: `got ${whole.length} of ${upload.size} bytes` });
          upload.done = true;
          uploads.push({
            id: fin.video,
            type: 'video/mp4',
            bytes: whole.length,
            alt: null,
            head: headOf(whole),
          });
          return send(res, 200, {});
        }
      }
      const videoRead = /^\/rest\/videos\/(.+)$/.exec(url.pathname);
      if (req.method === 'GET' && videoRead) {
        const id = decodeURIComponent(videoRead[1]!).split(':').pop()!;
        const upload = videos.get(id);
        if (!upload?.done) return send(res, 404, { status: 404, message: 'Not found' });
        if (upload.readsLeft > 0) {
          upload.readsLeft--;
          return send(res, 200, { id: `urn:li:video:${id}`, status: 'PROCESSING' });
        }
        return send(res, 200, { id: `urn:li:video:${id}`, status: 'AVAILABLE' });
      }
      if (req.method === 'GET' && url.pathname === '/rest/posts' && url.searchParams.get('q') === 'author') {
        // Posts API, "Find Posts by Authors": newest first, needs r_member_social for a member's posts.
        if (!state.readPosts)
          return send(res, 403, {
            status: 403,
            serviceErrorCode: 100,
            code: 'ACCESS_DENIED',
            message: 'Not enough permissions to access: partnerApiPostsExternal.FINDER-author',
          });
        const author = url.searchParams.get('author');
        const count = Number(url.searchParams.get('count') ?? 10);
        const elements = posts
          .filter((p) => p.author === author)
          .map((p) => ({ ...p, ...postIds.get(p) }))
          .reverse()
          .slice(0, count);
        return send(res, 200, { paging: { start: 0, count, links: [] }, elements });
      }
      if (req.method === 'POST' && url.pathname === '/rest/posts') {
        const fault = applyFault(faults.next(), res, reset);
        if (fault.handled) return;
        const mediaId = (body.content as { media?: { id?: string } } | undefined)?.media?.id ?? '';
        const videoId = mediaId.startsWith('urn:li:video:') ? mediaId.split(':').pop()! : null;
        if (videoId && !videos.get(videoId)?.done)
          return send(res, 400, { status: 400, message: 'The video is not uploaded' });
        const urn = `urn:li:share:${next++}`;
        posts.push(body);
        postIds.set(body, { id: urn, createdAt: Date.now() });
        received.push({
          platform: 'linkedin',
          account: String(body.author),
          id: urn,
          // What a reader sees: the little format read back (an unescaped reserved character cuts it).
          text: readLittle(String(body.commentary)),
          replyTo: null,
          at: Date.now(),
          headers: { 'linkedin-version': req.headers['linkedin-version'] },
          ...(videoId && { media: uploads.filter((u) => u.id === mediaId) }),
        });
        if (
          await answerAfterStore(fault, res, { status: fault.thenStatus, message: 'Internal Server Error' })
        )
          return;
        res.writeHead(201, { 'x-restli-id': urn });
        return res.end();
      }
    }
    send(res, 404, { status: 404, message: 'Not found' });
  });
  origin = server.origin;
  return {
    ...server,
    consent,
    faults,
    received,
    clientId,
    clientSecret,
    documents,
    posts,
    uploads,
    get processingReads() {
      return video.processingReads;
    },
    set processingReads(value: number) {
      video.processingReads = value;
    },
    get badHeaders() {
      return state.badHeaders;
    },
    get issueRefreshTokens() {
      return state.issueRefreshTokens;
    },
    get readPosts() {
      return state.readPosts;
    },
    set readPosts(value: boolean) {
      state.readPosts = value;
    },
    set issueRefreshTokens(value: boolean) {
      state.issueRefreshTokens = value;
    },
    tokenRequests: state.tokenRequests,
  };
}
