import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoading } from './components/page-loading.tsx';
import LandingPage from './features/landing/pages/landing-page.tsx';
import NotFoundPage from './pages/not-found.tsx';

// The landing page ships in the first bundle; every other screen loads when visited.
const PrivacyPolicyPage = lazy(() => import('./features/legal/pages/privacy-policy.tsx'));
const TermsPage = lazy(() => import('./features/legal/pages/terms.tsx'));
const UnsubscribePage = lazy(() => import('./features/legal/pages/unsubscribe.tsx'));
const TrendsPage = lazy(() => import('./features/trends/pages/trends-page.tsx'));
const ReactionVideoPage = lazy(() => import('./features/content-results/pages/reaction-video.tsx'));
const DashboardPage = lazy(() => import('./features/content-results/pages/dashboard.tsx'));
const WebhookTestPage = lazy(() => import('./features/content-results/pages/webhook-test.tsx'));
const AffiliateLandingPage = lazy(() => import('./features/affiliates/pages/affiliate-landing.tsx'));
const AffiliateLoginPage = lazy(() => import('./features/affiliates/pages/affiliate-login.tsx'));
const AffiliatePortalPage = lazy(() => import('./features/affiliates/pages/affiliate-portal.tsx'));
const AdminAffiliatesPage = lazy(() => import('./features/affiliates/pages/admin-affiliates.tsx'));
const AdminConversionsPage = lazy(() => import('./features/affiliates/pages/admin-conversions.tsx'));
const CampaignsListPage = lazy(() => import('./features/campaigns/pages/campaigns-list.tsx'));
const CampaignEditorPage = lazy(() => import('./features/campaigns/pages/campaign-editor.tsx'));
const OutboxPage = lazy(() => import('./features/campaigns/pages/outbox.tsx'));

export function AppRouter() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/privacy-policy" component={PrivacyPolicyPage} />
        <Route path="/tos" component={TermsPage} />
        <Route path="/unsubscribe" component={UnsubscribePage} />
        <Route path="/trends" component={TrendsPage} />
        <Route path="/reaction-video" component={ReactionVideoPage} />
        <Route path="/dashboard" component={DashboardPage} />
        <Route path="/webhook-test" component={WebhookTestPage} />
        <Route path="/affiliate" component={AffiliateLandingPage} />
        <Route path="/affiliate-login" component={AffiliateLoginPage} />
        <Route path="/affiliate-portal" component={AffiliatePortalPage} />
        <Route path="/admin" component={AdminAffiliatesPage} />
        <Route path="/admin/conversions" component={AdminConversionsPage} />
        <Route path="/campaigns" component={CampaignsListPage} />
        <Route path="/campaigns/:id" component={CampaignEditorPage} />
        <Route path="/admin/outbox" component={OutboxPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
