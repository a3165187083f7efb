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
  readForm,
  readRaw,
  send,
  sleep,
  token,
} from './shared.ts';

/** A fake X (API v2, OAuth 2.0 with PKCE): posts, media and chunked video uploads. */
export interface FakeX extends LocalHttp {
  /** Set `ask` for the consent page before the redirect back (a browser test's connect). */
  consent: Consent;
  faults: Faults;
  received: Received[];
  clientId: string;
  clientSecret: string;
  /** Token requests whose PKCE verifier was missing or did not match (refused). */
  pkceFailures: number;
  /** Access tokens issued so far stop working (401); the refresh token still works. */
  expireTokens(): void;
  refreshes: number;
  revoked: string[];
  /** Faults of the media upload, apart from those of posts. */
  mediaFaults: Faults;
  /** Every media uploaded (POST /2/media/upload, or a video's INIT/APPEND/FINALIZE), in order, with the alt text set by /2/media/metadata. */
  uploads: ReceivedMedia[];
  /** APPEND requests received (a video's chunks). */
  appends: number;
  /** A finalized video reports processing this many times (STATUS) before it succeeds. */
  processingReads: number;
  /** Every call to the token endpoint: its grant type and whether the app's Basic client auth was right. */
  tokenRequests: { grantType: string; clientAuth: boolean }[];
  /** The token endpoint answers this status (500: an outage) until set back to null. */
  failTokens(status: number | null): void;
  /** The user's timeline shows no Posts (X's reads lag behind its writes). */
  hideRecent: boolean;
}

