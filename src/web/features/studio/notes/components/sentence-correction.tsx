import { Check, Loader2, Pencil, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { correctSentenceSchema, SENTENCE_MAX_CHARS, type Sentence } from '#contract/studio.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldError, Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { useCorrectSentence } from '../api.ts';

/** The button that opens a sentence's correction; its label names the sentence for a screen reader. */
export function CorrectButton({
  sentence,
  position,
  onOpen,
  buttonRef,
}: {
  sentence: Sentence;
  position: number;
  onOpen: () => void;
  buttonRef: (el: HTMLButtonElement | null) => void;
}) {
  const words = sentence.text.split(/\s+/).slice(0, 6).join(' ');
  return (
    <Button
      ref={buttonRef}
      variant="ghost"
      size="sm"
      className="shrink-0 text-muted-foreground"
      onClick={onOpen}
      aria-label={`Correct sentence ${position}: ${words}`}
      data-testid="correct-sentence"
    >
      <Pencil aria-hidden="true" />
      <span className="max-sm:sr-only">Correct</span>
    </Button>
  );
}

/**
 * Retype what was said: a labelled field with the sentence's words, Save and Cancel (Escape
 * cancels). The sentence keeps its place in the recording; search and the voice profile follow.
 */
export function SentenceCorrection({
  noteId,
  sentence,
  position,
  onDone,
}: {
  noteId: string;
  sentence: Sentence;
  position: number;
  /** Closed (saved or cancelled): focus goes back to the sentence's Correct button. */
  onDone: () => void;
}) {
  const id = useId();
  // An empty sentence says so beside the field (focus goes there) until the field changes.
  const { errors, field, setError, handleSubmit, formRef } = useZodForm(
    correctSentenceSchema,
    { text: sentence.text },
    { revalidate: false },
  );
  const problem = errors.text;
  const textField = useRef<HTMLTextAreaElement>(null);
  const correct = useCorrectSentence(noteId);

  useEffect(() => {
    textField.current?.focus();
    textField.current?.select();
  }, []);

  const save = handleSubmit(async ({ text }) => {
    if (text === sentence.text) return onDone();
    try {
      await correct.mutateAsync({ sentenceId: sentence.id, text });
      toast({ title: 'Sentence corrected', description: 'Search and your voice profile use the new words.' });
      onDone();
    } catch (error) {
      setError('text', errorMessage(error, 'The correction could not be saved. Please try again.'));
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
      className="grid gap-2 rounded-md border border-border p-2"
      data-testid="sentence-correction"
    >
      <Label htmlFor={`${id}-text`}>Correct sentence {position}</Label>
      <textarea
        ref={textField}
        id={`${id}-text`}
        maxLength={SENTENCE_MAX_CHARS}
        rows={2}
        {...field('text')}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring"
      />
      <FieldError id={`${id}-problem`} message={problem} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={correct.isPending}>
          {correct.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Check aria-hidden="true" />
          )}
          Save
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          <X aria-hidden="true" /> Cancel
        </Button>
      </div>
    </form>
  );
}
