/**
 * What a route says of itself where it is registered: its operation in the API document
 * (openapi.ts builds the document from these declarations). A feature's `routes.ts` makes its
 * declarations with `operations(tag, access)` and gives each route one as `config.operation`:
 *
 *   const operation = operations('Waitlist', 'public');
 *   app.post('/api/waitlist', { schema, config: operation('joinWaitlist', 'Join the waitlist', {
 *     errors: ['rate_limited'] }) }, handler);
 */
import type { ErrorCode } from '#contract/api.ts';

/** The document's tags: one per feature, with what it covers. */
export const TAGS = {
  Health: 'Service status and what this server can do',
  Waitlist: 'The pre-launch waitlist',
  'Admin sign-in': 'The admin password, bearer tokens and sessions',
  Trends: 'The trend analyser: video links, their analysis and twist ideas',
  'Transcription and dashboard': 'Video transcription and the dashboard reached by an e-mailed code',
  'Transcription webhook': 'Signed deliveries from an external transcription service',
  Affiliates: 'Affiliate applications, sign-in, commissions and payouts (Stripe)',
  Campaigns: 'E-mail and SMS campaigns, contacts and unsubscribing',
  Outbox: 'Every e-mail and SMS sent or queued',
  Privacy: "Deleting one's data and opting out of aggregate use",
  Studio:
    'Echo Studio: notes (written, recorded, uploaded, imported), search, ideas, voice profile and drafts',
  Publishing:
    'Connected accounts (LinkedIn, X, Bluesky, Mastodon), publishing and scheduling drafts, time slots',
} as const;
export type Tag = keyof typeof TAGS;

/**
 * Who may call an operation: a named scheme (`security` in the document), nobody in particular
 * (`[]`), or optional credentials that add to the answer (`[{}, { scheme: [] }]`).
 */
export type Access =
  | 'public'
  | 'admin'
  | 'affiliate'
  | 'dashboard'
  | 'optional-admin'
  | 'optional-affiliate'
  | 'optional-dashboard';

/** A success answer that is not the route's JSON response schema (files, tus, empty bodies). */
export interface Answer {
  description: string;
  /** Media type of the body; none for an empty answer. */
  type?: string;
}

export interface Operation {
  operationId: string;
  summary: string;
  /** The feature the operation belongs to (the document's tag). */
  tag: Tag;
  access: Access;
  /**
   * Error codes the route can answer beyond those derived from its schema and access (400 for
   * input it validates, 401 for its guard, 404 for a path parameter, the body parser's codes for
   * a JSON body): `rate_limited` when it calls a rate limiter, and the codes its services throw.
   * A test fails when a route that calls the rate limiter does not list `rate_limited`, or lists
   * it and does not answer 429 over its limit (openapi.rate-limits.api.test.ts).
   */
  errors?: ErrorCode[];
  /** Success answers without a response schema, by status. */
  answers?: Record<number, Answer>;
  /** A request body worth copying (a rate-limited route's reaches its limiter). */
  example?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's operation in the API document; every `/api` route has one. */
    operation?: Operation;
  }
}

type More = Partial<Omit<Operation, 'operationId' | 'summary'>>;

/**
 * A feature's declarations: each names its operation and summary, and what differs from the
 * feature's tag and access. The result is the route's `config`.
 */
export const operations =
  (tag: Tag, access: Access) =>
  (operationId: string, summary: string, more?: More): { operation: Operation } => ({
    operation: { operationId, summary, tag, access, ...more },
  });

export const deleted: Record<number, Answer> = { 204: { description: 'Deleted; no body' } };
export const csv: Record<number, Answer> = { 200: { description: 'CSV file (RFC 4180)', type: 'text/csv' } };
/** What a route that checks an e-mailed code can answer (tries are counted per e-mail and client IP). */
export const codeErrors: ErrorCode[] = ['code_invalid', 'code_expired', 'code_locked', 'rate_limited'];
/**
 * What a route that touches the media store can answer: 503 `storage_unavailable` while the store
 * does not answer, 502 `storage_refused` when it refuses an operation Echo needs (decision 017).
 */
export const storeErrors: ErrorCode[] = ['storage_unavailable', 'storage_refused'];
