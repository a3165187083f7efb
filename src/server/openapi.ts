import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '#contract/brand.ts';
import type { AppContext } from './context.ts';
import {
  apiErrorComponent,
  type Declarations,
  describeOperations,
  recordRoute,
  recordWithEnumKeys,
} from './openapi-document.ts';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';
/** The reference's own routes (the document and the pages that show it). */
export const isReferenceRoute = (path: string) =>
  path === OPENAPI_JSON_PATH || path.startsWith(API_DOCS_PATH);

/**
 * The API reference, generated from the same zod schemas that validate each route:
 * `GET /api/openapi.json` (OpenAPI 3.1) and a readable reference at `/api/docs`. Must be registered
 * before the feature routes so that it sees them. Each route describes itself where it is registered:
 * its schemas, and its declaration (`config.operation`, lib/operation.ts) naming the operation, its
 * feature, who may call it and the errors it can answer; openapi-document.ts turns them into the document.
 */
export async function registerOpenApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const declarations: Declarations = new Map();
  const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: recordWithEnumKeys } });
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
        termsOfService: `${ctx.config.publicUrl}/tos`,
        license: { name: 'Proprietary: all rights reserved', url: `${ctx.config.publicUrl}/tos` },
      },
      servers: [{ url: ctx.config.publicUrl }],
      components: {
        schemas: { ApiError: apiErrorComponent() },
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
    transform: (input) => {
      recordRoute(declarations, input.url, input.route.method, input.route.config?.operation);
      return zodTransform(input);
    },
    transformObject: (input) =>
      describeOperations('openapiObject' in input ? input.openapiObject : input.swaggerObject, declarations),
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: false,
  });
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async () => app.swagger());
}
