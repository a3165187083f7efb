import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '#contract/brand.ts';
import type { AppContext } from './context.ts';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';
/** The reference's own routes (the document and the pages that show it). */
export const isReferenceRoute = (path: string) =>
  path === OPENAPI_JSON_PATH || path.startsWith(API_DOCS_PATH);

const TAGS: Record<string, string> = {
  admin: 'Admin',
  affiliates: 'Affiliates',
  auth: 'Affiliates',
  me: 'Affiliates',
  webhooks: 'Affiliates',
  campaigns: 'Campaigns',
  twilio: 'Campaigns',
  unsubscribe: 'Campaigns',
  'content-results': 'Transcription and dashboard',
  'reaction-video': 'Transcription and dashboard',
  webhook: 'Transcription webhook',
  privacy: 'Privacy',
  trends: 'Trends',
  waitlist: 'Waitlist',
  health: 'Health',
  studio: 'Studio',
};

/** The reference's group for a path: its first segment after /api. */
const tagOf = (url: string) => {
  const area = url.split('/')[2] ?? '';
  return TAGS[area] ?? area.charAt(0).toUpperCase() + area.slice(1);
};

/**
 * The API reference, generated from the same zod schemas that validate each route:
 * `GET /api/openapi.json` (OpenAPI 3.1) and a readable reference at `/api/docs`. Must be registered
 * before the feature routes so that it sees them. Routes describe themselves with `schema.summary`,
 * `description` and `tags`.
 */
export async function registerOpenApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '0.1.0',
        description: [
          `Every error answers JSON \`{ code, message, issues? }\`: \`code\` is one of a fixed list`,
          '(validation_failed, malformed_request, unauthorized, signature_invalid, forbidden, not_found,',
          'already_exists, conflict, code_invalid, code_expired, code_locked, rate_limited, quota_exceeded,',
          'payload_too_large, unsupported_media_type, unavailable, internal) and decides the status;',
          '`message` is safe to show a person; `issues` lists field errors of a validation failure.',
        ].join(' '),
      },
      servers: [{ url: ctx.config.publicUrl }],
      components: {
        securitySchemes: {
          adminToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'Token from POST /api/admin/login (admin pages keep it as `admin_token`).',
          },
          affiliateToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'Token from POST /api/auth/login with the e-mailed code (`affiliate_token`).',
          },
          dashboardSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'echo_dashboard',
            description: 'httpOnly session cookie set by POST /api/content-results/verify-access.',
          },
        },
      },
    },
    // Each route is grouped under its area (the path's first segment after /api) unless it names tags.
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const schema = output.schema as { tags?: string[] } | undefined;
      if (!schema) return output;
      return { ...output, schema: { ...schema, tags: schema.tags ?? [tagOf(output.url)] } };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: false,
  });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}
