import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { pagePath, WEB_ROUTES, type WebRoute } from '#contract/routes.ts';
import { PageLoading } from './components/page-loading.tsx';
import LandingPage from './features/landing/pages/landing-page.tsx';
import NotFoundPage from './pages/not-found.tsx';

type PageModule = { default: ComponentType };

// One screen per route of the contract's list (WEB_ROUTES): the type asks for a loader for each.
// The landing page ships in the first bundle; every other screen loads when visited.
const LAZY_PAGES: Record<Exclude<WebRoute, '/'>, () => Promise<PageModule>> = {
  '/privacy-policy': () => import('./features/legal/pages/privacy-policy.tsx'),
  '/tos': () => import('./features/legal/pages/terms.tsx'),
  '/unsubscribe': () => import('./features/legal/pages/unsubscribe.tsx'),
  '/trends': () => import('./features/trends/pages/trends-page.tsx'),
  '/reaction-video': () => import('./features/content-results/pages/reaction-video.tsx'),
  '/dashboard': () => import('./features/content-results/pages/dashboard.tsx'),
  '/studio': () => import('./features/studio/pages/studio.tsx'),
  '/webhook-test': () => import('./features/content-results/pages/webhook-test.tsx'),
  '/affiliate': () => import('./features/affiliates/pages/affiliate-landing.tsx'),
  '/affiliate-login': () => import('./features/affiliates/pages/affiliate-login.tsx'),
  '/affiliate-portal': () => import('./features/affiliates/pages/affiliate-portal.tsx'),
  '/admin': () => import('./features/affiliates/pages/admin-affiliates.tsx'),
  '/admin/conversions': () => import('./features/affiliates/pages/admin-conversions.tsx'),
  '/campaigns': () => import('./features/campaigns/pages/campaigns-list.tsx'),
  '/campaigns/:id': () => import('./features/campaigns/pages/campaign-editor.tsx'),
  '/admin/outbox': () => import('./features/campaigns/pages/outbox.tsx'),
  '/admin/system': () => import('./features/system/pages/system-page.tsx'),
};

const ROUTES = WEB_ROUTES.filter((path) => path !== '/').map((path) => ({
  path,
  load: LAZY_PAGES[path],
  component: lazy(LAZY_PAGES[path]),
}));

/**
 * Loads the code of the screen at this path (if it is a lazy one), so that hydrating a
 * prerendered page finds everything it renders already there.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const clean = pagePath(pathname);
  const page = ROUTES.find(({ path }) => path === clean);
  if (page) await page.load();
}

/**
 * Marks the document once the screen is interactive (browser tests wait for it after a page load).
 * It sits inside the screens' Suspense boundary: React hydrates that boundary after the rest of
 * the app, and the mark must wait for the screen itself.
 */
function ReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

export function AppRouter() {
  return (
    <Suspense fallback={<PageLoading />}>
      <ReadyMarker />
      <Switch>
        <Route path="/" component={LandingPage} />
        {ROUTES.map(({ path, component }) => (
          <Route key={path} path={path} component={component} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
