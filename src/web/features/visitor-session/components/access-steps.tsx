import { Loader2, Mail } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { type AccessOrigin, emailBodySchema } from '#contract/content-results.ts';
import { CodeForm, isRefusedCode } from '#web/components/code-form.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmailInput } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorCode, errorMessage } from '#web/lib/api.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { useRequestAccess, useVerifyAccess } from '../api.ts';

// The visitor session's two sign-in steps, shared by /dashboard and /studio.

/** The page's name in the sign-in steps. */
const PAGE_NAME: Record<AccessOrigin, string> = { dashboard: 'dashboard', studio: 'Studio' };

/** The e-mail step: sends a 6-digit code to the e-mail typed. */
function EmailStep({
  from,
  initial,
  autoFocus,
  onSent,
}: {
  from: AccessOrigin;
  initial: string;
  /** Put the cursor in the field (when the user came back to this step, not on page load). */
  autoFocus: boolean;
  onSent: (email: string) => void;
}) {
  const id = useId();
  const request = useRequestAccess(from);
  const keepFocus = useKeepFocusWhileBusy(request.isPending);
  // An e-mail put in before the page's script ran (autofill, a password manager) counts.
  const { field, valid, handleSubmit, formRef } = useZodForm(emailBodySchema, { email: initial });
  // An invalid e-mail: the button is disabled, and Enter does nothing.
  const submit = handleSubmit(
    ({ email: address }) => {
      request.mutate(address, {
        onSuccess: () => {
          toast({ title: 'Code sent!', description: `Check ${address} for your 6-digit code.` });
          onSent(address);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to send verification code',
            description: errorMessage(error, 'Please try again.'),
          }),
      });
    },
    () => {},
  );
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      className="grid gap-4"
      aria-label={from === 'studio' ? 'Studio sign-in' : 'Dashboard sign-in'}
      {...keepFocus}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <EmailInput
          id={`${id}-email`}
          {...field('email')}
          disabled={request.isPending}
          autoFocus={autoFocus}
        />
      </div>
      <Button type="submit" disabled={!valid || request.isPending}>
        {request.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Mail aria-hidden="true" />
        )}
        Send Code
      </Button>
    </form>
  );
}

/** The code step: verifies the e-mailed code and opens the visitor session. */
function CodeStep({
  from,
  email,
  onVerified,
  onBack,
}: {
  from: AccessOrigin;
  email: string;
  onVerified: () => void;
  onBack: () => void;
}) {
  const verify = useVerifyAccess();
  const resend = useRequestAccess(from);
  return (
    <CodeForm
      aria-label="Enter your code"
      description={
        <>
          We sent a 6-digit code to <span className="font-medium text-foreground">{email}</span>. It expires
          in 10 minutes.
        </>
      }
      label="Verification code"
      submitLabel="Verify"
      pending={verify.isPending}
      onSubmit={(entered, clear) =>
        verify.mutate(
          { email, code: entered },
          {
            onSuccess: () => {
              toast({ title: `Access granted to your ${PAGE_NAME[from]}` });
              onVerified();
            },
            onError: (error) => {
              // A wrong code clears the field: the cursor is back in it for the next try.
              clear();
              const message = errorMessage(error, '');
              toast(
                isRefusedCode(error)
                  ? {
                      variant: 'destructive',
                      title: 'Invalid verification code',
                      description: errorCode(error) === 'code_invalid' ? undefined : message,
                    }
                  : {
                      variant: 'destructive',
                      title: 'Failed to verify code',
                      description: errorMessage(error, 'Please try again.'),
                    },
              );
            },
          },
        )
      }
      resending={resend.isPending}
      onResend={() =>
        resend.mutate(email, {
          onSuccess: () => toast({ title: 'Code sent!', description: `Check ${email} for your new code.` }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Failed to send verification code',
              description: errorMessage(error, 'Please try again.'),
            }),
        })
      }
      back={{ label: 'Use a different email', onClick: onBack }}
    />
  );
}

export type AccessStep = 'checking' | 'email' | 'code' | 'access';

/**
 * The state of the sign-in steps (dashboard and Studio): the step, the e-mail and whether the user
 * moved between steps (then the next step takes the focus). `card` is what SignInCard needs.
 */
export function useAccessSteps(initialEmail = '') {
  const [step, setStep] = useState<AccessStep>('checking');
  const [email, setEmail] = useState(initialEmail);
  const [moved, setMoved] = useState(false);
  /** Back to the e-mail step after signing out (or a lost session). */
  const signedOut = useCallback(() => {
    setMoved(true);
    setStep('email');
  }, []);
  const card = {
    step: step === 'access' ? ('checking' as const) : step,
    email,
    moved,
    onSent: (sentTo: string) => {
      setEmail(sentTo);
      setStep('code');
    },
    onVerified: () => {
      setMoved(true);
      setStep('access');
    },
    onBack: signedOut,
  };
  return { step, setStep, email, setEmail, moved, signedOut, card };
}

/**
 * The sign-in card of the dashboard and the Studio: checking an existing session, then the e-mail
 * step, then the code step ('Use a different email' goes back). Each page keeps its own state.
 */
export function SignInCard({
  from,
  title,
  intro,
  step,
  email,
  moved,
  onSent,
  onVerified,
  onBack,
}: {
  /** The page signed in to: the e-mailed code names it. */
  from: AccessOrigin;
  title: string;
  intro: string;
  step: Exclude<AccessStep, 'access'>;
  email: string;
  /** Focus moves into the form (the user arrived here by an action, not by loading the page). */
  moved: boolean;
  onSent: (email: string) => void;
  onVerified: () => void;
  onBack: () => void;
}) {
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">{intro}</p>
      <Card className="mt-6">
        {step === 'checking' && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Checking your access...
          </p>
        )}
        {step === 'email' && <EmailStep from={from} initial={email} autoFocus={moved} onSent={onSent} />}
        {step === 'code' && <CodeStep from={from} email={email} onVerified={onVerified} onBack={onBack} />}
      </Card>
    </div>
  );
}
