import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { pagePath } from '#contract/routes.ts';
import { PageLoading } from './components/page-loading.tsx';
import LandingPage from './features/landing/pages/landing-page.tsx';
import NotFoundPage from './pages/not-found.tsx';

type PageModule = { default: ComponentType };

// The landing page ships in the first bundle; every other screen loads when visited.
const LAZY_PAGES: { path: string; load: () => Promise<PageModule> }[] = [
  { path: '/privacy-policy', load: () => import('./features/legal/pages/privacy-policy.tsx') },
  { path: '/tos', load: () => import('./features/legal/pages/terms.tsx') },
  { path: '/unsubscribe', load: () => import('./features/legal/pages/unsubscribe.tsx') },
  { path: '/trends', load: () => import('./features/trends/pages/trends-page.tsx') },
  { path: '/reaction-video', load: () => import('./features/content-results/pages/reaction-video.tsx') },
  { path: '/dashboard', load: () => import('./features/content-results/pages/dashboard.tsx') },
  { path: '/studio', load: () => import('./features/studio/pages/studio.tsx') },
  { path: '/webhook-test', load: () => import('./features/content-results/pages/webhook-test.tsx') },
  { path: '/affiliate', load: () => import('./features/affiliates/pages/affiliate-landing.tsx') },
  { path: '/affiliate-login', load: () => import('./features/affiliates/pages/affiliate-login.tsx') },
  { path: '/affiliate-portal', load: () => import('./features/affiliates/pages/affiliate-portal.tsx') },
  { path: '/admin', load: () => import('./features/affiliates/pages/admin-affiliates.tsx') },
  { path: '/admin/conversions', load: () => import('./features/affiliates/pages/admin-conversions.tsx') },
  { path: '/campaigns', load: () => import('./features/campaigns/pages/campaigns-list.tsx') },
  { path: '/campaigns/:id', load: () => import('./features/campaigns/pages/campaign-editor.tsx') },
  { path: '/admin/outbox', load: () => import('./features/campaigns/pages/outbox.tsx') },
];

const ROUTES = LAZY_PAGES.map(({ path, load }) => ({ path, component: lazy(load) }));

/**
 * Loads the code of the screen at this path (if it is a lazy one), so that hydrating a
 * prerendered page finds everything it renders already there.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const clean = pagePath(pathname);
  const page = LAZY_PAGES.find(({ path }) => path === clean);
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
