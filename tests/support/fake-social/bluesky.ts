import { createHash } from 'node:crypto';
import type http from 'node:http';
import { type LocalHttp, listenLocal } from '../local-http.ts';
import {
  answerAfterStore,
  applyFault,
  Faults,
  headOf,
  parseBody,
  type Received,
  type ReceivedMedia,
  readRaw,
  send,
  sleep,
  token,
} from './shared.ts';

/** A fake Bluesky: the AT Protocol's sessions, records with the caller's record key, blobs and video jobs. */
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
