/** Page routes of the web app (spec §2). The server answers 404 for any other page path. */
export const WEB_ROUTES = [
  '/',
  '/privacy-policy',
  '/tos',
  '/unsubscribe',
  '/affiliate',
  '/affiliate-login',
  '/affiliate-portal',
  '/trends',
  '/admin',
  '/admin/conversions',
  '/admin/outbox',
  '/campaigns',
  '/reaction-video',
  '/dashboard',
  '/studio',
  '/webhook-test',
] as const;

/** The screens that have landed; the others still render the not-found page. */
export const BUILT_WEB_ROUTES: readonly string[] = [
  '/',
  '/privacy-policy',
  '/tos',
  '/unsubscribe',
  '/trends',
  '/reaction-video',
  '/dashboard',
  '/studio',
  '/webhook-test',
  '/affiliate',
  '/affiliate-login',
  '/affiliate-portal',
  '/admin',
  '/admin/conversions',
  '/campaigns',
  '/admin/outbox',
];

/**
 * Pages whose HTML is rendered at build time (scripts/prerender.ts), so that they paint before
 * their JavaScript has loaded: the public pages that show the same thing to every visitor.
 */
export const PRERENDERED_WEB_ROUTES: readonly string[] = [
  '/',
  '/privacy-policy',
  '/tos',
  '/trends',
  '/reaction-video',
  '/affiliate',
  '/affiliate-login',
];

/** Where the prerendered HTML of a page is written, relative to the built web app. */
export function prerenderedFile(route: string): string {
  return `prerendered/${route === '/' ? 'index' : route.slice(1).replaceAll('/', '_')}.html`;
}

/** A page path without its trailing slashes ('/trends/' -> '/trends'; '/' stays '/'). */
export const pagePath = (pathname: string): string =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

export function isKnownWebRoute(pathname: string): boolean {
  const clean = pagePath(pathname);
  if (BUILT_WEB_ROUTES.includes(clean)) return true;
  // The campaign editor: /campaigns/{id} (spec §2: the prefix decides list versus editor).
  if (/^\/campaigns\/\d{1,15}$/.test(clean)) return true;
  return false;
}
