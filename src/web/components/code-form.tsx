import { Loader2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { z } from 'zod';
import { errorCode } from '#web/lib/api.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { Button } from './ui/button.tsx';
import { DialogFooter } from './ui/dialog.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

export const CODE_LENGTH = 6;

const codeSchema = z.object({ code: z.string().length(CODE_LENGTH).regex(/^\d+$/) });
/** The field keeps digits only, at most six. */
const digitsOnly = (values: { code: string }) => ({
  code: values.code.replace(/\D/g, '').slice(0, CODE_LENGTH),
});

/** Whether the server refused the code itself (wrong, expired, too many tries), not the request. */
export const isRefusedCode = (error: unknown) => {
  const code = errorCode(error);
  return (
    code === 'code_invalid' ||
    code === 'code_expired' ||
    code === 'code_locked' ||
    code === 'validation_failed' ||
    code === 'rate_limited'
  );
};

export interface CodeFormProps {
  /** Called with exactly 6 digits; `clear` empties the field (after a failure, if the caller wants). */
  onSubmit: (code: string, clear: () => void) => void;
  /** Where the code was sent and how long it lasts. */
  description: ReactNode;
  /** The field's label ('Verification code', 'Confirmation code'). */
  label: string;
  submitLabel: string;
  /** The submit button's text while the code is checked (its label otherwise). */
  pendingLabel?: string;
  submitVariant?: 'default' | 'destructive';
  /** The code is being checked: the field and the buttons are disabled. */
  pending: boolean;
  /** `clear` empties the field (once the new code is on its way, if the caller wants). */
  onResend: (clear: () => void) => void;
  /** A new code is being sent: the resend and back buttons are disabled. */
  resending?: boolean;
  /** A way back to the e-mail step ('Use a different email'). */
  back?: { label: string; onClick: () => void };
  /** `dialog`: resend and submit sit side by side in a dialog footer. */
  layout?: 'stacked' | 'dialog';
  'aria-label'?: string;
  className?: string;
}

/**
 * The e-mailed 6-digit code form (dashboard, affiliate login, 'Delete my data'): a digits-only
 * field of at most 6, a submit button enabled at exactly 6 digits, 'Resend code' and an optional
 * way back. Focus stays on a control that is disabled while the code is checked.
 */
export function CodeForm({
  onSubmit,
  description,
  label,
  submitLabel,
  pendingLabel,
  submitVariant = 'default',
  pending,
  onResend,
  resending = false,
  back,
  layout = 'stacked',
  className = 'grid gap-4',
  ...props
}: CodeFormProps) {
  const id = useId();
  const busy = pending || resending;
  const keepFocus = useKeepFocusWhileBusy(busy);
  const { field, valid, handleSubmit, reset, formRef } = useZodForm(
    codeSchema,
    { code: '' },
    { normalize: digitsOnly },
  );
  const clear = () => reset();
  // Fewer than six digits: the button is disabled, and Enter does nothing.
  const submit = handleSubmit(
    (data) => onSubmit(data.code, clear),
    () => {},
  );
  const submitButton = (
    <Button type="submit" variant={submitVariant} disabled={!valid || pending}>
      {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
      {pending && pendingLabel ? pendingLabel : submitLabel}
    </Button>
  );
  const resendButton = (
    <Button
      variant="link"
      size={layout === 'dialog' ? 'default' : 'sm'}
      className="px-0"
      disabled={busy}
      onClick={() => onResend(clear)}
    >
      Resend code
    </Button>
  );
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      className={className}
      aria-label={props['aria-label']}
      {...keepFocus}
    >
      <p className="text-sm text-muted-foreground">{description}</p>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`}>{label}</Label>
        <Input
          id={`${id}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          placeholder="123456"
          className="text-center font-mono text-lg tracking-[0.5em]"
          {...field('code')}
          disabled={pending}
          autoFocus
        />
      </div>
      {layout === 'dialog' ? (
        <DialogFooter>
          {resendButton}
          {submitButton}
        </DialogFooter>
      ) : (
        <>
          {submitButton}
          <div className="flex flex-wrap justify-between gap-2">
            {back && (
              <Button variant="link" size="sm" className="px-0" disabled={busy} onClick={back.onClick}>
                {back.label}
              </Button>
            )}
            {resendButton}
          </div>
        </>
      )}
    </form>
  );
}
