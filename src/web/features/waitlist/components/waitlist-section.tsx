import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { InstagramIcon } from '#web/components/instagram-icon.tsx';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { SOCIAL_HANDLE, SOCIAL_PROFILE_URL } from '#contract/brand.ts';
import {
  STRUGGLE_MAX,
  STRUGGLE_ROWS,
  WAITLIST_ROLES,
  type WaitlistSignup,
  type WaitlistSignupInput,
  waitlistSignupSchema,
} from '#contract/waitlist.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { FieldError, Label } from '#web/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { trackPixelEvent } from '#web/lib/pixel.ts';
import { useJoinWaitlist } from '../api.ts';

function WaitlistForm({ onJoined }: { onJoined: () => void }) {
  const id = useId();
  const join = useJoinWaitlist();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<WaitlistSignupInput, unknown, WaitlistSignup>({
    resolver: zodResolver(waitlistSignupSchema),
    defaultValues: { name: '', email: '', struggle: '' },
  });

  const onSubmit = handleSubmit((values) => {
    join.mutate(values, {
      onSuccess: (result) => {
        if (result.alreadyExists) {
          toast({ title: "You're already in our system!", description: "We've sent you a reminder email with all the details." });
        } else {
          toast({ title: 'Success!', description: "You've been added to the waitlist." });
          trackPixelEvent('Lead');
        }
        onJoined();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Failed to join waitlist. Please try again.'),
        });
      },
    });
  });

  const describedBy = (field: keyof WaitlistSignupInput) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Join the waitlist">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          autoComplete="name"
          placeholder="Your name"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
          disabled={join.isPending}
          {...register('name')}
        />
        <FieldError id={`${id}-name-error`} message={errors.name?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
          disabled={join.isPending}
          {...register('email')}
        />
        <FieldError id={`${id}-email-error`} message={errors.email?.message} />
      </div>
      <div className="grid gap-2">
        <Label id={`${id}-role-label`} htmlFor={`${id}-role`}>
          I am a...
        </Label>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Select value={field.value ?? ''} onValueChange={field.onChange} disabled={join.isPending}>
              <SelectTrigger
                id={`${id}-role`}
                ref={field.ref}
                onBlur={field.onBlur}
                aria-labelledby={`${id}-role-label`}
                aria-invalid={errors.role ? true : undefined}
                aria-describedby={describedBy('role')}
                data-testid="waitlist-role"
              >
                <SelectValue placeholder="Select your role" />
              </SelectTrigger>
              <SelectContent>
                {WAITLIST_ROLES.map((role) => (
                  <SelectItem key={role} value={role}>
                    {role}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FieldError id={`${id}-role-error`} message={errors.role?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-struggle`}>
          What's your biggest content struggle? <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={`${id}-struggle`}
          rows={STRUGGLE_ROWS}
          maxLength={STRUGGLE_MAX}
          placeholder="e.g. I have ideas all day but never find time to write them up."
          aria-invalid={errors.struggle ? true : undefined}
          aria-describedby={describedBy('struggle')}
          disabled={join.isPending}
          {...register('struggle')}
        />
        <FieldError id={`${id}-struggle-error`} message={errors.struggle?.message} />
      </div>
      <Button type="submit" size="lg" disabled={join.isPending} className="w-full">
        {join.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        {join.isPending ? 'Joining...' : 'Join the Waitlist'}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        We'll only e-mail you about Echo. Unsubscribe any time.
      </p>
    </form>
  );
}

function WaitlistSuccess() {
  return (
    <div className="grid animate-fade-in justify-items-center gap-4 py-6 text-center" role="status">
      <CheckCircle2 className="size-14 text-success" aria-hidden="true" />
      <h3 className="text-2xl font-bold">You're In!</h3>
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

/** The waitlist section (anchor #waitlist): the signup form, replaced by a confirmation once joined. */
export function WaitlistSection() {
  const [joined, setJoined] = useState(false);
  return (
    <section id="waitlist" aria-labelledby="waitlist-heading" className="bg-muted px-4 py-20 sm:px-6">
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
          {joined ? <WaitlistSuccess /> : <WaitlistForm onJoined={() => setJoined(true)} />}
        </div>
      </div>
    </section>
  );
}
