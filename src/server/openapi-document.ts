import { z } from 'zod';
import { apiErrorSchema, ERROR_STATUS, type ErrorCode } from '#contract/api.ts';
import { type Access, type Operation, TAGS, type Tag } from './lib/operation.ts';

/** Fastify's `/api/x/:id` is OpenAPI's `/api/x/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  admin: [{ adminToken: [] }],
  affiliate: [{ affiliateToken: [] }],
  dashboard: [{ dashboardSession: [] }],
  'optional-admin': [{}, { adminToken: [] }],
  'optional-affiliate': [{}, { affiliateToken: [] }],
  'optional-dashboard': [{}, { dashboardSession: [] }],
};

/** Each documented route's declaration (its `config.operation`), by `METHOD /openapi/path`. */
export type Declarations = Map<string, Operation>;

/** Records the declaration of one route (every method it answers) for the document pass. */
export function recordRoute(
  declarations: Declarations,
  url: string,
  method: string | string[],
  operation?: Operation,
) {
  if (!operation) return;
  for (const m of [method].flat()) declarations.set(`${m.toUpperCase()} ${openApiPath(url)}`, operation);
}

/** The message each code's example carries (the codes' usual wording). */
const EXAMPLE_MESSAGE: Record<ErrorCode, string> = {
  validation_failed: 'Invalid email address',
  malformed_request: 'Malformed JSON in request body',
  payload_too_large: 'Request body is too large (limit 100 KB)',
  unsupported_media_type: 'Unsupported content type; send application/json',
  unauthorized: 'Authentication required',
  signature_invalid: 'Invalid signature',
  forbidden: 'Only the person who added this trend can delete it',
  not_found: 'Not found',
  already_exists: 'An application with this email already exists',
  conflict: 'This recording is finished.',
  code_invalid: 'That code is not right',
  code_expired: 'That code has expired; request a new one',
  code_locked: 'Too many wrong codes; request a new one',
  rate_limited: 'Too many requests. Please try again later.',
  quota_exceeded: 'Your Studio storage is full',
  unavailable: 'Service temporarily unavailable. Please try again shortly.',
  storage_unavailable:
    'The media store is not answering right now, so recordings and uploads cannot be stored. Nothing you already sent is lost: try again in a minute.',
  storage_refused:
    'The media store refused an operation this needs, so it could not be done. Nothing you already sent is lost; the operator can see why on the system page.',
  internal: 'Internal server error',
};

const API_ERROR_REF = { $ref: '#/components/schemas/ApiError' };

/** The shared error body as a component (`{ code, message, issues? }`). */
export function apiErrorComponent(): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(apiErrorSchema) as Record<string, unknown>;
  return { ...schema, example: { code: 'not_found', message: 'Not found' } };
}

/**
 * zod writes a record keyed by an enum as `propertyNames` + `additionalProperties` + `required`
 * (every key): valid JSON Schema, but `required` then names properties nothing defines, and
 * generated clients lose the keys. Rewritten as the object it is: one property per key.
 */
export function recordWithEnumKeys(ctx: { jsonSchema: Record<string, unknown> }) {
  const schema = ctx.jsonSchema;
  const keys = (schema.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  const value = schema.additionalProperties;
  if (!Array.isArray(keys) || typeof value !== 'object' || value === null) return;
  schema.properties = Object.fromEntries(keys.map((key) => [String(key), value]));
  schema.additionalProperties = false;
  delete schema.propertyNames;
}

/** The error codes an operation can answer: what its schema and access imply, and what it declares. */
export function errorCodesOf(
  path: string,
  operation: Record<string, unknown>,
  row: Operation | undefined,
): ErrorCode[] {
  // The app rejects a NUL character in any query, parameter or body before anything else runs.
  const codes = new Set<ErrorCode>(['validation_failed']);
  const body = operation.requestBody as { content?: Record<string, unknown> } | undefined;
  if (body?.content?.['application/json'])
    for (const code of ['malformed_request', 'payload_too_large', 'unsupported_media_type'] as const)
      codes.add(code);
  const access = row?.access ?? 'public';
  if (access === 'admin' || access === 'affiliate' || access === 'dashboard') codes.add('unauthorized');
  if (path.includes('{')) codes.add('not_found');
  for (const code of row?.errors ?? []) codes.add(code);
  return [...codes];
}

/** One response per error status, each naming its codes and carrying the shared error body. */
function errorResponses(codes: ErrorCode[], withBody: boolean) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const first = list[0] as ErrorCode;
    responses[String(status)] = {
      description: `\`${list.join('`, `')}\``,
      ...(withBody && {
        content: {
          'application/json': {
            schema: {
              allOf: [
                API_ERROR_REF,
                { type: 'object', properties: { code: { type: 'string', enum: list } } },
              ],
            },
            example: { code: first, message: EXAMPLE_MESSAGE[first] },
          },
        },
      }),
    };
  }
  return responses;
}

const DEFAULT_RESPONSE = {
  description:
    'Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down',
  content: { 'application/json': { schema: API_ERROR_REF } },
};

const STATUS_TEXT: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

/** swagger's placeholder for a route without a response schema. */
const isPlaceholder = (response: unknown) =>
  (response as { description?: string; content?: unknown }).description === 'Default Response' &&
  !(response as { content?: unknown }).content;

/**
 * Names every operation from its route's declaration (operationId, summary, tag, security), adds
 * the error answers it declares or implies and the success answers of routes without a response schema.
 */
export function describeOperations(document: Record<string, unknown>, declarations: Declarations) {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  const tags = new Set<Tag>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [lower, shared] of Object.entries(item)) {
      // Methods of one route (GET and HEAD) share one object in swagger's output: each gets its own.
      const operation = structuredClone(shared);
      item[lower] = operation;
      const method = lower.toUpperCase();
      const row = declarations.get(`${method} ${path}`);
      if (row) {
        operation.operationId = row.operationId;
        operation.summary = row.summary;
        operation.tags = [row.tag];
        operation.security = SECURITY[row.access];
        tags.add(row.tag);
      }
      const responses = { ...(operation.responses as Record<string, unknown> | undefined) };
      if (row?.answers) {
        for (const [status, response] of Object.entries(responses))
          if (isPlaceholder(response)) delete responses[status];
        for (const [status, answer] of Object.entries(row.answers))
          responses[status] = {
            description: answer.description,
            ...(answer.type &&
              method !== 'HEAD' && { content: { [answer.type]: { schema: { type: 'string' } } } }),
          };
      }
      for (const [status, response] of Object.entries(responses)) {
        const named = response as { description?: string };
        if (named.description === 'Default Response') named.description = STATUS_TEXT[status] ?? 'Success';
      }
      const body = operation.requestBody as { content?: Record<string, Record<string, unknown>> } | undefined;
      const json = body?.content?.['application/json'];
      if (row?.example && json) json.example = row.example;
      const errors = errorResponses(errorCodesOf(path, operation, row), method !== 'HEAD');
      operation.responses = { ...errors, ...responses, default: DEFAULT_RESPONSE };
    }
  }
  document.tags = [...tags].sort().map((name) => ({ name, description: TAGS[name] }));
  return document;
}
