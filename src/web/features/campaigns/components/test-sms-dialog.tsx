import { Loader2, MessageSquare } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { E164, PHONE_INVALID } from '#contract/campaigns.ts';
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
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState('');
  const send = useSendTestSms(campaignId);

  const keepFocus = useKeepFocusWhileBusy(send.isPending);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!E164.test(phone.replace(/[\s().-]/g, ''))) {
      errorToast(PHONE_INVALID);
      return;
    }
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
        if (next) setMessage(defaultMessage);
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
        <form onSubmit={onSubmit} className="grid gap-4" aria-label="Send a test SMS" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-phone`}>Phone number</Label>
            <Input
              id={`${id}-phone`}
              type="tel"
              autoComplete="tel"
              placeholder="+14155550100"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-message`}>Message</Label>
            <Textarea
              id={`${id}-message`}
              rows={3}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
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
