import { Loader2, MessageSquare } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { testSmsSchema } from '#contract/campaigns.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { useSendTestSms } from '../api.ts';
import { SmsCounter } from './sms-counter.tsx';

/** Sends one real SMS through the SMS provider (Twilio, or the outbox when it is not configured). */
export function TestSmsDialog({
  campaignId,
  defaultMessage,
}: {
  campaignId: number;
  defaultMessage: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { values, field, set, handleSubmit, formRef } = useZodForm(testSmsSchema, { phone: '', message: '' });
  const { phone, message } = values;
  const send = useSendTestSms(campaignId);

  const keepFocus = useKeepFocusWhileBusy(send.isPending);

  // Opened before the campaign's steps had loaded: the empty message takes the first SMS step once
  // it arrives (a message the user typed or cleared since stays).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the step arriving fills it.
  useEffect(() => {
    if (open && defaultMessage && message === '') set('message', defaultMessage);
  }, [open, defaultMessage]);

  // A phone number not in international format is said in a toast. The number is sent as typed.
  const onSubmit = handleSubmit(
    () => sendTest(),
    (errors) => errorToast(errors.phone ?? errors.message ?? ''),
  );

  function sendTest() {
    send.mutate(
      { phone, message: message || undefined },
      {
        onSuccess: () => {
          toast({ title: 'Test SMS sent', description: `On its way to ${phone} through the SMS provider.` });
          setOpen(false);
        },
        onError: (error) => errorToast(errorMessage(error, 'Failed to send test SMS')),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) set('message', defaultMessage);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <MessageSquare aria-hidden="true" />
          Test SMS
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send a test SMS</DialogTitle>
          <DialogDescription>
            Sends a real message through the SMS provider. The name token becomes &lsquo;there&rsquo;.
          </DialogDescription>
        </DialogHeader>
        <form
          ref={formRef}
          onSubmit={onSubmit}
          className="grid gap-4"
          aria-label="Send a test SMS"
          noValidate
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-phone`}>Phone number</Label>
            <Input
              id={`${id}-phone`}
              type="tel"
              autoComplete="tel"
              placeholder="+14155550100"
              {...field('phone')}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-message`}>Message</Label>
            <Textarea
              id={`${id}-message`}
              rows={3}
              {...field('message')}
              placeholder="Leave empty to send the campaign's first SMS step"
            />
            <SmsCounter text={message} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending || !phone.trim()} {...keepFocus}>
              {send.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              Send Test
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
