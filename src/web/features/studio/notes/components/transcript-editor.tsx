import { Play } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { editNoteTextSchema, type NoteDetail, STUDIO_LIMITS } from '#contract/studio.ts';
import { describedBy, InlineEditForm } from '#web/components/inline-edit-form.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useEditNoteText } from '../api.ts';
import { editableTurns, joinTurns } from '../speaker-turns.ts';

/** How the whole-text editor splits and joins sentences, said beside it. */
export const WHOLE_TEXT_HINT =
  'End a sentence with a full stop to split it; take a full stop out to join two. Sentences you leave as they are keep their place in the recording.';
/** What a conversation's editor adds: the speakers are not in the text, so no edit can lose one. */
export const TURNS_HINT =
  'Each turn keeps its speaker, and a sentence you add to a turn is said by that speaker. To give a sentence to someone else, use its Speaker button.';

const FIELD =
  'field-sizing-content w-full rounded-md border border-input bg-background px-3 py-2 text-base leading-relaxed focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The transcript as one text: fix a word across two sentences, split a sentence the recogniser
 * ran on, join two it cut mid-clause. Saved, every sentence whose words still read the same keeps
 * its times; changed ones are timed from their words. A conversation is edited turn by turn, each
 * turn's speaker shown read-only beside its words (decision 023): the turns are sent as one text, a
 * paragraph each, and the server gives each sentence the speaker of the sentence it came from.
 * Escape cancels.
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
  const turns = useMemo(() => editableTurns(note), [note]);
  const conversation = note.speakers.length > 0;
  const initial = useMemo(() => Object.fromEntries(turns.map((t, i) => [`turn${i}`, t.text])), [turns]);
  const unchanged = joinTurns(turns.map((t) => t.text));
  const fields = useRef<Array<HTMLTextAreaElement | null>>([]);
  // The turn the caret was last in: where "play where the cursor is" plays from.
  const lastTurn = useRef(0);
  const edit = useEditNoteText(note.id);
  const fieldId = (i: number) => `${id}-turn${i}`;

  useEffect(() => {
    fields.current[0]?.scrollIntoView({ block: 'nearest' });
    fields.current[0]?.focus({ preventScroll: true });
  }, []);

  return (
    <InlineEditForm
      schema={editNoteTextSchema}
      initial={initial}
      options={{
        revalidate: false,
        toInput: (v) => ({ text: joinTurns(turns.map((_, i) => v[`turn${i}`] ?? '')) }),
      }}
      onSave={async ({ text }, form) => {
        if (text === unchanged) return onDone();
        try {
          const saved = await edit.mutateAsync(text);
          toast({
            title: 'Transcript saved',
            description: `${saved.sentences.length} sentences. Search, drafts and your voice profile use the new words.`,
          });
          onDone();
        } catch (error) {
          form.setError('text', errorMessage(error, 'The transcript could not be saved. Please try again.'));
          fields.current[lastTurn.current]?.focus();
        }
      }}
      onCancel={onDone}
      fieldId={fieldId(0)}
      label="Edit the whole text"
      labelFor={!conversation}
      hint={conversation ? `${WHOLE_TEXT_HINT} ${TURNS_HINT}` : WHOLE_TEXT_HINT}
      problem={({ errors }) => errors.text}
      pending={edit.isPending}
      saveLabel="Save the text"
      actions={
        onPlayAt && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              onPlayAt(
                (turns[lastTurn.current]?.start ?? 0) +
                  (fields.current[lastTurn.current]?.selectionStart ?? 0),
              )
            }
          >
            <Play aria-hidden="true" /> Play where the cursor is
          </Button>
        )
      }
      testId="transcript-editor"
      className="p-3"
    >
      {({ field, errors }) => (
        <div className={conversation ? 'grid max-h-[70dvh] gap-3 overflow-y-auto' : 'contents'}>
          {turns.map((turn, i) => (
            <div key={turn.key} className="grid gap-1" data-testid={conversation ? 'turn-editor' : undefined}>
              {conversation && (
                <label htmlFor={fieldId(i)} className="text-sm font-semibold">
                  {turn.speaker?.name ?? 'Nobody yet'}
                  {turn.speaker?.me && <span className="font-normal text-muted-foreground"> (you)</span>}
                  <span className="sr-only">, turn {i + 1}</span>
                </label>
              )}
              <textarea
                ref={(el) => {
                  fields.current[i] = el;
                }}
                id={fieldId(i)}
                maxLength={STUDIO_LIMITS.textMaxChars}
                {...field(`turn${i}`)}
                aria-invalid={errors.text ? true : undefined}
                aria-describedby={describedBy(fieldId(0), { problem: errors.text, hint: true })}
                onFocus={() => {
                  lastTurn.current = i;
                }}
                className={conversation ? `${FIELD} min-h-16` : `${FIELD} min-h-48 max-h-[70dvh]`}
              />
            </div>
          ))}
        </div>
      )}
    </InlineEditForm>
  );
}
