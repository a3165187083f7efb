import { Check, Loader2, Pencil, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { SENTENCE_MAX_CHARS, type Sentence } from '#contract/studio.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FieldError, Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
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
  const [text, setText] = useState(sentence.text);
  const [problem, setProblem] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);
  const correct = useCorrectSentence(noteId);

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('Type the sentence as it was said.');
      field.current?.focus();
      return;
    }
    if (text.trim() === sentence.text) return onDone();
    try {
      await correct.mutateAsync({ sentenceId: sentence.id, text: text.trim() });
      toast({ title: 'Sentence corrected', description: 'Search and your voice profile use the new words.' });
      onDone();
    } catch (error) {
      setProblem(errorMessage(error, 'The correction could not be saved. Please try again.'));
      field.current?.focus();
    }
  }

  return (
    <form
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
        ref={field}
        id={`${id}-text`}
        value={text}
        maxLength={SENTENCE_MAX_CHARS}
        rows={2}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(undefined);
        }}
        aria-invalid={problem ? true : undefined}
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
