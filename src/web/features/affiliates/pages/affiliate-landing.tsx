import {
  BadgeCheck,
  BarChart3,
  CalendarClock,
  CheckCircle2,
  Cookie,
  DollarSign,
  Gift,
  LogIn,
  Megaphone,
  Repeat,
  Share2,
  ShieldAlert,
  UserPlus,
  Users,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';
import { focusIfLost } from '#web/lib/focus.ts';
import { PageShell } from '../components/page-shell.tsx';

const BENEFITS = [
  {
    icon: Repeat,
    title: '20% Recurring Commission',
    text: 'Earn on every payment for as long as your referral stays subscribed.',
  },
  {
    icon: BarChart3,
    title: '30% at 20 Referrals',
    text: 'Reach 20 active referrals and every new payment earns 30%.',
  },
  {
    icon: Cookie,
    title: '90-Day Cookie',
    text: 'Referrals who sign up within 90 days of clicking your link count for you.',
  },
  {
    icon: DollarSign,
    title: 'Monthly Payouts',
    text: 'Paid on the 1st of every month once you reach the $50 minimum.',
  },
  {
    icon: Gift,
    title: 'Ready-Made Creative Kit',
    text: 'Logos, banners, social copy and an e-mail template, ready to share.',
  },
  {
    icon: BadgeCheck,
    title: 'Real-Time Dashboard',
    text: 'Track clicks, conversions and commissions in your affiliate portal.',
  },
];

const STEPS = [
  {
    icon: UserPlus,
    title: 'Apply',
    text: 'Tell us about your audience. We review applications within 2-3 business days.',
  },
  {
    icon: Share2,
    title: 'Share',
    text: 'Share your unique referral link with your audience, anywhere you create.',
  },
  { icon: DollarSign, title: 'Earn', text: 'Earn recurring commissions on every subscriber you refer.' },
];

const RULES = [
  'No brand bidding: do not bid on "Echo" or its misspellings in paid search ads.',
  'No spam: no unsolicited e-mails, messages or comment spam.',
  'No coupon hijacking: do not post codes or links on coupon sites you do not own.',
  'No false claims: describe Echo honestly and accurately.',
  'Disclose your relationship: tell your audience you earn a commission.',
  'No self-referrals: your own sign-ups and payments do not earn commission.',
];

const AUDIENCES = [
  'Content creators and YouTubers',
  'Podcasters and newsletter writers',
  'Coaches, consultants and course creators',
  'Marketing agencies and freelancers',
  'Productivity and tech reviewers',
  'Communities of founders and creators',
];

// The application form (with its zod schema) loads when it is about to be used: on pointing at or
// focusing an 'Apply Now' button, at the latest on pressing it.
const loadDialog = () => import('../components/application-dialog.tsx');
const ApplicationDialog = lazy(() => loadDialog().then((m) => ({ default: m.ApplicationDialog })));
const preloadDialog = () => void loadDialog();

export default function AffiliateLandingPage() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // Both 'Apply Now' buttons: load the form when pointed at or focused, open it when pressed.
  const applyNow = {
    onClick: () => {
      setWanted(true);
      setOpen(true);
    },
    onPointerEnter: preloadDialog,
    onFocus: preloadDialog,
  };
  const [submitted, setSubmitted] = useState(false);
  const [, navigate] = useLocation();

  if (submitted) {
    return (
      <PageShell title="Application Submitted!">
        <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
          <CheckCircle2 className="size-16 text-success" aria-hidden="true" />
          <h1
            ref={(heading) => focusIfLost(heading)}
            tabIndex={-1}
            className="mt-6 text-3xl font-extrabold tracking-tight"
          >
            Application Submitted!
          </h1>
          <p className="mt-4 text-muted-foreground">
            Thanks for applying to the Echo Affiliate Program. We've e-mailed you a confirmation and will
            review your application within 2-3 business days.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button onClick={() => setSubmitted(false)}>Submit Another Application</Button>
            <Button variant="outline" onClick={() => navigate('/')}>
              Back to Home
            </Button>
          </div>
        </section>
      </PageShell>
    );
  }

  return (
    <PageShell title="Affiliate Program">
      <section className="bg-linear-to-br from-primary to-violet-900 px-4 py-16 text-primary-foreground sm:px-6 sm:py-24">
        <div className="mx-auto max-w-4xl text-center">
          <p className="inline-flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-amber-300">
            <Megaphone className="size-4" aria-hidden="true" />
            Echo Affiliate Program
          </p>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Earn 20% recurring commission sharing Echo
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-primary-foreground/85">
            Recommend the voice-first content assistant your audience will love, and get paid every month they
            stay subscribed. 30% once you reach 20 active referrals.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button variant="accent" size="lg" {...applyNow}>
              Apply Now
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-transparent text-white hover:bg-white/10"
            >
              <Link href="/affiliate-login">
                <LogIn aria-hidden="true" />
                Affiliate Login
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="why-join" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="why-join" className="text-center text-3xl font-extrabold tracking-tight">
          Why Join
        </h2>
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <CardTitle className="mt-4">{title}</CardTitle>
              <CardDescription className="mt-2">{text}</CardDescription>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="bg-muted px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-6xl">
          <h2 id="how-it-works" className="text-center text-3xl font-extrabold tracking-tight">
            How It Works
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map(({ icon: Icon, title, text }, index) => (
              <li
                key={title}
                className="rounded-xl border border-border bg-background p-6 text-center shadow-sm"
              >
                <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground">
                  {index + 1}
                </span>
                <Icon className="mx-auto mt-4 size-6 text-primary" aria-hidden="true" />
                <h3 className="mt-2 text-xl font-bold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 lg:grid-cols-2">
        <section aria-labelledby="rules">
          <h2 id="rules" className="flex items-center gap-2 text-2xl font-extrabold tracking-tight">
            <ShieldAlert className="size-6 text-primary" aria-hidden="true" />
            Rules
          </h2>
          <ul className="mt-6 space-y-3">
            {RULES.map((rule) => (
              <li key={rule} className="flex gap-3 text-sm">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {rule}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="who-its-for">
          <h2 id="who-its-for" className="flex items-center gap-2 text-2xl font-extrabold tracking-tight">
            <Users className="size-6 text-primary" aria-hidden="true" />
            Who It's For
          </h2>
          <ul className="mt-6 space-y-3">
            {AUDIENCES.map((audience) => (
              <li key={audience} className="flex gap-3 text-sm">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {audience}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="payouts" className="bg-muted px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-4xl text-center">
          <h2
            id="payouts"
            className="flex items-center justify-center gap-2 text-3xl font-extrabold tracking-tight"
          >
            <CalendarClock className="size-7 text-primary" aria-hidden="true" />
            Payouts
          </h2>
          <div className="mt-8 grid gap-4 sm:grid-cols-3">
            <Card>
              <CardTitle>Monthly on the 1st</CardTitle>
              <CardDescription className="mt-2">For the previous month's earnings.</CardDescription>
            </Card>
            <Card>
              <CardTitle>$50 minimum</CardTitle>
              <CardDescription className="mt-2">
                Smaller balances carry over to the next month.
              </CardDescription>
            </Card>
            <Card>
              <CardTitle>Stripe, PayPal or Wise</CardTitle>
              <CardDescription className="mt-2">Choose your payout method in the portal.</CardDescription>
            </Card>
          </div>
          <Button className="mt-10" size="lg" {...applyNow}>
            Apply Now
          </Button>
          <p className="mt-3 text-sm text-muted-foreground">
            Applications are reviewed within 2-3 business days.
          </p>
        </div>
      </section>

      {wanted && (
        <Suspense fallback={null}>
          <ApplicationDialog
            open={open}
            onOpenChange={setOpen}
            onSubmitted={() => {
              setOpen(false);
              setSubmitted(true);
              window.scrollTo(0, 0);
            }}
          />
        </Suspense>
      )}
    </PageShell>
  );
}
