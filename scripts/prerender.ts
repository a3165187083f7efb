import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRERENDERED_WEB_ROUTES, prerenderedFile } from '../src/contract/routes.ts';
import { escapeHtml } from '../src/server/lib/html.ts';

// Renders the public pages to HTML (with the server entry built by `vite build --ssr`) into copies
// of dist/web/index.html: the server sends them, so they paint before the JavaScript has loaded,
// and the browser then hydrates them (src/web/main.tsx).
const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist/web');
const entry = pathToFileURL(path.join(root, 'dist/ssr/prerender.js')).href;
const { renderPage } = (await import(entry)) as {
  renderPage(route: string): Promise<{ html: string; title?: string }>;
};

const index = await readFile(path.join(webDir, 'index.html'), 'utf8');
const ROOT_ELEMENT = '<div id="root"></div>';
if (!index.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);

// The stylesheet (about 10 KB compressed) goes inline: the page then paints with its HTML alone
// instead of waiting for a stylesheet that shares the connection with the JavaScript. The CSP
// allows inline styles (Radix positions its popovers with them).
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/;
const stylesheet = STYLESHEET.exec(index);
if (!stylesheet?.[1]) throw new Error('index.html links no stylesheet');
const css = await readFile(path.join(webDir, stylesheet[1]), 'utf8');
if (/<\/style/i.test(css)) throw new Error('The stylesheet cannot be inlined: it holds </style');
const template = index.replace(stylesheet[0], () => `<style>${css}</style>`);

for (const route of PRERENDERED_WEB_ROUTES) {
  const { html, title } = await renderPage(route);
  if (/<script/i.test(html))
    throw new Error(`The prerendered ${route} holds a script (the CSP forbids inline ones)`);
  let page = template.replace(ROOT_ELEMENT, () => `<div id="root">${html}</div>`);
  if (title) page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  const file = path.join(webDir, prerenderedFile(route));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, page);
}
console.log(`prerendered ${PRERENDERED_WEB_ROUTES.length} pages in ${path.relative(process.cwd(), webDir)}`);
