import { LogOut } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { type AccessOrigin, PREFILL_FETCH_DELAY_MS } from '#contract/content-results.ts';
import { ToolLayout } from '#web/components/tool-layout.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { fetchSessionEmail, requestAccess, signOut } from '../api.ts';
import { SignInCard, useAccessSteps } from './access-steps.tsx';

/** The signed-in visitor, as the page inside the frame sees it. */
export interface VisitorSession {
  email: string;
  /** The user just signed in (the sign-in form is gone): the page's heading takes the focus. */
  arrived: boolean;
  /** The session is gone (signed out, deleted, expired): back to the sign-in steps. */
  signedOut: () => void;
}

const PAGES: Record<AccessOrigin, { current: '/dashboard' | '/studio'; label: string; title: string }> = {
  dashboard: { current: '/dashboard', label: 'Content Dashboard', title: 'Dashboard' },
  studio: { current: '/studio', label: 'Echo Studio', title: 'Studio' },
};

/**
 * The frame of the visitor's signed-in pages (/dashboard, /studio; one session for both,
 * docs/spec/decisions.md): the tools' page frame, and inside it an existing session is checked,
 * then the e-mail and code steps, then the page itself. With `prefill` (the dashboard's ?email=,
 * docs/spec/product-spec.md §2) the e-mail is taken after 100 ms: a browser already signed in as
 * it goes straight in, any other gets its code sent.
 */
export function SignedInFrame({
  page,
  signIn,
  prefill = '',
  wide = false,
  onSignedOut,
  children,
}: {
  page: AccessOrigin;
  /** The sign-in card's heading and introduction. */
  signIn: { title: string; intro: string };
  prefill?: string;
  /** A wider content column once signed in (the Studio's two columns). */
  wide?: boolean;
  /** Besides going back to the sign-in steps (the dashboard drops its ?email=). */
  onSignedOut?: () => void;
  children: (session: VisitorSession) => ReactNode;
}) {
  const access = useAccessSteps(prefill);
  const { step, setStep, email, setEmail, moved } = access;

  useEffect(() => {
    let live = true;
    const enter = (owner: string) => {
      setEmail(owner);
      setStep('access');
    };
    async function check() {
      const current = await fetchSessionEmail().catch(() => null);
      if (!live) return;
      if (!prefill) return current ? enter(current) : setStep('email');
      if (current && current === prefill.toLowerCase()) return enter(current);
      try {
        await requestAccess(prefill, page);
        if (!live) return;
        toast({ title: 'Code sent!', description: `Check ${prefill} for your 6-digit code.` });
        setStep('code');
      } catch (error) {
        if (!live) return;
        toast({
          variant: 'destructive',
          title: 'Failed to send verification code',
          description: errorMessage(error, 'Please try again.'),
        });
        setStep('email');
      }
    }
    if (!prefill) void check();
    const timer = prefill ? setTimeout(check, PREFILL_FETCH_DELAY_MS) : undefined;
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [prefill, page, setStep, setEmail]);

  const signedOut = () => {
    access.signedOut();
    onSignedOut?.();
  };
  const { current, label, title } = PAGES[page];
  return (
    <ToolLayout title={title} label={label} current={current} wide={wide && step === 'access'}>
      {step === 'access' ? (
        children({ email, arrived: moved, signedOut })
      ) : (
        <SignInCard from={page} title={signIn.title} intro={signIn.intro} {...access.card} />
      )}
    </ToolLayout>
  );
}

/** Signs out, then `onSignedOut` (forget the page's cached data, back to the sign-in steps). */
export function SignOutButton({ onSignedOut }: { onSignedOut: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={async () => {
        await signOut().catch(() => {});
        onSignedOut();
      }}
    >
      <LogOut aria-hidden="true" /> Sign out
    </Button>
  );
}
