import { ArrowDown, Play, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { LogoMark } from '#web/components/logo.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { focusWaitlistForm } from '#web/features/waitlist/index.ts';

/** Smoothly scrolls to the waitlist form and puts the cursor in its first field. */
function goToWaitlist() {
  const section = document.getElementById('waitlist');
  if (!section) return;
  section.scrollIntoView({ behavior: 'smooth', block: 'start' });
  focusWaitlistForm();
}

/** The opening section: mascot, headline, promise and the two calls to action. */
export function Hero() {
  const soonId = useId();
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-linear-to-b from-secondary/70 via-background to-background"
    >
      {/* Soft colour blooms behind the mascot. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute left-1/2 top-10 size-[28rem] -translate-x-1/2 rounded-full bg-primary/15 blur-3xl" />
        <div className="absolute right-[8%] top-40 size-56 rounded-full bg-accent/20 blur-3xl" />
      </div>

      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 pb-16 pt-12 text-center sm:px-6 sm:pb-24 sm:pt-20">
        <div className="relative mb-8">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 scale-125 rounded-full border border-primary/15 bg-background/60 shadow-[0_0_0_18px_rgba(109,40,217,0.05),0_0_0_38px_rgba(109,40,217,0.03)]"
          />
          <LogoMark className="size-28 drop-shadow-xl sm:size-36" title="Echo, the listening mascot" />
        </div>

        <Badge variant="secondary" className="mb-6 gap-1.5 px-3 py-1 text-sm">
          <Sparkles className="size-3.5 text-primary" aria-hidden="true" />
          Early access is opening soon
        </Badge>

        <h1 id="hero-heading" className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          Unmute Yourself.{' '}
          <span className="mt-2 block bg-linear-to-r from-primary via-violet-500 to-accent bg-clip-text pb-1 text-transparent">
            Your voice, everywhere.
          </span>
        </h1>

        <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">
          Talk it through once. Echo learns how you really sound and turns your voice notes, videos and posts
          into blog posts, social content and clips that still sound like you.
        </p>

        <div className="mt-10 flex w-full flex-col items-center justify-center gap-4 sm:w-auto sm:flex-row">
          <Button size="lg" className="w-full sm:w-auto" onClick={goToWaitlist}>
            Join the Waitlist
            <ArrowDown aria-hidden="true" />
          </Button>
          <span className="relative w-full sm:w-auto">
            <Button
              size="lg"
              variant="outline"
              disabled
              aria-describedby={soonId}
              className="w-full sm:w-auto"
            >
              <Play aria-hidden="true" />
              Watch Demo
            </Button>
            <Badge id={soonId} variant="accent" className="absolute -top-3 right-3 shadow-sm sm:-right-3">
              Coming Soon
            </Badge>
          </span>
        </div>

        <p className="mt-6 text-sm text-muted-foreground">Free to join. No credit card, no spam.</p>
      </div>
    </section>
  );
}
