import { Loader2, Mail } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { emailSchema } from '#contract/waitlist.ts';
import { CODE_LENGTH, CodeInput } from '#web/components/code-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmailInput } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useRequestAccess, useVerifyAccess } from '../api.ts';

// The dashboard session's two sign-in steps, shared by /dashboard and /studio.

/** The e-mail step: sends a 6-digit code to the address. */
export function EmailStep({
  initial,
  autoFocus,
  onSent,
}: {
  initial: string;
  /** Put the cursor in the field (when the user came back to this step, not on page load). */
  autoFocus: boolean;
  onSent: (email: string) => void;
}) {
  const id = useId();
  const [email, setEmail] = useState(initial);
  const request = useRequestAccess();
  const keepFocus = useKeepFocusWhileBusy(request.isPending);
  const valid = emailSchema.safeParse(email).success;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    const address = email.trim();
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
  }
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Dashboard sign-in" {...keepFocus}>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <EmailInput
          id={`${id}-email`}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
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

/** The code step: verifies the e-mailed code and opens the dashboard session. */
export function CodeStep({
  email,
  onVerified,
  onBack,
}: {
  email: string;
  onVerified: () => void;
  onBack: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const verify = useVerifyAccess();
  const resend = useRequestAccess();
  // A wrong code clears the field: the cursor is back in it for the next try.
  const keepCodeFocus = useKeepFocusWhileBusy(verify.isPending);
  const keepResendFocus = useKeepFocusWhileBusy(resend.isPending);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) return;
    verify.mutate(
      { email, code },
      {
        onSuccess: () => {
          toast({ title: 'Access granted to your dashboard' });
          onVerified();
        },
        onError: (error) => {
          setCode('');
          const status = error instanceof Error ? error.message.slice(0, 3) : '';
          const message = errorMessage(error, '');
          toast(
            status === '400' || status === '429'
              ? {
                  variant: 'destructive',
                  title: 'Invalid verification code',
                  description: message === 'Invalid verification code' ? undefined : message,
                }
              : {
                  variant: 'destructive',
                  title: 'Failed to verify code',
                  description: errorMessage(error, 'Please try again.'),
                },
          );
        },
      },
    );
  }
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Enter your code" {...keepCodeFocus}>
      <p className="text-sm text-muted-foreground">
        We sent a 6-digit code to <span className="font-medium text-foreground">{email}</span>. It expires in
        10 minutes.
      </p>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`}>Verification code</Label>
        <CodeInput
          id={`${id}-code`}
          value={code}
          onValueChange={setCode}
          disabled={verify.isPending}
          autoFocus
        />
      </div>
      <Button type="submit" disabled={code.length !== CODE_LENGTH || verify.isPending}>
        {verify.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        Verify
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="link" size="sm" className="px-0" onClick={onBack}>
          Use a different email
        </Button>
        <Button
          variant="link"
          size="sm"
          className="px-0"
          disabled={resend.isPending}
          {...keepResendFocus}
          onClick={() =>
            resend.mutate(email, {
              onSuccess: () =>
                toast({ title: 'Code sent!', description: `Check ${email} for your new code.` }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'Failed to send verification code',
                  description: errorMessage(error, 'Please try again.'),
                }),
            })
          }
        >
          Resend code
        </Button>
      </div>
    </form>
  );
}
