import { Pencil } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { Sentence } from '#contract/studio.ts';
import { correctSentenceSchema, SENTENCE_MAX_CHARS } from '#contract/studio-corrections.ts';
import { describedBy, InlineEditForm } from '#web/components/inline-edit-form.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useCorrectSentence } from '../api.ts';
import { SentenceButton, type SentenceButtonFor } from './sentence-button.tsx';

/** The button that opens a sentence's correction. */
export const CorrectButton = (props: SentenceButtonFor) => (
  <SentenceButton
    {...props}
    icon={Pencil}
    text="Correct"
    label="Correct sentence"
    testId="correct-sentence"
  />
);

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
  const textField = useRef<HTMLTextAreaElement>(null);
  const correct = useCorrectSentence(noteId);

  useEffect(() => {
    textField.current?.focus();
    textField.current?.select();
  }, []);

  return (
    <InlineEditForm
      schema={correctSentenceSchema}
      initial={{ text: sentence.text }}
      // An empty sentence says so beside the field (focus goes there) until the field changes.
      options={{ revalidate: false }}
      onSave={async ({ text }, form) => {
        if (text === sentence.text) return onDone();
        try {
          await correct.mutateAsync({ sentenceId: sentence.id, text });
          toast({
            title: 'Sentence corrected',
            description: 'Search and your voice profile use the new words.',
          });
          onDone();
        } catch (error) {
          form.setError('text', errorMessage(error, 'The correction could not be saved. Please try again.'));
          textField.current?.focus();
        }
      }}
      onCancel={onDone}
      fieldId={`${id}-text`}
      label={`Correct sentence ${position}`}
      pending={correct.isPending}
      testId="sentence-correction"
    >
      {({ field, errors }) => (
        <textarea
          ref={textField}
          id={`${id}-text`}
          maxLength={SENTENCE_MAX_CHARS}
          rows={2}
          {...field('text')}
          aria-describedby={describedBy(`${id}-text`, { problem: errors.text })}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring"
        />
      )}
    </InlineEditForm>
  );
}
