import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  LogController,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type ApiError, ERROR_STATUS, type ErrorCode } from '#contract/api.ts';
import type { AppContext } from './context.ts';
import { adminAuthRoutes } from './features/admin-auth/index.ts';
import { affiliateRoutes, setReferralCookie } from './features/affiliates/index.ts';
import { campaignRoutes } from './features/campaigns/index.ts';
import { contentResultsRoutes } from './features/content-results/index.ts';
import { healthRoutes } from './features/health/index.ts';
import { outboxRoutes } from './features/outbox/index.ts';
import { privacyRoutes } from './features/privacy/index.ts';
import { publishingRoutes } from './features/publishing/index.ts';
import { studioRoutes } from './features/studio/index.ts';
import { trendRoutes } from './features/trends/index.ts';
import { waitlistRoutes } from './features/waitlist/index.ts';
import { webhookRoutes } from './features/webhook/index.ts';
import { AppError, isDatabaseUnavailable } from './lib/errors.ts';
import { requestPath } from './lib/request-path.ts';
import { echoSecurityHeaders } from './lib/security-headers.ts';
import { registerOpenApi } from './openapi.ts';
import { registerWeb } from './web.ts';

export const BODY_LIMIT_BYTES = 100 * 1024;
export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** True when a string anywhere in the value holds U+0000 (PostgreSQL text cannot store it). */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => containsNul(key, depth + 1) || containsNul(item, depth + 1),
  );
}

/** Raw bodies (webhook scopes keep the text for signatures) are checked as the JSON they carry. */
function rawBodyHasNul(body: unknown): boolean {
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) return false;
  const text = String(body);
  if (text.includes('\u0000')) return true;
  if (!text.includes('\\u0000')) return false;
  try {
    return containsNul(JSON.parse(text));
  } catch {
    return false;
  }
}

/** The PostgreSQL SQLSTATE of an error or of its cause (drizzle wraps driver errors). */
function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Maps any error to the one JSON shape: { code, message, issues? }. 5xx details are never sent. */
function toApiError(
  error: FastifyError,
  log: AppContext['log'],
): { status: number; body: ApiError; headers?: Record<string, string> } {
  const answer = (code: ErrorCode, message: string, rest: Partial<ApiError> = {}) => ({
    status: ERROR_STATUS[code],
    body: { code, message, ...rest },
  });
  if (error instanceof AppError) return { ...answer(error.code, error.message), headers: error.headers };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? 'Invalid input',
    }));
    return answer('validation_failed', issues[0]?.message ?? 'Invalid input', { issues });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return answer('malformed_request', 'Malformed JSON in request body');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return answer('malformed_request', 'Request body is empty');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answer('payload_too_large', `Request body is too large (limit ${BODY_LIMIT_BYTES / 1024} KB)`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return answer('unsupported_media_type', 'Unsupported content type; send application/json');
  }
  if (error.validation) return answer('validation_failed', error.message || 'Invalid input');
  // Backstop for text PostgreSQL cannot store (NUL, invalid encoding): the input is at fault.
  if (['22021', '22P05'].includes(pgCode(error) ?? '')) return answer('validation_failed', NUL_MESSAGE);
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, 'database unavailable');
    return {
      ...answer('unavailable', 'Service temporarily unavailable. Please try again shortly.'),
      headers: { 'retry-after': '5' },
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] ??
      'malformed_request') as ErrorCode;
    return { status, body: { code, message: error.message || 'Bad request' } };
  }
  log.error({ err: error }, 'unhandled error');
  return answer('internal', 'Internal server error');
}

/** Builds the HTTP app: plugins -> routes -> one error handler. Tests build the same app. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(ctx.config.logLevel),
    }),
    // No code logs through request.log: without request logging, no child logger per request.
    ...(['debug', 'trace'].includes(ctx.config.logLevel)
      ? {}
      : { childLoggerFactory: (logger: FastifyBaseLogger) => logger }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A hop count as the function Fastify builds from a number (its types take no number).
    trustProxy:
      typeof ctx.config.trustProxy === 'number'
        ? (
            (hops: number) => (_ip: string, hop: number) =>
              hop < hops
          )(ctx.config.trustProxy)
        : ctx.config.trustProxy,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only: other bodies get 415 instead of being parsed as text.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Helmet's headers (strict CSP, nosniff, frame-ancestors 'none', ...), computed once and set on
  // every response by one cheap hook.
  const security = await echoSecurityHeaders(ctx.config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security);
    done();
  });

  // The one cookie parser and writer (request.cookies, reply.setCookie) for every feature.
  await app.register(fastifyCookie);

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const { status, body, headers } = toApiError(error, ctx.log);
    if (headers) reply.headers(headers);
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  // One place rejects NUL characters in any body, query or path parameter, before validation,
  // rate limits or handlers run (PostgreSQL would fail with 22021 and nothing may be half-done).
  app.addHook('preValidation', (request, _reply, done) => {
    const { body, query, params } = request;
    if (containsNul(query) || containsNul(params) || containsNul(body) || rawBodyHasNul(body))
      done(new AppError('validation_failed', NUL_MESSAGE));
    else done();
  });

  await registerOpenApi(app, ctx);
  await app.register(healthRoutes(ctx));
  await app.register(waitlistRoutes(ctx));
  await app.register(adminAuthRoutes(ctx));
  await app.register(trendRoutes(ctx));
  await app.register(contentResultsRoutes(ctx));
  await app.register(webhookRoutes(ctx));
  await app.register(affiliateRoutes(ctx));
  await app.register(campaignRoutes(ctx));
  await app.register(outboxRoutes(ctx));
  await app.register(privacyRoutes(ctx));
  await app.register(studioRoutes(ctx));
  await app.register(publishingRoutes(ctx));

  const sendPage = await registerWeb(app, {
    distDir: ctx.config.webDistDir,
    metaPixelId: ctx.config.metaPixelId,
  });
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = requestPath(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      return reply
        .code(404)
        .send({ code: 'not_found', message: `Not found: ${request.method} ${pathname.slice(0, 200)}` });
    }
    const ref = (request.query as Record<string, unknown> | undefined)?.ref;
    if (ref !== undefined && request.method === 'GET') {
      await setReferralCookie(ctx, request, reply, ref);
    }
    return sendPage(request, reply);
  });

  return app;
}
