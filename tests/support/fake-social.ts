import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { type LocalHttp, listenLocal } from './local-http.ts';

/**
 * Local fakes of the publishing platforms that speak their protocols on loopback: Bluesky (the AT
 * Protocol's createSession, refreshSession, createRecord with the caller's record key, getRecord)
 * and Mastodon (app registration, OAuth with PKCE, verify_credentials, the instance's limits,
 * statuses with Idempotency-Key, an account's recent statuses, revoke). Each can be told to answer
 * the next posts with 401, 429 with a reset time, 5xx, or slowly (the post is made, the answer
 * comes late: an unknown outcome for the caller).
 */
export type Fault =
  | { pass: true }
  | { status: 401 }
  | { status: 429; resetSeconds: number }
  | { status: 500 | 502 | 503 }
  | { slowMs: number }
  /**
   * The post is stored, then the answer is a 502 or 503: a gateway that lost the server's answer,
   * or a server that failed after its write (the outcome is unknown to the caller).
   */
  | { storedThen: 502 | 503 };

export interface Received {
  platform: 'bluesky' | 'mastodon' | 'x' | 'linkedin';
  account: string;
  id: string;
  text: string;
  replyTo: string | null;
  at: number;
  headers?: Record<string, string | string[] | undefined>;
  /** Media attached to the post, as the platform stored it: its alt text, size and type. */
  media?: ReceivedMedia[];
}

/** One upload a fake took (an image or a video), with the alt text it got. */
export interface ReceivedMedia {
  id: string;
  type: string;
  bytes: number;
  alt: string | null;
  /** The first bytes (to check what arrived is the file that was sent). */
  head: string;
}

async function readRaw(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  return (await readRaw(req)).toString('utf8');
}

function parseBody(req: http.IncomingMessage, text: string): Record<string, unknown> {
  if (!text) return {};
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json')) return JSON.parse(text);
  if (type.includes('application/x-www-form-urlencoded') || !type)
    return Object.fromEntries(new URLSearchParams(text));
  return {};
}

/** A multipart/form-data body as the platform's server reads it. */
async function readForm(req: http.IncomingMessage, raw: Buffer): Promise<FormData> {
  return new Response(new Uint8Array(raw), {
    headers: { 'content-type': String(req.headers['content-type'] ?? '') },
  }).formData();
}

const headOf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 8)).toString('hex');

const send = (
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
};

const token = () => randomBytes(18).toString('base64url');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a fake's authorization shows its consent page first (`consent.ask`), as the real sites do. */
export interface Consent {
  ask: boolean;
}

/**
 * The platform's consent page, when asked for: the user clicks "Authorize Echo", the form posts to
 * the same address and the platform answers that POST with its redirect to Echo. The way back is then
 * a navigation the platform's own page starts, as on the real sites, so a browser treats it as coming
 * from another site. Answers the GET and returns true; false when the approval goes on.
 */
