import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { STRUGGLE_MAX, STRUGGLE_ROWS, WAITLIST_ROLES, waitlistSignupSchema } from '#contract/waitlist.ts';
import { Button } from '#web/components/ui/button.tsx';
import { EmailInput, Input, Textarea } from '#web/components/ui/input.tsx';
import { FieldError, Label } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { trackPixelEvent } from '#web/lib/pixel.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { useJoinWaitlist } from '../api.ts';

/** The signup form (docs/spec/product-spec.md §2 "Waitlist", §4, §5, §8); its own chunk, so zod stays out of the first load. */
export default function WaitlistForm({ onJoined }: { onJoined: () => void }) {
  const id = useId();
  const join = useJoinWaitlist();
  // The fields are disabled while joining: after a failure, focus is back where it was.
  const keepFocus = useKeepFocusWhileBusy(join.isPending);
  const { errors, field, handleSubmit, formRef } = useZodForm(waitlistSignupSchema, {
    name: '',
    email: '',
    role: '',
    struggle: '',
  });

  const onSubmit = handleSubmit((values) => {
    join.mutate(values, {
      onSuccess: (result) => {
        if (result.alreadyExists) {
          toast({
            title: "You're already in our system!",
            description: "We've sent you a reminder email with all the details.",
          });
        } else {
          toast({ title: 'Success!', description: "You've been added to the waitlist." });
          trackPixelEvent('Lead');
        }
        onJoined();
      },
      onError: (error) => {
        errorToast(errorMessage(error, 'Failed to join waitlist. Please try again.'));
      },
    });
  });

  const errorId = (name: keyof typeof errors) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-5"
      aria-label="Join the waitlist"
      {...keepFocus}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          autoComplete="name"
          placeholder="Your name"
          aria-describedby={errorId('name')}
          disabled={join.isPending}
          {...field('name')}
        />
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <EmailInput
          id={`${id}-email`}
          aria-describedby={errorId('email')}
          disabled={join.isPending}
          {...field('email')}
        />
        <FieldError id={`${id}-email-error`} message={errors.email} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-role`}>I am a...</Label>
        <Select
          id={`${id}-role`}
          placeholder="Select your role"
          aria-describedby={errorId('role')}
          disabled={join.isPending}
          data-testid="waitlist-role"
          {...field('role')}
        >
          {WAITLIST_ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </Select>
        <FieldError id={`${id}-role-error`} message={errors.role} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-struggle`}>
          What's your biggest content struggle?{' '}
          <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={`${id}-struggle`}
          rows={STRUGGLE_ROWS}
          maxLength={STRUGGLE_MAX}
          placeholder="e.g. I have ideas all day but never find time to write them up."
          aria-describedby={errorId('struggle')}
          disabled={join.isPending}
          {...field('struggle')}
        />
        <FieldError id={`${id}-struggle-error`} message={errors.struggle} />
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
