import { AlertCircle, Info, Loader2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  CONTENT_PLATFORMS,
  inlineSubmitSchema,
  MISSING_INFORMATION_MESSAGE,
  MISSING_INFORMATION_TITLE,
  SUBMIT_ERROR_RESET_MS,
  submitContentSchema,
} from '#contract/content-results.ts';
import { CAPTIONS_ONLY_NOTICE } from '#contract/system.ts';
import { Button } from '#web/components/ui/button.tsx';
import { EmailInput, Input } from '#web/components/ui/input.tsx';
import { FieldError, Label } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { useCapabilities, useSubmitContent } from '../api.ts';

type Phase = 'idle' | 'success' | 'error';

const EMPTY = { link: '', source: '', email: '' };

/**
 * The transcription submit form (docs/spec/product-spec.md §5 "Content submission", §8): link, platform and, on
 * /reaction-video, the e-mail. The button stays disabled until every field is valid.
 */
export function SubmitForm({
  fixedEmail,
  onSubmitted,
}: {
  /** The dashboard's inline form submits for the owner (link and platform only). */
  fixedEmail?: string;
  onSubmitted: (email: string) => void;
}) {
  const id = useId();
  const submit = useSubmitContent();
  const capabilities = useCapabilities();
  const [phase, setPhase] = useState<Phase>('idle');
  const inline = fixedEmail !== undefined;
  // What was put in before the page's script ran counts (/reaction-video is prerendered).
  // The inline form has no e-mail field: it submits for the verified address.
  const { values, field, valid, handleSubmit, reset, formRef } = useZodForm(
    inline ? inlineSubmitSchema : submitContentSchema,
    EMPTY,
  );
  const { link, source, email } = values;
  const linkError =
    link.trim() && !inlineSubmitSchema.shape.link.safeParse(link).success
      ? 'Please enter a valid URL'
      : undefined;

  useEffect(() => {
    if (phase !== 'error') return;
    const timer = setTimeout(() => setPhase('idle'), SUBMIT_ERROR_RESET_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  // A field left empty says so; otherwise the button is disabled until every field is valid.
  const onSubmit = handleSubmit(send, () => {
    if (!link.trim() || !source || (!inline && !email.trim()))
      toast({
        variant: 'destructive',
        title: MISSING_INFORMATION_TITLE,
        description: MISSING_INFORMATION_MESSAGE,
      });
  });

  function send() {
    const to = inline ? fixedEmail : email.trim();
    submit.mutate(
      { link: link.trim(), source: source as (typeof CONTENT_PLATFORMS)[number], email: to },
      {
        onSuccess: () => {
          setPhase('success');
          if (inline) {
            toast({ title: 'Link submitted successfully!' });
            reset();
          } else {
            toast({ title: 'Link submitted successfully!', description: 'Redirecting to your dashboard...' });
          }
          onSubmitted(to);
        },
        onError: (error) => {
          setPhase('error');
          errorToast(errorMessage(error, 'Failed to submit link'));
        },
      },
    );
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-5"
      aria-label={inline ? 'New Transcription' : 'Submit a link for transcription'}
    >
      {capabilities.data?.transcription.captionsOnly && (
        <p className="flex items-start gap-2 rounded-md border border-border bg-muted/50 p-3 text-sm text-muted-foreground">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {CAPTIONS_ONLY_NOTICE}
        </p>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-link`}>Link</Label>
        <Input
          id={`${id}-link`}
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=..."
          {...field('link')}
          aria-invalid={linkError ? true : undefined}
          aria-describedby={linkError ? `${id}-link-error` : undefined}
          disabled={submit.isPending}
        />
        <FieldError id={`${id}-link-error`} message={linkError} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-source`}>Source platform</Label>
        <Select
          id={`${id}-source`}
          placeholder="Select a platform"
          {...field('source')}
          disabled={submit.isPending}
        >
          {CONTENT_PLATFORMS.map((platform) => (
            <option key={platform} value={platform}>
              {platform}
            </option>
          ))}
        </Select>
      </div>
      {!inline && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <EmailInput id={`${id}-email`} {...field('email')} disabled={submit.isPending} />
          <p className="text-xs text-muted-foreground">
            We'll send a code to this address to open your dashboard.
          </p>
        </div>
      )}
      {phase === 'error' && (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          There was an error submitting your link. Please try again.
        </div>
      )}
      <Button
        type="submit"
        size="lg"
        disabled={!valid || submit.isPending || (phase === 'success' && !inline)}
      >
        {submit.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
        {submit.isPending ? 'Submitting...' : inline ? 'Submit for Transcription' : 'Transcribe'}
      </Button>
    </form>
  );
}
