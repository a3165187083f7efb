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

/** A fake Mastodon instance: app registration, OAuth with PKCE, statuses with Idempotency-Key, media. */
export interface FakeMastodon extends LocalHttp {
  /** Set `ask` for the consent page before the redirect back (a browser test's connect). */
  consent: Consent;
  faults: Faults;
  received: Received[];
  /** The instance's post length (configuration.statuses.max_characters). */
  maxCharacters: number;
  /** Every token issued so far stops working (401). */
  revokeAll(): void;
  revoked: string[];
  /** Codes whose PKCE verifier did not match (the token was refused). */
  pkceFailures: number;
  calls: string[];
  /** Faults of POST /api/v2/media, apart from those of statuses. */
  mediaFaults: Faults;
  /** Every attachment uploaded (POST /api/v2/media), in order, with its description. */
  uploads: ReceivedMedia[];
  /** Uploads answer 202 and stay processing for this many reads of GET /api/v1/media/:id. */
  processingReads: number;
}

export async function startFakeMastodon(username = 'alice', maxCharacters = 500): Promise<FakeMastodon> {
  const consent: Consent = { ask: false };
  const apps = new Map<string, { secret: string; redirect: string }>();
  const codes = new Map<string, { clientId: string; challenge: string | null; redirect: string }>();
  const tokens = new Set<string>();
  const idempotency = new Map<string, unknown>();
  const statuses: { id: string; content: string; in_reply_to_id: string | null; url: string; uri: string }[] =
    [];
  const received: Received[] = [];
  const calls: string[] = [];
  const faults = new Faults();
  const mediaFaults = new Faults();
  const uploads: ReceivedMedia[] = [];
  const attachments = new Map<string, ReceivedMedia & { readsLeft: number }>();
  let next = 1000;
  const state = { maxCharacters, pkceFailures: 0, revoked: [] as string[], processingReads: 0 };
  const reset = (seconds: number) => ({
    'x-ratelimit-limit': '300',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': new Date(Date.now() + seconds * 1000).toISOString(),
  });
  let origin = '';
  const escapeHtml = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  const server = await listenLocal(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${req.method} ${url.pathname}`);
    const raw = await readRaw(req);
    const body = parseBody(req, raw.toString('utf8'));
    if (req.method === 'POST' && url.pathname === '/api/v1/apps') {
      const clientId = token();
      apps.set(clientId, { secret: token(), redirect: String(body.redirect_uris) });
      return send(res, 200, {
        client_id: clientId,
        client_secret: apps.get(clientId)!.secret,
        name: body.client_name,
      });
    }
    if (url.pathname === '/api/v2/instance')
      return send(res, 200, {
        domain: '127.0.0.1',
        configuration: { statuses: { max_characters: state.maxCharacters, characters_reserved_per_url: 23 } },
      });
    if ((req.method === 'GET' || req.method === 'POST') && url.pathname === '/oauth/authorize') {
      if (consentPage(req, res, consent)) return;
      // The user approves (at once, or on the consent page): back to the redirect with a code.
      const clientId = url.searchParams.get('client_id') ?? '';
      const app = apps.get(clientId);
      const redirect = url.searchParams.get('redirect_uri') ?? '';
      if (!app || app.redirect !== redirect) return send(res, 400, { error: 'invalid_client' });
      const code = token();
      codes.set(code, { clientId, challenge: url.searchParams.get('code_challenge'), redirect });
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const grant = codes.get(String(body.code));
      const app = apps.get(String(body.client_id));
      if (!grant || !app || app.secret !== body.client_secret || grant.redirect !== body.redirect_uri)
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'The provided authorization grant is invalid',
        });
      if (grant.challenge) {
        const verifier = String(body.code_verifier ?? '');
        if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) {
          state.pkceFailures++;
          return send(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        }
      }
      codes.delete(String(body.code));
      const access = token();
      tokens.add(access);
      return send(res, 200, {
        access_token: access,
        token_type: 'Bearer',
        scope: body.scope,
        created_at: Date.now() / 1000,
      });
    }
    if (req.method === 'POST' && url.pathname === '/oauth/revoke') {
      tokens.delete(String(body.token));
      state.revoked.push(String(body.token));
      return send(res, 200, {});
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return send(res, 401, { error: 'The access token is invalid' });
    if (url.pathname === '/api/v1/accounts/verify_credentials')
      return send(res, 200, { id: '109', username, acct: username, url: `${origin}/@${username}` });
    if (req.method === 'GET' && /^\/api\/v1\/accounts\/[^/]+\/statuses$/.test(url.pathname))
      return send(res, 200, [...statuses].reverse().slice(0, Number(url.searchParams.get('limit') ?? 20)));
    if (req.method === 'POST' && url.pathname === '/api/v2/media') {
      const fault = applyFault(mediaFaults.next(), res, reset);
      if (fault.handled) return;
      const form = await readForm(req, raw);
      const file = form.get('file');
      if (!(file instanceof Blob)) return send(res, 422, { error: 'Validation failed: File is missing' });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const description = form.get('description');
      if (typeof description === 'string' && [...description].length > 1500)
        return send(res, 422, { error: 'Validation failed: Description is too long (maximum is 1500)' });
      const id = String(next++);
      const media = {
        id,
        type: file.type,
        bytes: bytes.length,
        alt: typeof description === 'string' ? description : null,
        head: headOf(bytes),
      };
      uploads.push(media);
      attachments.set(id, { ...media, readsLeft: state.processingReads });
      if (fault.slowMs) await sleep(fault.slowMs);
      if (res.destroyed) return;
      const processing = state.processingReads > 0;
      return send(res, processing ? 202 : 200, {
        id,
        type: file.type.startsWith('video/') ? 'video' : 'image',
        url: processing ? null : `${origin}/media/${id}`,
        description: media.alt,
      });
    }
    const mediaRead = /^\/api\/v1\/media\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && mediaRead) {
      const attachment = attachments.get(mediaRead[1]!);
      if (!attachment) return send(res, 404, { error: 'Record not found' });
      if (attachment.readsLeft > 0) {
        attachment.readsLeft--;
        return send(res, 206, { id: attachment.id, url: null });
      }
      return send(res, 200, { id: attachment.id, url: `${origin}/media/${attachment.id}` });
    }
    if (req.method === 'POST' && url.pathname === '/api/v1/statuses') {
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && idempotency.has(`${bearer}:${key}`))
        return send(res, 200, idempotency.get(`${bearer}:${key}`));
      const fault = applyFault(faults.next(), res, reset);
      if (fault.handled) return;
      const text = String(body.status ?? '');
      if ([...text].length > state.maxCharacters)
        return send(res, 422, { error: 'Validation failed: Text character limit of 500 exceeded' });
      const mediaIds = (body.media_ids as string[] | undefined) ?? [];
      if (mediaIds.length > 4) return send(res, 422, { error: 'Validation failed: at most 4 attachments' });
      const media: ReceivedMedia[] = [];
      for (const id of mediaIds) {
        const attachment = attachments.get(String(id));
        if (!attachment) return send(res, 422, { error: 'Validation failed: unknown media' });
        if (attachment.readsLeft > 0)
          return send(res, 422, { error: 'Cannot attach files that have not finished processing' });
        const { readsLeft: _, ...stored } = attachment;
        media.push(stored);
      }
      const id = String(next++);
      const status = {
        id,
        content: `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>').replace(/\n/g, '<br>')}</p>`,
        in_reply_to_id: (body.in_reply_to_id as string | undefined) ?? null,
        url: `${origin}/@${username}/${id}`,
        uri: `${origin}/users/${username}/statuses/${id}`,
      };
      statuses.push(status);
      if (typeof key === 'string') idempotency.set(`${bearer}:${key}`, status);
      received.push({
        platform: 'mastodon',
        account: username,
        id,
        text,
        replyTo: status.in_reply_to_id,
        at: Date.now(),
        ...(media.length && { media }),
      });
      // nginx in front of Puma: the status is saved (and its Idempotency-Key kept), the answer a bare 5xx.
      if (await answerAfterStore(fault, res, { error: 'Bad Gateway' })) return;
      return send(res, 200, status);
    }
    send(res, 404, { error: 'Record not found' });
  });
  origin = server.origin;
  return {
    ...server,
    consent,
    faults,
    received,
    calls,
    get maxCharacters() {
      return state.maxCharacters;
    },
    set maxCharacters(value: number) {
      state.maxCharacters = value;
    },
    get pkceFailures() {
      return state.pkceFailures;
    },
    revoked: state.revoked,
    revokeAll() {
      tokens.clear();
    },
    mediaFaults,
    uploads,
    get processingReads() {
      return state.processingReads;
    },
    set processingReads(value: number) {
      state.processingReads = value;
    },
  };
}
