/**
 * Every page of the web app (docs/spec/product-spec.md §2), listed once: the server answers 404 for any other page path,
 * and `web/router.tsx` must give each one a screen (its type demands a loader per route).
 * A `:id` segment is a numeric id (the campaign editor: the prefix /campaigns/ decides list versus editor).
 */
export const WEB_ROUTES = [
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
  '/campaigns/:id',
  '/admin/outbox',
  '/admin/system',
] as const;
export type WebRoute = (typeof WEB_ROUTES)[number];

/**
 * Pages whose HTML is rendered at build time (scripts/prerender.ts), so that they paint before
 * their JavaScript has loaded: the public pages that show the same thing to every visitor.
 */
export const PRERENDERED_WEB_ROUTES: readonly WebRoute[] = [
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

const ROUTE_PATTERNS = WEB_ROUTES.map((route) => new RegExp(`^${route.replaceAll(':id', '\\d{1,15}')}$`));

/** Whether a screen owns this page path (otherwise the server answers 404). */
export function isKnownWebRoute(pathname: string): boolean {
  const clean = pagePath(pathname);
  return ROUTE_PATTERNS.some((pattern) => pattern.test(clean));
}