function consentPage(req: http.IncomingMessage, res: http.ServerResponse, consent: Consent): boolean {
  if (!consent.ask || req.method !== 'GET') return false;
  const action = (req.url ?? '/').replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><title>Authorize Echo</title></head><body><main><form method="post" action="${action}"><button>Authorize Echo</button></form></main></body></html>`,
  );
  return true;
}

class Faults {
  private queue: Fault[] = [];
  add(...faults: Fault[]) {
    this.queue.push(...faults);
  }
  /** Lets `count` posts through, then answers the next with `fault`. */
  after(count: number, fault: Fault) {
    this.queue.push(...Array.from({ length: count }, () => ({ pass: true }) as const), fault);
  }
  clear() {
    this.queue = [];
  }
  next(): Fault | undefined {
    return this.queue.shift();
  }
}

/**
 * Answers a fault that refuses (401, 429, 5xx); a slow fault, or a 5xx after the work, is returned
 * for the caller to apply after storing the post (`answerAfterStore`).
 */
function applyFault(
  fault: Fault | undefined,
  res: http.ServerResponse,
  resetHeader: (seconds: number) => Record<string, string>,
): { handled: boolean; slowMs?: number; thenStatus?: 502 | 503 } {
  if (!fault || 'pass' in fault) return { handled: false };
  if ('slowMs' in fault) return { handled: false, slowMs: fault.slowMs };
  if ('storedThen' in fault) return { handled: false, thenStatus: fault.storedThen };
  if (fault.status === 429) {
    send(
      res,
      429,
      { error: 'RateLimitExceeded', message: 'Rate limit exceeded' },
      resetHeader(fault.resetSeconds),
    );
    return { handled: true };
  }
  if (fault.status === 401) {
    send(res, 401, { error: 'InvalidToken', message: 'Bad token' });
    return { handled: true };
  }
  send(res, fault.status, { error: 'InternalServerError', message: 'Something broke' });
  return { handled: true };
}

/** What a post's handler does once the post is stored: the late answer or the 5xx of its fault, or nothing. */
async function answerAfterStore(
  fault: { slowMs?: number; thenStatus?: 502 | 503 },
  res: http.ServerResponse,
  body: unknown,
): Promise<boolean> {
  if (fault.slowMs) await sleep(fault.slowMs);
  if (res.destroyed) return true;
  if (fault.thenStatus) {
    send(res, fault.thenStatus, body);
    return true;
  }
  return false;
}

// --- Bluesky ---------------------------------------------------------------------------------

interface BskyRecord {
  uri: string;
  cid: string;
  value: Record<string, unknown>;
}

export interface FakeBluesky extends LocalHttp {
  /** Adds an account that can sign in with the app password. */
  addAccount(handle: string, appPassword: string): string;
  /** The DID of a handle (what com.atproto.identity.resolveHandle answers). */
  didOf(handle: string): string;
  /** The most createRecord calls this server had open at once. */
  readonly mostAtOnce: number;
  /** Makes every access token issued so far expired (the next call must refresh). */
  expireTokens(): void;
  /** Refuses the app password from now on (a revoked app password: 401 on sign-in and refresh). */
  revoke(handle: string): void;
  faults: Faults;
  /** Faults of uploadBlob (401, 429, 5xx, slow), apart from those of posts. */
  mediaFaults: Faults;
  received: Received[];
  records: Map<string, BskyRecord>;
  calls: string[];
  /** Every blob uploaded (com.atproto.repo.uploadBlob, and videos through app.bsky.video.uploadVideo), in order. */
  uploads: ReceivedMedia[];
  /** Service tokens granted (com.atproto.server.getServiceAuth): their audience and method. */
  serviceAuths: { aud: string; lxm: string }[];
  /** A video's job reports JOB_STATE_ENCODING this many times before it completes. */
  encodingReads: number;
}

/** The PDS the fake's DID documents name (the audience of a video service token). */
export const FAKE_BLUESKY_PDS = 'https://morel.us-east.host.bsky.network';

/** The AT Protocol's largest image blob (app.bsky.embed.images). */
export const BLUESKY_IMAGE_MAX_BYTES = 1_000_000;

export async function startFakeBluesky(): Promise<FakeBluesky> {
  const serviceTokens = new Map<string, { did: string; aud: string; lxm: string }>();
  const serviceAuths: { aud: string; lxm: string }[] = [];
  const jobs = new Map<string, { did: string; cid: string; readsLeft: number }>();
  const video = { encodingReads: 0 };
  const mediaFaults = new Faults();
  const uploads: ReceivedMedia[] = [];
  const blobs = new Map<string, ReceivedMedia>();
  const accounts = new Map<string, { did: string; handle: string; password: string; revoked: boolean }>();
  const access = new Map<string, { did: string; expired: boolean }>();
  const refresh = new Map<string, string>();
  const records = new Map<string, BskyRecord>();
  const received: Received[] = [];
  const calls: string[] = [];
  const faults = new Faults();
  const load = { now: 0, most: 0 };
  const reset = (seconds: number) => ({
    'ratelimit-limit': '100',
    'ratelimit-remaining': '0',
    'ratelimit-reset': String(Math.ceil(Date.now() / 1000 + seconds)),
  });

  const session = (account: { did: string; handle: string }) => {
    const accessJwt = `a.${token()}`;
    // JWT-shaped like the real ones: its payload carries `exp` (60 days), which Echo reads for the expiry.
    const exp = Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 60 * 86_400 })).toString(
      'base64url',
    );
    const refreshJwt = `r.${exp}.${token()}`;
    access.set(accessJwt, { did: account.did, expired: false });
    refresh.set(refreshJwt, account.did);
    // As bsky.social answers: the DID document names the account's own PDS (the entryway is not it).
    const didDoc = {
      id: account.did,
      service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: FAKE_BLUESKY_PDS }],
    };
    return { did: account.did, handle: account.handle, accessJwt, refreshJwt, active: true, didDoc };
  };
  const bearer = (req: http.IncomingMessage) => (req.headers.authorization ?? '').replace(/^Bearer /, '');
  const byDid = (did: string) => [...accounts.values()].find((a) => a.did === did);

  const server = await listenLocal(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = url.pathname.replace('/xrpc/', '');
    calls.push(method);
    const bytes = await readRaw(req);
    const raw = bytes.toString('utf8');
    const body = parseBody(req, raw);
    if (method === 'com.atproto.server.createSession') {
      const id = String(body.identifier ?? '');
      const account = accounts.get(id) ?? byDid(id);
      if (!account || account.revoked || account.password !== body.password)
        return send(res, 401, { error: 'AuthenticationRequired', message: 'Invalid identifier or password' });
      return send(res, 200, session(account));
    }
    if (method === 'com.atproto.server.refreshSession') {
      const did = refresh.get(bearer(req));
      const account = did ? byDid(did) : undefined;
      if (!account || account.revoked)
        return send(res, 401, { error: 'ExpiredToken', message: 'Token has expired' });
      refresh.delete(bearer(req));
      return send(res, 200, session(account));
    }
    if (method === 'com.atproto.identity.resolveHandle') {
      // Public: a handle to its DID, case-insensitive; an unknown handle is a 400 InvalidRequest.
      const handle = (url.searchParams.get('handle') ?? '').toLowerCase();
      const account = accounts.get(handle);
      if (!account) return send(res, 400, { error: 'InvalidRequest', message: 'Unable to resolve handle' });
      return send(res, 200, { did: account.did });
    }
    // The video service: uploadVideo with a service token from getServiceAuth; getJobStatus needs none.
    if (method === 'app.bsky.video.uploadVideo') {
      const fault = applyFault(mediaFaults.next(), res, reset);
      if (fault.handled) return;
      const granted = serviceTokens.get(bearer(req));
      if (granted?.lxm !== 'com.atproto.repo.uploadBlob' || granted.did !== url.searchParams.get('did'))
        return send(res, 401, { error: 'AuthenticationRequired', message: 'Invalid service token' });
      if (req.headers['content-type'] !== 'video/mp4')
        return send(res, 400, { error: 'InvalidRequest', message: 'video/mp4 only' });
      const cid = `bafkrei${createHash('sha256').update(bytes).digest('hex').slice(0, 40)}`;
      const media = { id: cid, type: 'video/mp4', bytes: bytes.length, alt: null, head: headOf(bytes) };
      uploads.push(media);
      blobs.set(cid, media);
      const jobId = `job-${token()}`;
      jobs.set(jobId, { did: granted.did, cid, readsLeft: video.encodingReads });
      return send(res, 200, { jobStatus: { jobId, did: granted.did, state: 'JOB_STATE_CREATED' } });
    }
    if (method === 'app.bsky.video.getJobStatus') {
      const jobId = url.searchParams.get('jobId') ?? '';
      const job = jobs.get(jobId);
      if (!job) return send(res, 400, { error: 'InvalidRequest', message: 'no such job' });
      if (job.readsLeft > 0) {
        job.readsLeft--;
        return send(res, 200, {
          jobStatus: { jobId, did: job.did, state: 'JOB_STATE_ENCODING', progress: 50 },
        });
      }
      const blob = blobs.get(job.cid)!;
      return send(res, 200, {
        jobStatus: {
          jobId,
          did: job.did,
          state: 'JOB_STATE_COMPLETED',
          blob: { $type: 'blob', ref: { $link: job.cid }, mimeType: 'video/mp4', size: blob.bytes },
        },
      });
    }
    const who = access.get(bearer(req));
    if (!who || byDid(who.did)?.revoked)
      return send(res, 401, { error: 'AuthenticationRequired', message: 'Invalid token' });
    if (method === 'com.atproto.server.getServiceAuth') {
      const aud = url.searchParams.get('aud') ?? '';
      const lxm = url.searchParams.get('lxm') ?? '';
      if (!aud.startsWith('did:'))
        return send(res, 400, { error: 'InvalidRequest', message: 'aud must be a DID' });
      const granted = `svc.${token()}`;
      serviceTokens.set(granted, { did: who.did, aud, lxm });
      serviceAuths.push({ aud, lxm });
      return send(res, 200, { token: granted });
    }
    if (who.expired) return send(res, 400, { error: 'ExpiredToken', message: 'Token has expired' });
    if (method === 'com.atproto.repo.uploadBlob') {
      const fault = applyFault(mediaFaults.next(), res, reset);
      if (fault.handled) return;
      const type = String(req.headers['content-type'] ?? '');
      if (bytes.length > BLUESKY_IMAGE_MAX_BYTES && type.startsWith('image/'))
        return send(res, 400, { error: 'BlobTooLarge', message: 'This file is too large' });
      const cid = `bafkrei${createHash('sha256').update(bytes).digest('hex').slice(0, 40)}`;
      const media = { id: cid, type, bytes: bytes.length, alt: null, head: headOf(bytes) };
      uploads.push(media);
      blobs.set(cid, media);
      if (fault.slowMs) await sleep(fault.slowMs);
      if (res.destroyed) return;
      return send(res, 200, {
        blob: { $type: 'blob', ref: { $link: cid }, mimeType: type, size: bytes.length },
      });
    }
    if (method === 'com.atproto.repo.createRecord') {
      load.now++;
      load.most = Math.max(load.most, load.now);
      res.on('close', () => load.now--);
      const fault = applyFault(faults.next(), res, reset);
      if (fault.handled) return;
      if (body.repo !== who.did) return send(res, 403, { error: 'InvalidRequest', message: 'Not your repo' });
      // An embed must name blobs this PDS holds, each image with its alt text (app.bsky.embed.images).
      const embed = (body.record as { embed?: Record<string, unknown> }).embed;
      let media: ReceivedMedia[] | undefined;
      if (embed?.$type === 'app.bsky.embed.video') {
        const blob = blobs.get((embed.video as { ref?: { $link?: string } } | undefined)?.ref?.$link ?? '');
        if (blob?.type !== 'video/mp4')
          return send(res, 400, { error: 'InvalidRecord', message: 'Invalid video blob' });
        media = [{ ...blob, alt: typeof embed.alt === 'string' ? embed.alt : null }];
      }
      if (embed?.$type === 'app.bsky.embed.images') {
        const images = embed.images as {
          image: { ref: { $link: string } };
          alt?: unknown;
          aspectRatio?: { width: number; height: number };
        }[];
        if (!Array.isArray(images) || images.length > 4)
          return send(res, 400, { error: 'InvalidRecord', message: 'images: at most 4' });
        media = [];
        for (const image of images) {
          const blob = blobs.get(image.image?.ref?.$link);
          if (!blob || typeof image.alt !== 'string' || !image.aspectRatio)
            return send(res, 400, {
              error: 'InvalidRecord',
              message: 'Invalid image: blob, alt, aspectRatio',
            });
          media.push({ ...blob, alt: image.alt });
        }
      }
      const rkey = String(body.rkey ?? Date.now().toString(36));
      const uri = `at://${who.did}/${body.collection}/${rkey}`;
      if (records.has(uri))
        return send(res, 400, { error: 'InvalidRequest', message: 'Record already exists' });
      const value = body.record as Record<string, unknown>;
      const cid = `bafy${createHash('sha256').update(raw).digest('hex').slice(0, 40)}`;
      records.set(uri, { uri, cid, value });
      const reply = value.reply as { parent?: { uri: string } } | undefined;
      received.push({
        platform: 'bluesky',
        account: who.did,
        id: uri,
        text: String(value.text),
        replyTo: reply?.parent?.uri ?? null,
        at: Date.now(),
        ...(media && { media }),
      });
      // A PDS behind its proxy: the record is committed, the answer lost (XRPC's error shape).
      if (await answerAfterStore(fault, res, { error: 'InternalServerError', message: 'Upstream Failure' }))
        return;
      return send(res, 200, { uri, cid, commit: { cid, rev: 'rev' } });
    }
    if (method === 'com.atproto.repo.getRecord') {
      const uri = `at://${url.searchParams.get('repo')}/${url.searchParams.get('collection')}/${url.searchParams.get('rkey')}`;
      const record = records.get(uri);
      if (!record)
        return send(res, 400, { error: 'RecordNotFound', message: `Could not locate record: ${uri}` });
      return send(res, 200, record);
    }
    send(res, 501, { error: 'MethodNotImplemented', message: method });
  });

  return {
    ...server,
    faults,
    mediaFaults,
    received,
    records,
    calls,
    uploads,
    serviceAuths,
    get encodingReads() {
      return video.encodingReads;
    },
    set encodingReads(value: number) {
      video.encodingReads = value;
    },
    get mostAtOnce() {
      return load.most;
    },
    didOf(handle) {
      return `did:plc:${createHash('sha256').update(handle).digest('hex').slice(0, 24)}`;
    },
    addAccount(handle, appPassword) {
      const did = `did:plc:${createHash('sha256').update(handle).digest('hex').slice(0, 24)}`;
      accounts.set(handle, { did, handle, password: appPassword, revoked: false });
      return did;
    },
    expireTokens() {
      for (const entry of access.values()) entry.expired = true;
    },
    revoke(handle) {
      const account = accounts.get(handle);
      if (account) account.revoked = true;
    },
  };
}

// --- Mastodon --------------------------------------------------------------------------------

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

// --- X (API v2, OAuth 2.0 with PKCE) -----------------------------------------------------------

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

// --- LinkedIn (OAuth 2.0, versioned Posts and Documents APIs) ----------------------------------

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
