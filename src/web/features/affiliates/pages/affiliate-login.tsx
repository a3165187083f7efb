import { Loader2, Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { loginSchema } from '#contract/affiliates.ts';
import { SUPPORT_EMAIL } from '#contract/brand.ts';
import { CodeForm } from '#web/components/code-form.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmailInput } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage, isHttpError } from '#web/lib/api.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { login, signInAffiliate } from '../api.ts';
import { PageShell } from '../components/page-shell.tsx';

const emailStepSchema = loginSchema.pick({ email: true });

function failed(error: unknown) {
  toast({
    variant: 'destructive',
    title: 'Login Failed',
    description: isHttpError(error)
      ? errorMessage(error, 'Please check your email address')
      : 'Please check your connection and try again',
  });
}

/** E-mail, then the e-mailed 6-digit code (docs/spec/decisions.md); on success the portal. */
export default function AffiliateLoginPage() {
  const id = useId();
  const [, navigate] = useLocation();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [pending, setPending] = useState(false);
  // Fields and buttons are disabled while signing in; after a failure the cursor is back where it was.
  const keepFocus = useKeepFocusWhileBusy(pending);
  // An e-mail put in before the page's script ran (autofill, a password manager) counts.
  const { values, field, handleSubmit, formRef } = useZodForm(emailStepSchema, { email: '' });
  const email = values.email;

  async function sendCode(clear?: () => void) {
    if (!email) return;
    setPending(true);
    try {
      const result = await login({ email });
      setStep('code');
      clear?.();
      toast({ title: 'Check your email', description: 'message' in result ? result.message : undefined });
    } catch (error) {
      failed(error);
    } finally {
      setPending(false);
    }
  }

  // The field is required (the browser says so when it is empty); an address the server would
  // refuse gets the server's words.
  const submitEmail = handleSubmit(
    () => void sendCode(),
    (errors) => toast({ variant: 'destructive', title: 'Login Failed', description: errors.email }),
  );

  async function verify(entered: string) {
    setPending(true);
    try {
      await signInAffiliate(email, entered);
      toast({ title: 'Login Successful', description: 'Welcome to your affiliate dashboard!' });
      navigate('/affiliate-portal');
    } catch (error) {
      failed(error);
      setPending(false);
    }
  }

  return (
    <PageShell title="Affiliate Login" back={{ href: '/affiliate', label: 'Affiliate Program' }}>
      <div className="mx-auto flex max-w-md flex-col px-4 py-16">
        <Card>
          <h1 className="text-2xl font-extrabold tracking-tight">Affiliate Login</h1>
          {step === 'email' ? (
            <form ref={formRef} onSubmit={submitEmail} className="mt-6 grid gap-4" {...keepFocus}>
              <p className="text-sm text-muted-foreground">
                Sign in with the e-mail address you applied with. We'll e-mail you a 6-digit code.
              </p>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-email`}>Email</Label>
                <EmailInput id={`${id}-email`} required disabled={pending} {...field('email')} />
              </div>
              <Button type="submit" disabled={pending}>
                {pending ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <Mail aria-hidden="true" />
                )}
                {pending ? 'Signing In...' : 'Send Sign-In Code'}
              </Button>
            </form>
          ) : (
            <CodeForm
              className="mt-6 grid gap-4"
              description={
                <>
                  If <strong className="text-foreground">{email}</strong> belongs to an affiliate account, a
                  6-digit code is on its way. It expires in 10 minutes.
                </>
              }
              label="Verification code"
              submitLabel="Sign In"
              pendingLabel="Signing In..."
              pending={pending}
              onSubmit={verify}
              onResend={(clear) => void sendCode(clear)}
              back={{ label: 'Use another e-mail', onClick: () => setStep('email') }}
            />
          )}
          <div className="mt-6 space-y-2 border-t border-border pt-4 text-sm text-muted-foreground">
            <p>
              Not an affiliate yet?{' '}
              <Link href="/affiliate" className="font-medium text-primary hover:underline">
                Apply to the program
              </Link>
            </p>
            <p>
              Need help? Contact{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-primary hover:underline">
                {SUPPORT_EMAIL}
              </a>
            </p>
          </div>
        </Card>
      </div>
    </PageShell>
  );
}
