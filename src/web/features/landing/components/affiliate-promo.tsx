import { ArrowRight, HandCoins } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';

/** A band inviting visitors to the affiliate programme. */
export function AffiliatePromo() {
  return (
    <section aria-labelledby="affiliate-promo-heading" className="px-4 py-16 sm:px-6 sm:py-20">
      <div className="relative isolate mx-auto max-w-6xl overflow-hidden rounded-3xl bg-linear-to-br from-primary to-violet-900 px-6 py-12 text-primary-foreground shadow-xl shadow-primary/20 sm:px-12">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-20 -top-20 -z-10 size-72 rounded-full bg-accent/30 blur-3xl"
        />
        <div className="flex flex-col gap-8 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-amber-300">
              <HandCoins className="size-4" aria-hidden="true" />
              Affiliate Program
            </p>
            <h2
              id="affiliate-promo-heading"
              className="mt-3 text-2xl font-extrabold tracking-tight sm:text-3xl"
            >
              Love Echo? Get paid to share it.
            </h2>
            <p className="mt-3 text-xl font-bold text-amber-300">
              20% recurring commission on every referral
            </p>
            <p className="mt-2 text-primary-foreground/80">
              Recommend Echo to your audience and earn every month your referrals stay subscribed.
            </p>
          </div>
          <Button asChild variant="accent" size="lg" className="w-full shrink-0 md:w-auto">
            <Link href="/affiliate">
              Become an Affiliate
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
