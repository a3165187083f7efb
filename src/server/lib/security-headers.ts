import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { Config } from '../config.ts';

/**
 * The headers @fastify/helmet sets with these options, computed once at start-up: the plugin
 * rebuilds helmet's middleware (parsing every CSP directive) on each request, which is pure
 * per-request work for headers that never change. Helmet itself produces them (a probe request
 * with and without the plugin), so they stay exactly what helmet would send.
 */
export async function securityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = async (withHelmet: boolean) => {
    const app = Fastify({ logger: false });
    if (withHelmet) await app.register(helmet, options);
    app.get('/', () => 'ok');
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return response.headers;
  };
  const plain = await probe(false);
  const secured = await probe(true);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(secured))
    if (value !== undefined && plain[name] === undefined) headers[name] = String(value);
  return headers;
}

function contentSecurityPolicy(metaPixelId: string | undefined) {
  const pixel = metaPixelId ? ['https://connect.facebook.net'] : [];
  const pixelImages = metaPixelId ? ['https://www.facebook.com'] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...pixel],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', ...pixelImages],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...pixel, ...pixelImages],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/**
 * The security headers on every answer (helmet's, with Echo's CSP; HSTS behind https). Exported for
 * bench/raw-server.ts, whose answers carry the same bytes as Echo's.
 */
export function echoSecurityHeaders(config: Pick<Config, 'metaPixelId' | 'publicUrl'>) {
  return securityHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config.metaPixelId),
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });
}
