import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isKnownWebRoute } from '#contract/routes.ts';
import { escapeHtml } from './lib/html.ts';

/**
 * Serves the built React app: hashed assets with long caching (pre-compressed copies when the
 * build made them), and index.html for every page route. Paths no screen owns get the same page
 * (which renders '404 Page Not Found') with status 404.
 */
export async function registerWeb(app: FastifyInstance, options: { distDir: string; metaPixelId?: string }) {
  const indexFile = path.join(options.distDir, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built
    ? readFileSync(indexFile, 'utf8').replace(
        '<!--echo-config-->',
        options.metaPixelId ? `<meta name="meta-pixel-id" content="${escapeHtml(options.metaPixelId)}">` : '',
      )
    : '<!doctype html><title>Echo</title><p>The web app is not built yet. Run <code>npm run build</code>.</p>';

  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  return function sendPage(url: string, reply: import('fastify').FastifyReply) {
    const pathname = url.split('?')[0] ?? '/';
    return reply
      .code(isKnownWebRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  };
}
