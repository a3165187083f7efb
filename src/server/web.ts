import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isKnownWebRoute, PRERENDERED_WEB_ROUTES, pagePath, prerenderedFile } from '#contract/routes.ts';
import { escapeHtml } from './lib/html.ts';
import { requestPath } from './lib/request-path.ts';

type Encoding = 'br' | 'gzip';

/**
 * A page's HTML (with this server's configuration in it) and its compressed copies, each made on
 * its first request and kept: nothing to compress at start-up, nothing per request.
 */
interface PageBody {
  raw: Buffer;
  encoded(encoding: Encoding): Buffer;
}

function pageBody(html: string): PageBody {
  const raw = Buffer.from(html);
  const copies: Partial<Record<Encoding, Buffer>> = {};
  return {
    raw,
    encoded: (encoding) =>
      (copies[encoding] ??=
        encoding === 'br'
          ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(raw, { level: 9 })),
  };
}

/**
 * Serves the built React app: hashed assets with long caching (pre-compressed copies when the
 * build made them), the prerendered HTML of the public pages (scripts/prerender.ts), and
 * index.html for every other page route. Paths no screen owns get index.html (which renders
 * '404 Page Not Found') with status 404.
 */
export async function registerWeb(app: FastifyInstance, options: { distDir: string; metaPixelId?: string }) {
  const indexFile = path.join(options.distDir, 'index.html');
  const built = existsSync(indexFile);
  const withConfig = (html: string) =>
    html.replace(
      '<!--echo-config-->',
      options.metaPixelId ? `<meta name="meta-pixel-id" content="${escapeHtml(options.metaPixelId)}">` : '',
    );
  const indexPage = pageBody(
    built
      ? withConfig(readFileSync(indexFile, 'utf8'))
      : '<!doctype html><title>Echo</title><p>The web app is not built yet. Run <code>npm run build</code>.</p>',
  );
  const prerendered = new Map<string, PageBody>();
  for (const route of PRERENDERED_WEB_ROUTES) {
    const file = path.join(options.distDir, prerenderedFile(route));
    if (built && existsSync(file)) prerendered.set(route, pageBody(withConfig(readFileSync(file, 'utf8'))));
  }

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

  return function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = requestPath(request.url);
    const page = prerendered.get(pagePath(pathname)) ?? indexPage;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply
      .code(isKnownWebRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page.encoded(encoding) : page.raw);
  };
}
