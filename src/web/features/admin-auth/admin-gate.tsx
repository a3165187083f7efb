import { Loader2, LockKeyhole, LogOut } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { adminLoginSchema } from '#contract/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorCode, errorMessage } from '#web/lib/api.ts';
import { focusIfLost, useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { signInAdmin, signOutAdmin, useAdminToken } from './api.ts';

/**
 * The admin password gate (docs/spec/product-spec.md §5, checked by the server per docs/spec/decisions.md): children render only
 * with a stored admin token; a wrong password shows 'Access Denied' / 'Invalid admin password'.
 */
export function AdminGate({ title, children }: { title: string; children: ReactNode }) {
  const token = useAdminToken();
  const id = useId();
  const [pending, setPending] = useState(false);
  const keepFocus = useKeepFocusWhileBusy(pending);
  const { values, field, handleSubmit, reset, formRef } = useZodForm(adminLoginSchema, { password: '' });

  if (token) return <>{children}</>;

  // An empty password: the button is disabled, and Enter does nothing; a refused one is the server's to say.
  const onSubmit = handleSubmit(
    () => void signIn(values.password),
    (errors) => {
      if (values.password) denied(errors.password);
    },
  );

  function denied(description: string | undefined) {
    toast({ variant: 'destructive', title: 'Access Denied', description });
  }

  async function signIn(password: string) {
    setPending(true);
    try {
      await signInAdmin(password);
      reset();
      // The gate's form is gone: continue from the page's heading (or its main region).
      requestAnimationFrame(() =>
        focusIfLost(document.querySelector<HTMLElement>('main h1') ?? document.querySelector('main')),
      );
    } catch (error) {
      denied(
        errorCode(error) === 'unauthorized'
          ? 'Invalid admin password'
          : errorMessage(error, 'Invalid admin password'),
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted px-4">
      <form
        ref={formRef}
        onSubmit={onSubmit}
        className="grid w-full max-w-sm gap-4 rounded-xl border border-border bg-background p-6 shadow-sm"
      >
        <div className="flex items-center gap-2">
          <LockKeyhole className="size-6 text-primary" aria-hidden="true" />
          <h1 className="text-xl font-bold">{title}</h1>
        </div>
        <p className="text-sm text-muted-foreground">Enter the admin password to continue.</p>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-password`}>Admin password</Label>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            {...field('password')}
            disabled={pending}
            required
            {...keepFocus}
          />
        </div>
        <Button type="submit" disabled={pending || !values.password}>
          {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {pending ? 'Checking...' : 'Access Dashboard'}
        </Button>
      </form>
    </main>
  );
}

/** A sign-out button for admin pages. */
export function AdminSignOutButton() {
  return (
    <Button variant="outline" size="sm" onClick={() => void signOutAdmin()}>
      <LogOut aria-hidden="true" />
      Sign out
    </Button>
  );
}
