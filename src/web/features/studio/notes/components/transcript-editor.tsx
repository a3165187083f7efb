import { Check, Loader2, Play, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { editNoteTextSchema, type NoteDetail, STUDIO_LIMITS } from '#contract/studio.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldError, Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { useEditNoteText } from '../api.ts';

/** How the whole-text editor splits and joins sentences, said beside it. */
export const WHOLE_TEXT_HINT =
  'End a sentence with a full stop to split it; take a full stop out to join two. Sentences you leave as they are keep their place in the recording.';

/**
 * The transcript as one text: fix a word across two sentences, split a sentence the recogniser
 * ran on, join two it cut mid-clause. Saved, every sentence whose words still read the same keeps
 * its times; changed ones are timed from their words. Escape cancels.
 */
export function TranscriptEditor({
  note,
  onDone,
  onPlayAt,
}: {
  note: NoteDetail;
  onDone: () => void;
  /** A timed note's audio, from the sentence at this offset of the text (where the caret is). */
  onPlayAt?: (offset: number) => void;
}) {
  const id = useId();
  const { errors, field, setError, handleSubmit, formRef } = useZodForm(
    editNoteTextSchema,
    { text: note.text },
    { revalidate: false },
  );
  const problem = errors.text;
  const textField = useRef<HTMLTextAreaElement>(null);
  const edit = useEditNoteText(note.id);

  useEffect(() => {
    textField.current?.scrollIntoView({ block: 'nearest' });
    textField.current?.focus({ preventScroll: true });
  }, []);

  const save = handleSubmit(async ({ text }) => {
    if (text === note.text) return onDone();
    try {
      const saved = await edit.mutateAsync(text);
      toast({
        title: 'Transcript saved',
        description: `${saved.sentences.length} sentences. Search, drafts and your voice profile use the new words.`,
      });
      onDone();
    } catch (error) {
      setError('text', errorMessage(error, 'The transcript could not be saved. Please try again.'));
      textField.current?.focus();
    }
  });

  return (
    <form
      ref={formRef}
      onSubmit={save}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone();
        }
      }}
      className="grid gap-2 rounded-md border border-border p-3"
      data-testid="transcript-editor"
    >
      <Label htmlFor={`${id}-text`}>Edit the whole text</Label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {WHOLE_TEXT_HINT}
      </p>
      <textarea
        ref={textField}
        id={`${id}-text`}
        maxLength={STUDIO_LIMITS.textMaxChars}
        {...field('text')}
        aria-describedby={problem ? `${id}-problem ${id}-hint` : `${id}-hint`}
        className="field-sizing-content min-h-48 max-h-[70dvh] w-full rounded-md border border-input bg-background px-3 py-2 text-base leading-relaxed focus-visible:outline-2 focus-visible:outline-ring"
      />
      <FieldError id={`${id}-problem`} message={problem} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={edit.isPending}>
          {edit.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Check aria-hidden="true" />
          )}
          Save the text
        </Button>
        {onPlayAt && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onPlayAt(textField.current?.selectionStart ?? 0)}
          >
            <Play aria-hidden="true" /> Play where the cursor is
          </Button>
        )}
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          <X aria-hidden="true" /> Cancel
        </Button>
      </div>
    </form>
  );
}
