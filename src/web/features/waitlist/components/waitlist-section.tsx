import { CheckCircle2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { SOCIAL_HANDLE, SOCIAL_PROFILE_URL } from '#contract/brand.ts';
import { InstagramIcon } from '#web/components/instagram-icon.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { focusIfLost } from '#web/lib/focus.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

const loadForm = () => import('./waitlist-form.tsx');
const WaitlistForm = lazy(loadForm);

let focusWhenLoaded = false;

const firstField = () =>
  document.getElementById('waitlist')?.querySelector<HTMLElement>('form input, form textarea, form select');

/**
 * Puts the cursor in the form's first field, at once if the form is there, else as soon as its
 * chunk has loaded (scrolling to the section starts loading it). preventScroll keeps a smooth
 * scroll to the section from being cut short by the focus jump.
 */
export function focusWaitlistForm(): void {
  const field = firstField();
  if (field) field.focus({ preventScroll: true });
  else focusWhenLoaded = true;
}

function FocusWhenLoaded() {
  useEffect(() => {
    if (!focusWhenLoaded) return;
    focusWhenLoaded = false;
    firstField()?.focus({ preventScroll: true });
  }, []);
  return null;
}

function FormPlaceholder() {
  return (
    <div className="grid gap-5" role="status" aria-live="polite">
      <span className="sr-only">Loading the signup form…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-2" aria-hidden="true">
          <div className="h-4 w-20 rounded bg-muted" />
          <div className="h-10 rounded-md bg-muted" />
        </div>
      ))}
      <div className="h-28 rounded-md bg-muted" aria-hidden="true" />
      <div className="h-12 rounded-lg bg-primary/30" aria-hidden="true" />
    </div>
  );
}

function WaitlistSuccess() {
  return (
    <div className="grid animate-fade-in justify-items-center gap-4 py-6 text-center" role="status">
      <CheckCircle2 className="size-14 text-success" aria-hidden="true" />
      {/* The form (and its focused button) is gone: the confirmation takes the focus. */}
      <h3 ref={(heading) => focusIfLost(heading)} tabIndex={-1} className="text-2xl font-bold">
        You're In!
      </h3>
      <p className="max-w-sm text-muted-foreground">
        Thanks for joining. We'll e-mail you as soon as your early access is ready. Meanwhile, come say hi:
      </p>
      <Button asChild variant="outline">
        <a href={SOCIAL_PROFILE_URL} target="_blank" rel="noopener noreferrer">
          <InstagramIcon />
          Follow {SOCIAL_HANDLE}
        </a>
      </Button>
    </div>
  );
}

/**
 * The waitlist section (anchor #waitlist). The form (with the shared zod schema) is its own chunk,
 * fetched when the section comes near the viewport or the visitor first interacts with the page,
 * so the first load stays small; the prerendered page shows the placeholder. Once joined the form is replaced
 * by the 'You're In!' confirmation.
 */
export function WaitlistSection() {
  const [joined, setJoined] = useState(false);
  const [wanted, setWanted] = useState(false);
  const hydrated = useHydrated();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const want = () => setWanted(true);
    const element = section.current;
    if (window.location.hash === '#waitlist' || !element || typeof IntersectionObserver === 'undefined') {
      want();
      return;
    }
    // Near the viewport, or at the visitor's first key press, tap or click anywhere (a keyboard
    // user tabbing towards the form, a menu link to #waitlist): by the time they reach the
    // section the form is there. A page that is only looked at never loads it.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) want();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    const events = ['keydown', 'pointerdown', 'hashchange'] as const;
    for (const event of events) window.addEventListener(event, want, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const event of events) window.removeEventListener(event, want);
    };
  }, []);
  useEffect(() => {
    if (wanted) void loadForm();
  }, [wanted]);
  return (
    <section
      ref={section}
      id="waitlist"
      aria-labelledby="waitlist-heading"
      className="bg-muted px-4 py-20 sm:px-6"
    >
      <div className="mx-auto grid max-w-xl gap-8">
        <div className="text-center">
          <h2 id="waitlist-heading" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            Join the Waitlist
          </h2>
          <p className="mt-3 text-muted-foreground">
            Be first to turn your voice into content. Early members get founding-member pricing.
          </p>
        </div>
        <div className="rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8">
          {joined ? (
            <WaitlistSuccess />
          ) : hydrated && wanted ? (
            <Suspense fallback={<FormPlaceholder />}>
              <WaitlistForm onJoined={() => setJoined(true)} />
              <FocusWhenLoaded />
            </Suspense>
          ) : (
            <FormPlaceholder />
          )}
        </div>
      </div>
    </section>
  );
}
