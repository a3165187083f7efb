import { Loader2, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { CodeForm } from '#web/components/code-form.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useDataUse, useDeleteMyData, useRequestDeletionCode, useSetDataUse } from '../api.ts';

function DataUseSwitch({ email }: { email: string }) {
  const id = useId();
  const current = useDataUse(email);
  const update = useSetDataUse(email);
  const optedOut = update.isPending ? update.variables : (current.data?.optedOut ?? false);
  const keepFocus = useKeepFocusWhileBusy(current.isPending || update.isPending);
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>Don&apos;t use my data</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          When on, {email}&apos;s content is left out of anonymised product improvement and model training,
          and this browser loads no marketing pixel.
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={optedOut}
        aria-describedby={`${id}-hint`}
        disabled={current.isPending || update.isPending}
        {...keepFocus}
        onClick={() =>
          update.mutate(!optedOut, {
            onSuccess: (data) =>
              toast({
                title: data.optedOut ? 'Your data will not be used' : 'Anonymised data use allowed again',
              }),
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Failed to save your choice',
                description: errorMessage(error, ''),
              }),
          })
        }
        className={`relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60 ${optedOut ? 'bg-primary' : 'bg-muted-foreground/40'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${optedOut ? 'translate-x-5' : 'translate-x-0'}`}
        />
      </button>
    </div>
  );
}

function DeleteDialog({
  email,
  open,
  onOpenChange,
  onDeleted,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const id = useId();
  const [sent, setSent] = useState(false);
  const request = useRequestDeletionCode();
  const remove = useDeleteMyData();
  const keepSendFocus = useKeepFocusWhileBusy(request.isPending);
  const sendCode = () =>
    request.mutate(undefined, {
      onSuccess: () => {
        setSent(true);
        toast({ title: 'Code sent!', description: `Check ${email} for your confirmation code.` });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to send verification code',
          description: errorMessage(error, 'Please try again.'),
        }),
    });
  function confirm(code: string, clear: () => void) {
    remove.mutate(code, {
      onSuccess: (data) => {
        toast({
          title: data.message,
          description: 'We e-mailed you a confirmation. You have been signed out.',
        });
        onDeleted();
      },
      onError: (error) => {
        clear();
        toast({
          variant: 'destructive',
          title: 'Could not delete your data',
          description: errorMessage(error, ''),
        });
      },
    });
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setSent(false);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent aria-describedby={`${id}-description`}>
        <DialogHeader>
          <DialogTitle>Delete all your data?</DialogTitle>
          <DialogDescription id={`${id}-description`}>
            This permanently deletes every transcript and result on this dashboard, the trends you own, your
            sign-in sessions and codes for <span className="font-medium text-foreground">{email}</span>. It
            cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {!sent ? (
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={sendCode} disabled={request.isPending} {...keepSendFocus}>
              {request.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              E-mail me a code
            </Button>
          </DialogFooter>
        ) : (
          <CodeForm
            aria-label="Confirm deletion"
            description={`To make sure it is you, we sent a new 6-digit code to ${email}. It expires in 10 minutes.`}
            label="Confirmation code"
            submitLabel="Delete permanently"
            submitVariant="destructive"
            pending={remove.isPending}
            onSubmit={confirm}
            resending={request.isPending}
            onResend={() => sendCode()}
            layout="dialog"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The dashboard's privacy controls (docs/spec/product-spec.md §1 item 9): data-use opt-out and 'Delete my data'. */
export function PrivacyPanel({ email, onDeleted }: { email: string; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Card role="region" className="grid gap-5" aria-labelledby="privacy-title">
      <div>
        <CardTitle id="privacy-title" className="flex items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden="true" /> Your privacy
        </CardTitle>
        <CardDescription className="mt-1">Control how your data is used, or delete it.</CardDescription>
      </div>
      <DataUseSwitch email={email} />
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
        <p className="text-sm text-muted-foreground">
          Permanently delete everything we keep for this address.
        </p>
        <Button variant="destructive" size="sm" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          Delete my data
        </Button>
      </div>
      <DeleteDialog
        email={email}
        open={open}
        onOpenChange={setOpen}
        onDeleted={() => {
          setOpen(false);
          onDeleted();
        }}
      />
    </Card>
  );
}
