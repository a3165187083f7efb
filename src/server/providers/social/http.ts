import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import ipaddr from 'ipaddr.js';

/**
 * How a platform call ended when it did not succeed:
 * - `auth`: the token or app password was refused (401): the account needs reconnecting;
 * - `rate_limited`: 429, with the platform's reset time when it gave one;
 * - `server`: 5xx, the platform's trouble: retried with backoff;
 * - `refused`: another 4xx: the platform will not take this post as it is (not retried);
 * - `unknown`: no answer (time-out, dropped connection): the platform may or may not have made it.
 */
export type PlatformFailure = 'auth' | 'rate_limited' | 'server' | 'refused' | 'unknown';

export class PlatformError extends Error {
  readonly kind: PlatformFailure;
  readonly status: number | undefined;
  readonly resetAt: Date | undefined;
  constructor(kind: PlatformFailure, message: string, status?: number, resetAt?: Date) {
    super(message);
    this.name = 'PlatformError';
    this.kind = kind;
    this.status = status;
    this.resetAt = resetAt;
  }
}

/** A rate-limit reset header as a time: epoch seconds (AT Protocol, X) or an HTTP/ISO date (Mastodon). */
export function resetTime(value: string | null, now = Date.now()): Date | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value)) {
    const n = Number(value);
    // Epoch seconds, or (some platforms) seconds from now.
    return new Date(n > 1e9 ? n * 1000 : now + n * 1000);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** Raw bytes, or a Blob (a file's, streamed from disk). */
  body?: Uint8Array | Blob;
  /** multipart/form-data (media uploads); fetch writes the boundary. */
  multipart?: FormData;
  timeoutMs: number;
  /** Header names holding the rate limit's reset time, first found wins. */
  resetHeaders?: string[];
}

/**
 * One call to a platform: JSON in and out, a time-out, no redirects followed (a token never goes
 * anywhere else), and every failure as a PlatformError of its kind. The answer's text never
 * carries a token back into a message (only its first 200 characters of error text are kept).
 */
export async function callPlatform<T>(
  platform: string,
  url: string,
  options: CallOptions,
): Promise<{ body: T; headers: Headers; status: number }> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.multipart) body = options.multipart;
  else if (options.body) body = options.body instanceof Blob ? options.body : new Uint8Array(options.body);
  let response: Response;
  let text: string;
  const init = {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs),
  };
  const target = URL.parse(url);
  if (!target) throw new PlatformError('refused', `${platform}: not an address`);
  const checked = needsPublicAddress(target);
  if (checked && net.isIP(bare(target.hostname)) && !policy.isPublic(bare(target.hostname)))
    throw new PlatformError('refused', `${platform}: ${target.hostname} is not a public server`);
  try {
    response = checked
      ? await fetchAtPublicAddress(target, init)
      : await fetch(url, { ...init, redirect: 'error' });
    text = await response.text();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === NOT_PUBLIC)
      throw new PlatformError('refused', `${platform}: ${target.hostname} is not a public server`);
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'connection failed';
    throw new PlatformError('unknown', `${platform}: ${reason}`);
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  if (response.ok) return { body: parsed as T, headers: response.headers, status: response.status };
  const detail = describe(parsed, text);
  const message = `${platform} ${response.status}${detail ? `: ${detail}` : ''}`;
  if (response.status === 401) throw new PlatformError('auth', message, 401);
  if (response.status === 429) {
    const header = (options.resetHeaders ?? []).map((name) => response.headers.get(name)).find(Boolean);
    throw new PlatformError(
      'rate_limited',
      message,
      429,
      resetTime(header ?? response.headers.get('retry-after')),
    );
  }
  if (response.status >= 500) throw new PlatformError('server', message, response.status);
  throw new PlatformError('refused', message, response.status);
}

function describe(parsed: unknown, text: string): string {
  if (parsed && typeof parsed === 'object') {
    const o = parsed as Record<string, unknown>;
    // XRPC errors: a name and a message ("ExpiredToken: Token has expired").
    if (typeof o.error === 'string' && typeof o.message === 'string')
      return `${o.error}: ${o.message}`.slice(0, 200);
    const value = o.message ?? o.error_description ?? o.error ?? o.detail ?? o.title;
    if (typeof value === 'string') return value.slice(0, 200);
  }
  return text.slice(0, 200).replace(/\s+/g, ' ');
}

/**
 * Whether an address is an ordinary public unicast one, as ipaddr.js classifies it (its special
 * ranges follow the IANA registries): loopback, private, link-local (169.254/16, fe80::/10),
 * carrier-grade NAT, unique local, multicast, benchmarking (198.18/15), reserved, and the IPv6 forms
 * that carry an IPv4 address to somewhere else (NAT64 64:ff9b::/96, 6to4, Teredo) are not. An
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, which the URL parser writes `[::ffff:7f00:1]`) is
 * judged as the IPv4 address it is.
 */
