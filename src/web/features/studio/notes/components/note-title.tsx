import { Check, Loader2, Pencil, X } from 'lucide-react';
import { type Ref, useId, useState } from 'react';
import { z } from 'zod';
import { STUDIO_LIMITS } from '#contract/studio.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useFocusReturn } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { useRenameNote } from '../api.ts';

export const RENAME_EMPTY = 'A title needs at least one character.';
export const RENAME_TOO_LONG = `A title holds at most ${STUDIO_LIMITS.titleMaxChars} characters.`;

/** The title the server takes (PATCH /notes/{id}), with the page's words for one it would refuse. */
const renameSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, { error: RENAME_EMPTY })
    .max(STUDIO_LIMITS.titleMaxChars, { error: RENAME_TOO_LONG }),
});

/**
 * A note's title, renamed in place: 'Rename' turns it into a field (Enter saves, Escape cancels);
 * a refused title says why beside the field, and focus goes back to 'Rename' when done.
 */
export function NoteTitle({
  noteId,
  title,
  headingRef,
}: {
  noteId: string;
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  const rename = useRenameNote(noteId);
  const [editing, setEditing] = useState(false);
  // A refused title says why beside the field until the field changes; focus stays where it is.
  const { errors, field, setError, reset, handleSubmit, formRef } = useZodForm(
    renameSchema,
    { title },
    { revalidate: false },
  );
  const error = errors.title;
  const focusReturn = useFocusReturn();

  const close = () => {
    setEditing(false);
    reset({ title });
    focusReturn.returnTo('rename');
  };
  const submit = handleSubmit(
    ({ title: next }) => {
      if (next === title) return close();
      rename.mutate(next, {
        onSuccess: () => {
          toast({ title: 'Note renamed' });
          close();
        },
        onError: (e) =>
          setError('title', errorMessage(e, 'The note could not be renamed. Please try again.')),
      });
    },
    (problems) => setError('title', problems.title),
  );

  if (editing)
    return (
      <form ref={formRef} onSubmit={submit} className="grid gap-1" aria-label="Rename the note">
        {/* The note's article stays labelled (by this label) while its heading is a field. */}
        <label id="note-heading" htmlFor={`${id}-title`} className="text-sm font-medium">
          Note title
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <Input
            id={`${id}-title`}
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            maxLength={STUDIO_LIMITS.titleMaxChars + 50}
            disabled={rename.isPending}
            aria-describedby={error ? `${id}-error` : undefined}
            {...field('title')}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                close();
              }
            }}
            className="min-w-0 flex-1 basis-48 text-lg font-bold md:text-lg"
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={rename.isPending}>
              {rename.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Check aria-hidden="true" />
              )}
              Save title
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={close}>
              <X aria-hidden="true" /> Cancel
            </Button>
          </div>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
    );
  return (
    <div className="flex items-start gap-1">
      <h2 id="note-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight">
        {title || 'Untitled note'}
      </h2>
      <Button
        ref={focusReturn.ref('rename')}
        variant="ghost"
        size="sm"
        className="shrink-0 text-muted-foreground"
        onClick={() => {
          reset({ title });
          setEditing(true);
        }}
      >
        <Pencil aria-hidden="true" /> Rename<span className="sr-only"> this note</span>
      </Button>
    </div>
  );
}
