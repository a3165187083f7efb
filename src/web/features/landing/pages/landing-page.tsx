import { SiteFooter } from '#web/components/site-footer.tsx';
import { WaitlistSection } from '#web/features/waitlist/index.ts';
import { AffiliatePromo } from '../components/affiliate-promo.tsx';
import { Features } from '../components/features.tsx';
import { Hero } from '../components/hero.tsx';
import { KnowledgeBase } from '../components/knowledge-base.tsx';
import { LandingHeader } from '../components/landing-header.tsx';
import { StatsStrip } from '../components/stats-strip.tsx';
import { WhatYouGet } from '../components/what-you-get.tsx';
import { WhyUnmute } from '../components/why-unmute.tsx';

/** The waitlist landing page at `/`. */
export default function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col overflow-x-clip">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      <LandingHeader />
      <main id="main-content" className="flex-1">
        <Hero />
        <StatsStrip />
        <Features />
        <WhatYouGet />
        <KnowledgeBase />
        <WhyUnmute />
        <WaitlistSection />
        <AffiliatePromo />
      </main>
      <SiteFooter />
    </div>
  );
}
