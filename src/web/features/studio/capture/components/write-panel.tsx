import { Lightbulb, Loader2, Save } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { createTextNoteSchema } from '#contract/studio.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { focusIfLost, useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { NOTE_TEXT_MAX, useCreateTextNote } from '../api.ts';

const noteTextSchema = createTextNoteSchema.pick({ text: true });

/** Write or paste a note (the landing demo's field, for real). */
export function WritePanel({
  onSaved,
  initialText = '',
}: {
  onSaved: (noteId: string) => void;
  /** Words brought from the landing page's demo. */
  initialText?: string;
}) {
  const id = useId();
  const { values, field, reset, handleSubmit, formRef } = useZodForm(noteTextSchema, { text: initialText });
  const text = values.text;
  const textField = useRef<HTMLTextAreaElement>(null);
  /** Counts saves: after one, once the form is enabled again, the cursor goes back in the field. */
  const [saved, setSaved] = useState(0);
  const create = useCreateTextNote();
  const keepFocus = useKeepFocusWhileBusy(create.isPending);
  const trimmed = text.trim();
  const tooLong = text.length > NOTE_TEXT_MAX;
  // The save button stays disabled after a save (nothing to save): continue from the empty field.
  useEffect(() => {
    if (saved && !create.isPending) focusIfLost(textField.current);
  }, [saved, create.isPending]);

  // Nothing to save, or too much: the button is disabled and the tip says why; Enter does nothing.
  const submit = handleSubmit(
    () => {
      if (tooLong) return;
      create.mutate(text, {
        onSuccess: (note) => {
          reset({ text: '' });
          setSaved((n) => n + 1);
          toast({ title: 'Note saved' });
          onSaved(note.id);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to save the note',
            description: errorMessage(error, 'Please try again.'),
          }),
      });
    },
    () => {},
  );

  return (
    <form ref={formRef} onSubmit={submit} className="grid gap-3" aria-label="Write a note" {...keepFocus}>
      <Label htmlFor={`${id}-text`}>Your note</Label>
      <Textarea
        ref={textField}
        id={`${id}-text`}
        rows={6}
        {...field('text')}
        placeholder="What's on your mind today?"
        aria-describedby={`${id}-tip`}
        aria-invalid={tooLong || undefined}
        disabled={create.isPending}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p id={`${id}-tip`} className="flex items-start gap-2 text-sm text-muted-foreground">
          <Lightbulb className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          {tooLong
            ? `A note holds at most ${NOTE_TEXT_MAX.toLocaleString('en-US')} characters.`
            : 'Paste a post, an e-mail or a rough thought. Echo learns how you write from it.'}
        </p>
        <Button type="submit" className="shrink-0" disabled={!trimmed || tooLong || create.isPending}>
          {create.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Save aria-hidden="true" />
          )}
          Save note
        </Button>
      </div>
    </form>
  );
}