export async function startFakeX(username = 'alice_x'): Promise<FakeX> {
  const consent: Consent = { ask: false };
  const clientId = 'x-client';
  const clientSecret = 'x-secret';
  const codes = new Map<string, { challenge: string; redirect: string }>();
  const access = new Map<string, boolean>();
  const refresh = new Set<string>();
  const tweets: { id: string; text: string; created_at: string }[] = [];
  const received: Received[] = [];
  const faults = new Faults();
  const mediaFaults = new Faults();
  const uploads: ReceivedMedia[] = [];
  const media = new Map<string, ReceivedMedia & { ready?: boolean }>();
  const chunked = new Map<string, { total: number; segments: Map<number, Buffer>; readsLeft: number }>();
  const state = {
    pkceFailures: 0,
    refreshes: 0,
    revoked: [] as string[],
    tokenRequests: [] as { grantType: string; clientAuth: boolean }[],
    tokenFault: null as number | null,
    appends: 0,
    processingReads: 0,
    hideRecent: false,
  };
  let next = 1_800_000_000_000;
  const issue = () => {
    const accessToken = token();
    const refreshToken = token();
    access.set(accessToken, true);
    refresh.add(refreshToken);
    return {
      token_type: 'bearer',
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: 7200,
      scope: 'tweet.read tweet.write users.read offline.access',
    };
  };
  const reset = (seconds: number) => ({
    'x-rate-limit-remaining': '0',
    'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000 + seconds)),
  });
  const server = await listenLocal(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readRaw(req);
    const body = parseBody(req, raw.toString('utf8'));
    if ((req.method === 'GET' || req.method === 'POST') && url.pathname === '/i/oauth2/authorize') {
      if (consentPage(req, res, consent)) return;
      const challenge = url.searchParams.get('code_challenge');
      if (
        url.searchParams.get('client_id') !== clientId ||
        url.searchParams.get('code_challenge_method') !== 'S256' ||
        !challenge
      )
        return send(res, 400, { error: 'invalid_request' });
      const code = token();
      codes.set(code, { challenge, redirect: url.searchParams.get('redirect_uri') ?? '' });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    const basicOk =
      req.headers.authorization === `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (req.method === 'POST' && url.pathname === '/2/oauth2/token') {
      state.tokenRequests.push({ grantType: String(body.grant_type), clientAuth: basicOk });
      if (state.tokenFault) return send(res, state.tokenFault, { error: 'server_error' });
      if (!basicOk) return send(res, 401, { error: 'unauthorized_client' });
      if (body.grant_type === 'authorization_code') {
        const grant = codes.get(String(body.code));
        if (!grant || grant.redirect !== body.redirect_uri)
          return send(res, 400, {
            error: 'invalid_request',
            error_description: 'Value passed for the authorization code was invalid.',
          });
        if (
          createHash('sha256')
            .update(String(body.code_verifier ?? ''))
            .digest('base64url') !== grant.challenge
        ) {
          state.pkceFailures++;
          return send(res, 400, {
            error: 'invalid_request',
            error_description: 'code_verifier does not match',
          });
        }
        codes.delete(String(body.code));
        return send(res, 200, issue());
      }
      if (body.grant_type === 'refresh_token') {
        if (!refresh.delete(String(body.refresh_token)))
          return send(res, 400, { error: 'invalid_request', error_description: 'Invalid refresh token' });
        state.refreshes++;
        return send(res, 200, issue());
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    if (req.method === 'POST' && url.pathname === '/2/oauth2/revoke') {
      if (!basicOk) return send(res, 401, { error: 'unauthorized_client' });
      access.delete(String(body.token));
      state.revoked.push(String(body.token));
      return send(res, 200, { revoked: true });
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!access.get(bearer))
      return send(res, 401, {
        title: 'Unauthorized',
        type: 'about:blank',
        status: 401,
        detail: 'Unauthorized',
      });
    if (url.pathname === '/2/users/me')
      return send(res, 200, { data: { id: '42', name: 'Alice', username } });
    if (req.method === 'GET' && url.pathname === '/2/users/42/tweets') {
      // GET /2/users/:id/tweets: newest first; start_time (inclusive, whole seconds) bounds the oldest;
      // created_at only when tweet.fields asks for it.
      if (state.hideRecent) return send(res, 200, { meta: { result_count: 0 } });
      const start = url.searchParams.get('start_time');
      const max = Math.min(100, Math.max(5, Number(url.searchParams.get('max_results') ?? 10)));
      const withCreated = (url.searchParams.get('tweet.fields') ?? '').split(',').includes('created_at');
      const data = [...tweets]
        .reverse()
        .filter((t) => !start || t.created_at >= new Date(start).toISOString())
        .slice(0, max)
        .map((t) => ({ id: t.id, text: t.text, ...(withCreated && { created_at: t.created_at }) }));
      return send(
        res,
        200,
        data.length ? { data, meta: { result_count: data.length } } : { meta: { result_count: 0 } },
      );
    }
    if (req.method === 'POST' && url.pathname === '/2/media/upload') {
      const fault = applyFault(mediaFaults.next(), res, reset);
      if (fault.handled) return;
      const form = await readForm(req, raw);
      const file = form.get('media');
      if (!(file instanceof Blob) || form.get('media_category') !== 'tweet_image')
        return send(res, 400, { title: 'Invalid Request', detail: 'media and media_category are required' });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const id = String(next++);
      const item = {
        id,
        type: String(form.get('media_type') ?? file.type),
        bytes: bytes.length,
        alt: null,
        head: headOf(bytes),
      };
      uploads.push(item);
      media.set(id, item);
      if (fault.slowMs) await sleep(fault.slowMs);
      if (res.destroyed) return;
      return send(res, 200, { data: { id, media_key: `3_${id}`, expires_after_secs: 86400 } });
    }
    if (req.method === 'POST' && url.pathname === '/2/media/upload/initialize') {
      const fault = applyFault(mediaFaults.next(), res, reset);
      if (fault.handled) return;
      if (
        body.media_category !== 'tweet_video' ||
        body.media_type !== 'video/mp4' ||
        !Number(body.total_bytes)
      )
        return send(res, 400, {
          title: 'Invalid Request',
          detail: 'media_type, total_bytes, media_category',
        });
      const id = String(next++);
      chunked.set(id, {
        total: Number(body.total_bytes),
        segments: new Map(),
        readsLeft: state.processingReads,
      });
      return send(res, 200, { data: { id, media_key: `7_${id}`, expires_after_secs: 86400 } });
    }
    const step = /^\/2\/media\/upload\/(\d+)\/(append|finalize)$/.exec(url.pathname);
    if (req.method === 'POST' && step) {
      const upload = chunked.get(step[1]!);
      if (!upload) return send(res, 400, { title: 'Invalid Request', detail: 'unknown media id' });
      if (step[2] === 'append') {
        const form = await readForm(req, raw);
        const chunk = form.get('media');
        const segment = Number(form.get('segment_index'));
        if (!(chunk instanceof Blob) || !Number.isInteger(segment))
          return send(res, 400, { title: 'Invalid Request', detail: 'media and segment_index' });
        state.appends++;
        upload.segments.set(segment, Buffer.from(await chunk.arrayBuffer()));
        return send(res, 200, {});
      }
      const whole = Buffer.concat([...upload.segments.entries()].sort(([a], [b]) => a - b).map(([, b]) => b));
      if (whole.length !== upload.total)
        return send(res, 400, {
          title: 'Invalid Request',
          detail: `got ${whole.length} of ${upload.total} bytes`,
        });
      const item = {
        id: step[1]!,
        type: 'video/mp4',
        bytes: whole.length,
        alt: null,
        head: headOf(whole),
        ready: upload.readsLeft === 0,
      };
      uploads.push({ id: item.id, type: item.type, bytes: item.bytes, alt: null, head: item.head });
      media.set(item.id, item);
      return send(res, 200, {
        data: {
          id: item.id,
          ...(upload.readsLeft > 0 && { processing_info: { state: 'pending', check_after_secs: 1 } }),
        },
      });
    }
    if (
      req.method === 'GET' &&
      url.pathname === '/2/media/upload' &&
      url.searchParams.get('command') === 'STATUS'
    ) {
      const id = url.searchParams.get('media_id') ?? '';
      const upload = chunked.get(id);
      const item = media.get(id);
      if (!upload || !item) return send(res, 400, { title: 'Invalid Request', detail: 'unknown media id' });
      if (upload.readsLeft > 0) upload.readsLeft--;
      item.ready = upload.readsLeft === 0;
      return send(res, 200, {
        data: {
          id,
          processing_info: item.ready
            ? { state: 'succeeded', progress_percent: 100 }
            : { state: 'in_progress', check_after_secs: 1, progress_percent: 50 },
        },
      });
    }
    if (req.method === 'POST' && url.pathname === '/2/media/metadata') {
      const item = media.get(String(body.id));
      const text = (body.metadata as { alt_text?: { text?: string } } | undefined)?.alt_text?.text;
      if (!item) return send(res, 400, { title: 'Invalid Request', detail: 'unknown media id' });
      if (typeof text !== 'string' || text.length > 1000)
        return send(res, 400, { title: 'Invalid Request', detail: 'alt_text.text: at most 1000 characters' });
      item.alt = text;
      return send(res, 200, { data: { associated_metadata: { alt_text: { text } } } });
    }
    if (req.method === 'POST' && url.pathname === '/2/tweets') {
      const fault = applyFault(faults.next(), res, reset);
      if (fault.handled) return;
      const mediaIds = (body.media as { media_ids?: string[] } | undefined)?.media_ids ?? [];
      if (
        mediaIds.length > 4 ||
        mediaIds.some((m) => !media.has(String(m)) || media.get(String(m))!.ready === false)
      )
        return send(res, 400, {
          title: 'Invalid Request',
          detail: 'media_ids: at most 4 known, processed media',
        });
      const attached = mediaIds.map((m) => {
        const { ready: _, ...item } = media.get(String(m))!;
        return item;
      });
      const text = String(body.text);
      // X refuses a Post whose text repeats one of the account's recent Posts.
      if (tweets.some((t) => t.text === text))
        return send(res, 403, {
          detail: 'You are not allowed to create a Tweet with duplicate content.',
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
        });
      const id = String(next++);
      tweets.push({ id, text, created_at: new Date().toISOString() });
      const reply =
        (body.reply as { in_reply_to_tweet_id?: string } | undefined)?.in_reply_to_tweet_id ?? null;
      received.push({
        platform: 'x',
        account: username,
        id,
        text,
        replyTo: reply,
        at: Date.now(),
        ...(attached.length && { media: attached }),
      });
      // X's problem+json for an outage: the Post may have been created all the same.
      if (
        await answerAfterStore(fault, res, {
          title: 'Service Unavailable',
          detail: 'Service Unavailable',
          type: 'about:blank',
          status: fault.thenStatus,
        })
      )
        return;
      return send(res, 201, { data: { id, text, edit_history_tweet_ids: [id] } });
    }
    send(res, 404, { title: 'Not Found Error' });
  });
  return {
    ...server,
    consent,
    faults,
    received,
    clientId,
    clientSecret,
    get pkceFailures() {
      return state.pkceFailures;
    },
    get refreshes() {
      return state.refreshes;
    },
    revoked: state.revoked,
    mediaFaults,
    uploads,
    get appends() {
      return state.appends;
    },
    get processingReads() {
      return state.processingReads;
    },
    set processingReads(value: number) {
      state.processingReads = value;
    },
    tokenRequests: state.tokenRequests,
    get hideRecent() {
      return state.hideRecent;
    },
    set hideRecent(value: boolean) {
      state.hideRecent = value;
    },
    failTokens(status) {
      state.tokenFault = status;
    },
    expireTokens() {
      for (const key of access.keys()) access.set(key, false);
    },
  };
}
