/**
 * The shape of the operations table (`openapi-operations.ts`) and what the features' rows share:
 * each feature's rows live in a file of this folder, built with `feature(tag, access, rows)`.
 */
import type { ErrorCode } from '#contract/api.ts';

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
  tag: string;
  access: Access;
  /**
   * Error codes the route can answer beyond those derived from it (400 for input it validates,
   * 401 for its guard, 404 for a path parameter, 429 for a rate limit in its handler, the body
   * parser's codes for a JSON body): codes its services throw.
   */
  errors?: ErrorCode[];
  /** Success answers without a response schema, by status. */
  answers?: Record<number, Answer>;
  /** A request body worth copying. */
  example?: Record<string, unknown>;
}

/** operationId, summary and what else differs from the feature's defaults. */
export type Row = [
  operationId: string,
  summary: string,
  more?: Partial<Omit<Operation, 'operationId' | 'summary'>>,
];

/** Fills a feature's rows in with its tag (a key of FEATURES) and the access its rows share. */
export const feature = (tag: string, access: Access, rows: Record<string, Row>) =>
  Object.fromEntries(
    Object.entries(rows).map(([key, [operationId, summary, more]]) => [
      key,
      { operationId, summary, tag, access, ...more } satisfies Operation,
    ]),
  );

export const deleted: Record<number, Answer> = { 204: { description: 'Deleted; no body' } };
export const csv: Record<number, Answer> = { 200: { description: 'CSV file (RFC 4180)', type: 'text/csv' } };
export const codeErrors: ErrorCode[] = ['code_invalid', 'code_expired', 'code_locked', 'rate_limited'];
