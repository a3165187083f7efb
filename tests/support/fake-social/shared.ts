import { randomBytes } from 'node:crypto';
import type http from 'node:http';

/**
 * What the platforms' fakes share: the faults a test queues for the next posts (401, 429 with a
 * reset time, 5xx, or slowly: the post is made, the answer comes late, an unknown outcome for the
 * caller), what a fake records of each post and upload, reading a request's body, and the consent
 * page of an OAuth authorization.
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

export async function readRaw(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readBody(req: http.IncomingMessage): Promise<string> {
  return (await readRaw(req)).toString('utf8');
}

export function parseBody(req: http.IncomingMessage, text: string): Record<string, unknown> {
  if (!text) return {};
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json')) return JSON.parse(text);
  if (type.includes('application/x-www-form-urlencoded') || !type)
    return Object.fromEntries(new URLSearchParams(text));
  return {};
}

/** A multipart/form-data body as the platform's server reads it. */
export async function readForm(req: http.IncomingMessage, raw: Buffer): Promise<FormData> {
  return new Response(new Uint8Array(raw), {
    headers: { 'content-type': String(req.headers['content-type'] ?? '') },
  }).formData();
}

export const headOf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 8)).toString('hex');

export const send = (
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
};

export const token = () => randomBytes(18).toString('base64url');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
export function consentPage(req: http.IncomingMessage, res: http.ServerResponse, consent: Consent): boolean {
  if (!consent.ask || req.method !== 'GET') return false;
  const action = (req.url ?? '/').replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="en"><head><title>Authorize Echo</title></head><body><main><form method="post" action="${action}"><button>Authorize Echo</button></form></main></body></html>`,
  );
  return true;
}

export class Faults {
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
export function applyFault(
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
export async function answerAfterStore(
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
