import { Check, Loader2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { FieldError, Label } from '#web/components/ui/label.tsx';
import { cn } from '#web/lib/cn.ts';
import { useZodForm, type ZodFormOptions } from '#web/lib/use-zod-form.ts';

/** The ids a field of an inline form describes itself with: its problem first, then its hint. */
export function describedBy(fieldId: string, { problem, hint }: { problem?: string; hint?: boolean }) {
  const ids = [problem ? `${fieldId}-problem` : '', hint ? `${fieldId}-hint` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The state of an inline form: what useZodForm answers. */
export type InlineForm<S extends z.ZodType, V extends FormValues> = ReturnType<typeof useZodForm<S, V>>;
type FormValues = Record<string, string>;

/**
 * The one frame of a form opened in place of what it edits (a sentence's correction, who said it,
 * the whole text, a speaker added): a label, an optional hint, the field(s), the problem the schema
 * or the server found, Save and Cancel. Escape cancels like Cancel; `onCancel` closes the form and
 * gives focus back to the button that opened it. The form's state is useZodForm's on the caller's
 * schema: `children` renders the fields from it, `onSave` gets the checked values (and the form, to
 * say what the server refused with `setError`).
 *
 * `labelFor` false: the label names the form (a group of fields, each with its own label), else the
 * field `fieldId`. The hint is `${fieldId}-hint`, the problem `${fieldId}-problem` (`describedBy`
 * gives a field both); the problem shown is `problem(form)`, else the first the schema found.
 */
export function InlineEditForm<S extends z.ZodType, V extends FormValues>({
  schema,
  initial,
  options,
  onSave,
  onCancel,
  fieldId,
  label,
  labelFor = true,
  hint,
  before,
  problem,
  pending,
  saveLabel = 'Save',
  actions,
  testId,
  className,
  children,
}: {
  schema: S;
  initial: V;
  options?: ZodFormOptions<V>;
  onSave: (data: z.output<S>, form: InlineForm<S, V>) => unknown;
  onCancel: () => void;
  fieldId: string;
  label: ReactNode;
  labelFor?: boolean;
  hint?: ReactNode;
  /** What is edited, shown above the label (the sentence whose speaker is chosen). */
  before?: ReactNode;
  problem?: (form: InlineForm<S, V>) => string | undefined;
  pending: boolean;
  saveLabel?: ReactNode;
  /** More buttons between Save and Cancel (play from the cursor). */
  actions?: ReactNode;
  testId: string;
  className?: string;
  children: (form: InlineForm<S, V>) => ReactNode;
}) {
  const form = useZodForm(schema, initial, options);
  const labelId = `${fieldId}-label`;
  const shown = problem ? problem(form) : Object.values(form.errors).find(Boolean);
  return (
    <form
      ref={form.formRef}
      onSubmit={form.handleSubmit((data) => void onSave(data, form))}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
      aria-labelledby={labelFor ? undefined : labelId}
      className={cn('grid gap-2 rounded-md border border-border p-2', className)}
      data-testid={testId}
    >
      {before}
      {labelFor ? (
        <Label htmlFor={fieldId}>{label}</Label>
      ) : (
        <p id={labelId} className="text-sm font-medium leading-none">
          {label}
        </p>
      )}
      {hint && (
        <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {children(form)}
      <FieldError id={`${fieldId}-problem`} message={shown} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
          {saveLabel}
        </Button>
        {actions}
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          <X aria-hidden="true" /> Cancel
        </Button>
      </div>
    </form>
  );
}
