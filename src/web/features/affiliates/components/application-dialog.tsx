import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { affiliateApplicationSchema } from '#contract/affiliates.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { FieldError, Label } from '#web/components/ui/label.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { errorCode } from '#web/lib/api.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { useApplyAsAffiliate } from '../api.ts';

const EMPTY = {
  display_name: '',
  email: '',
  company_name: '',
  website: '',
  social_media: '',
  audience_size: '',
  content_type: '',
  promotion_strategy: '',
};

/** The application dialog (docs/spec/product-spec.md §2, §4, §5, §8). */
export function ApplicationDialog({
  open,
  onOpenChange,
  onSubmitted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmitted: () => void;
}) {
  const id = useId();
  const apply = useApplyAsAffiliate();
  const { errors, field, handleSubmit, formRef } = useZodForm(affiliateApplicationSchema, EMPTY);
  const keepFocus = useKeepFocusWhileBusy(apply.isPending);

  const onSubmit = handleSubmit((values) => {
    apply.mutate(values, {
      onSuccess: () => {
        onSubmitted();
      },
      onError: (error) => {
        if (errorCode(error) === 'already_exists') {
          toast({
            variant: 'destructive',
            title: 'Application Already Exists',
            description: 'An application with this email has already been submitted.',
          });
        } else {
          errorToast('Failed to submit application. Please try again.');
        }
      },
    });
  });

  const text = (
    name: keyof typeof EMPTY,
    label: string,
    required = false,
    props: Record<string, string> = {},
  ) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${name}`}>
        {label}
        {required && (
          <span className="text-destructive" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </Label>
      <Input
        id={`${id}-${name}`}
        disabled={apply.isPending}
        aria-required={required || undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...props}
        {...field(name)}
      />
      <FieldError id={`${id}-${name}-error`} message={errors[name]} />
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !apply.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Apply to the Echo Affiliate Program</DialogTitle>
          <DialogDescription>We review every application within 2-3 business days.</DialogDescription>
        </DialogHeader>
        <form
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4"
          aria-label="Affiliate application"
          {...keepFocus}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {text('display_name', 'Full Name', true, { autoComplete: 'name' })}
            {text('email', 'Email', true, { type: 'email', autoComplete: 'email' })}
            {text('company_name', 'Company Name', false, { autoComplete: 'organization' })}
            {text('website', 'Website', false, { type: 'url', placeholder: 'https://' })}
            {text('social_media', 'Social Media', false, { placeholder: '@yourhandle' })}
            {text('audience_size', 'Audience Size', false, { placeholder: 'e.g. 10,000 followers' })}
          </div>
          {text('content_type', 'Content Type', false, { placeholder: 'e.g. YouTube tutorials, newsletter' })}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-promotion_strategy`}>
              How will you promote Echo?
              <span className="text-destructive" aria-hidden="true">
                {' '}
                *
              </span>
            </Label>
            <Textarea
              id={`${id}-promotion_strategy`}
              rows={4}
              disabled={apply.isPending}
              aria-required
              aria-describedby={errors.promotion_strategy ? `${id}-promotion_strategy-error` : undefined}
              placeholder="Tell us about your audience and how you plan to share Echo."
              {...field('promotion_strategy')}
            />
            <FieldError id={`${id}-promotion_strategy-error`} message={errors.promotion_strategy} />
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={apply.isPending}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={apply.isPending}>
              {apply.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {apply.isPending ? 'Submitting...' : 'Submit Application'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
