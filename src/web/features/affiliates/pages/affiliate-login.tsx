import { Loader2, Mail } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { SUPPORT_EMAIL } from '#contract/brand.ts';
import { CodeForm } from '#web/components/code-form.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmailInput } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage, isHttpError } from '#web/lib/api.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useFieldsFromDom } from '#web/lib/use-fields-from-dom.ts';
import { login, signInAffiliate } from '../api.ts';
import { PageShell } from '../components/page-shell.tsx';

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
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [pending, setPending] = useState(false);
  // Fields and buttons are disabled while signing in; after a failure the cursor is back where it was.
  const keepFocus = useKeepFocusWhileBusy(pending);
  // An e-mail put in before the page's script ran (autofill, a password manager) counts.
  const emailForm = useFieldsFromDom({ email: { value: email, set: setEmail } });

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    if (!email) return;
    setPending(true);
    try {
      const result = await login({ email });
      setStep('code');
      setCode('');
      toast({ title: 'Check your email', description: 'message' in result ? result.message : undefined });
    } catch (error) {
      failed(error);
    } finally {
      setPending(false);
    }
  }

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
            <form ref={emailForm} onSubmit={sendCode} className="mt-6 grid gap-4" {...keepFocus}>
              <p className="text-sm text-muted-foreground">
                Sign in with the e-mail address you applied with. We'll e-mail you a 6-digit code.
              </p>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-email`}>Email</Label>
                <EmailInput
                  id={`${id}-email`}
                  name="email"
                  required
                  value={email}
                  disabled={pending}
                  onChange={(e) => setEmail(e.target.value)}
                />
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
              code={code}
              onCodeChange={setCode}
              pending={pending}
              onSubmit={verify}
              onResend={() => void sendCode()}
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
