import { Loader2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { type CampaignStep, NAME_TOKEN, type StepInput, stepInputSchema } from '#contract/campaigns.ts';
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
import { Label } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { useSaveStep } from '../api.ts';
import { SmsCounter } from './sms-counter.tsx';

const fromStep = (step: CampaignStep | null, nextSequence: number) => ({
  sequence_number: String(step?.sequence_number ?? nextSequence),
  delay_days: String(step?.delay_days ?? 0),
  message_type: step?.message_type ?? ('email' as string),
  subject: step?.subject ?? '',
  html_content: step?.html_content ?? '',
  text_content: step?.text_content ?? '',
});

/**
 * What the server is sent: a sequence number that is not one counts as 1 and the delay as the
 * contract reads it; an SMS has no subject or HTML.
 */
const toStepInput = (form: ReturnType<typeof fromStep>) => {
  const isEmail = form.message_type === 'email';
  return {
    ...form,
    sequence_number: Number.parseInt(form.sequence_number, 10) || 1,
    subject: isEmail ? form.subject : null,
    html_content: isEmail ? form.html_content : null,
  };
};

/** Add Step / Edit Step: one dialog; editing updates the step (PATCH), adding creates one (POST). */
export function StepDialog({
  campaignId,
  open,
  onOpenChange,
  step,
  nextSequence,
}: {
  campaignId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  step: CampaignStep | null;
  nextSequence: number;
}) {
  const id = useId();
  const {
    values: form,
    field,
    set,
    reset,
    handleSubmit,
    formRef,
  } = useZodForm(stepInputSchema, fromStep(step, nextSequence), { toInput: toStepInput });
  const textRef = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled again when the dialog opens.
  useEffect(() => {
    if (open) reset(fromStep(step, nextSequence));
  }, [open, step, nextSequence]);
  const isEmail = form.message_type === 'email';
  const editing = step !== null;

  const save = useSaveStep(campaignId);

  const keepFocus = useKeepFocusWhileBusy(save.isPending);

  // What is missing is said in a toast: the subject of an e-mail first, then the text.
  const onSubmit = handleSubmit(send, (errors) => {
    const message = errors.subject ?? errors.text_content ?? Object.values(errors)[0];
    if (message) errorToast(message);
  });

  function send(input: StepInput) {
    save.mutate(
      { stepId: step?.id, step: input },
      {
        onSuccess: () => {
          toast({ title: editing ? 'Message updated successfully' : 'Message added successfully' });
          onOpenChange(false);
        },
        onError: (error) =>
          errorToast(errorMessage(error, editing ? 'Failed to update message' : 'Failed to add message')),
      },
    );
  }

  function insertNameToken() {
    const el = textRef.current;
    const start = el?.selectionStart ?? form.text_content.length;
    const end = el?.selectionEnd ?? start;
    const next = form.text_content.slice(0, start) + NAME_TOKEN + form.text_content.slice(end);
    set('text_content', next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + NAME_TOKEN.length, start + NAME_TOKEN.length);
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Step' : 'Add Step'}</DialogTitle>
          <DialogDescription>
            Steps go out in sequence; the delay counts days from the previous step (from enrolment for the
            first).
          </DialogDescription>
        </DialogHeader>
        <form
          ref={formRef}
          onSubmit={onSubmit}
          className="grid gap-4"
          aria-label={editing ? 'Edit Step' : 'Add Step'}
          noValidate
        >
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-seq`}>Sequence number</Label>
              <Input
                id={`${id}-seq`}
                type="number"
                min={1}
                inputMode="numeric"
                {...field('sequence_number')}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-delay`}>Delay (days)</Label>
              <Input id={`${id}-delay`} type="number" min={0} inputMode="numeric" {...field('delay_days')} />
            </div>
            <div className="col-span-2 grid gap-2 sm:col-span-1">
              <Label htmlFor={`${id}-type`}>Type</Label>
              <Select id={`${id}-type`} {...field('message_type')}>
                <option value="email">Email</option>
                <option value="sms">SMS</option>
              </Select>
            </div>
          </div>
          {isEmail && (
            <>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-subject`}>Subject</Label>
                <Input id={`${id}-subject`} maxLength={300} {...field('subject')} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-html`}>HTML content</Label>
                <Textarea
                  id={`${id}-html`}
                  rows={4}
                  className="font-mono text-xs md:text-xs"
                  placeholder="<p>Hi {{name}},</p>"
                  {...field('html_content')}
                />
                <p className="text-xs text-muted-foreground">
                  Optional. Scripts, event handlers and unsafe links are removed when saved.
                </p>
              </div>
            </>
          )}
          <div className="grid gap-2">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor={`${id}-text`}>{isEmail ? 'Text content' : 'Message'}</Label>
              <Button type="button" variant="outline" size="sm" onClick={insertNameToken}>
                Insert name token
              </Button>
            </div>
            <Textarea
              id={`${id}-text`}
              ref={textRef}
              rows={isEmail ? 5 : 4}
              aria-describedby={!isEmail ? `${id}-count` : undefined}
              {...field('text_content')}
            />
            {!isEmail && <SmsCounter id={`${id}-count`} text={form.text_content} />}
            <p className="text-xs text-muted-foreground">
              {NAME_TOKEN} becomes the contact&apos;s name (or &lsquo;there&rsquo;).
              {!isEmail &&
                ' SMS go only to contacts who consented, never between 21:00 and 08:00 their time.'}
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending} {...keepFocus}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {editing ? 'Save Step' : 'Add Step'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