export function isPublicAddress(address: string): boolean {
  // `process` reads an IPv4-mapped IPv6 address as its IPv4 address.
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

/**
 * Which platform origins may be reached at any address: every call to another origin (a user's
 * Mastodon instance or Bluesky server) is checked on the address it actually connects to, on each
 * call, so a name that later resolves to a private address (DNS rebinding) is refused like one
 * given as such. Process-wide, like a global HTTP dispatcher: the publishing feature sets it from the
 * configuration (the operator's own platform addresses are trusted; `PUBLISH_ALLOW_PRIVATE_HOSTS`
 * trusts every one).
 */
export interface OutboundPolicy {
  allowPrivate: boolean;
  trustedOrigins: ReadonlySet<string>;
  /** The address test (isPublicAddress; a test may narrow it). */
  isPublic: (address: string) => boolean;
}

let policy: OutboundPolicy = { allowPrivate: false, trustedOrigins: new Set(), isPublic: isPublicAddress };

/**
 * Sets the policy. Several apps in one process (tests) add up: their trusted origins join, and one
 * that allows private hosts allows them for all.
 */
export function setOutboundPolicy(
  next: Partial<Omit<OutboundPolicy, 'trustedOrigins'>> & { trustedOrigins?: Iterable<string> },
) {
  policy = {
    allowPrivate: policy.allowPrivate || Boolean(next.allowPrivate),
    trustedOrigins: new Set([...policy.trustedOrigins, ...(next.trustedOrigins ?? [])]),
    isPublic: next.isPublic ?? policy.isPublic,
  };
}

/** Puts the policy back as at start (tests). */
export function resetOutboundPolicy() {
  policy = { allowPrivate: false, trustedOrigins: new Set(), isPublic: isPublicAddress };
}

const needsPublicAddress = (target: URL) => !policy.allowPrivate && !policy.trustedOrigins.has(target.origin);
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');
const NOT_PUBLIC = 'ENOTPUBLIC';

/** A DNS lookup that answers only public addresses: the connection is made to what it returns. */
const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, found) => {
    if (error) return callback(error, '', 4);
    const addresses = found as LookupAddress[];
    if (!addresses.length || !addresses.every((a) => policy.isPublic(a.address)))
      return callback(
        Object.assign(new Error(`${hostname} is not a public server`), { code: NOT_PUBLIC }),
        '',
        4,
      );
    if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * fetch's contract over node:http(s) with `publicLookup` on the connection (fetch offers no lookup
 * of its own). The body as fetch would send it (a Request writes FormData's multipart, with its
 * boundary), streamed; no redirect followed (an error, as `redirect: 'error'`).
 */
async function fetchAtPublicAddress(
  target: URL,
  init: { method: string; headers: Record<string, string>; body?: BodyInit; signal: AbortSignal },
): Promise<Response> {
  const request = new Request(target, { method: init.method, headers: init.headers, body: init.body });
  const headers = Object.fromEntries(request.headers);
  const size = bodySize(init.body);
  if (size !== undefined) headers['content-length'] = String(size);
  const client = target.protocol === 'https:' ? https : http;
  const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const outgoing = client.request(
      target,
      { method: init.method, headers, lookup: publicLookup, signal: init.signal },
      resolve,
    );
    outgoing.on('error', (error) => reject(init.signal.aborted ? init.signal.reason : error));
    if (request.body) Readable.fromWeb(request.body as NodeReadableStream).pipe(outgoing);
    else outgoing.end();
  });
  const status = answer.statusCode ?? 0;
  if (status >= 300 && status < 400) {
    answer.destroy();
    throw new TypeError('redirect refused');
  }
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers))
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      responseHeaders.append(name, one);
  const empty = status === 204 || status === 205 || status === 304;
  if (empty) answer.resume();
  return new Response(empty ? null : (Readable.toWeb(answer) as ReadableStream), {
    status,
    headers: responseHeaders,
  });
}

/** The byte length of a body when it is known before sending (FormData's is not: sent chunked). */
function bodySize(body: BodyInit | undefined): number | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof Blob) return body.size;
  if (body instanceof Uint8Array) return body.byteLength;
  return undefined;
}

/**
 * An address a user gave (a Mastodon instance, a Bluesky server) as its origin, refused unless it
 * is https and every IP its name resolves to is public: Echo never calls into its own network
 * for a user (`allowPrivate` lifts that for tests and a LAN, where http is allowed too).
 */
export async function publicOrigin(input: string, allowPrivate: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(input.trim()) ? input.trim() : `https://${input.trim()}`);
  } catch {
    throw new PlatformError('refused', 'That is not a server address');
  }
  if (url.username || url.password) throw new PlatformError('refused', 'That is not a server address');
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw new PlatformError('refused', 'The server must be reached over https');
  if (!allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let ips: string[];
    try {
      ips = net.isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new PlatformError('refused', `${url.hostname} could not be found`);
    }
    if (!ips.length || !ips.every(isPublicAddress))
      throw new PlatformError('refused', `${url.hostname} is not a public server`);
  }
  return url.origin;
}
