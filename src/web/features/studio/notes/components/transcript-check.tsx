import { Check, Loader2, Pencil } from 'lucide-react';
import { type NoteDetail, REVIEW_TRANSCRIPT_LINE, REVIEW_TRANSCRIPT_TITLE } from '#contract/studio.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { errorToast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useReviewTranscript } from '../api.ts';

/**
 * The quick read of a rough transcript before 'Create content' goes on: the words as heard, then
 * "Looks right" (recorded, and on to the formats) or "Fix the words" (the whole-text editor).
 */
export function TranscriptCheckStep({
  note,
  next,
  close,
  onFix,
}: {
  note: NoteDetail;
  next: () => void;
  close: (after?: () => void) => void;
  onFix: () => void;
}) {
  const review = useReviewTranscript(note.id);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{REVIEW_TRANSCRIPT_TITLE}</DialogTitle>
        <DialogDescription>{REVIEW_TRANSCRIPT_LINE}</DialogDescription>
      </DialogHeader>
      <section
        aria-label="The transcript"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region keyboard users must reach
        tabIndex={0}
        className="max-h-[50dvh] overflow-y-auto rounded-md border bg-muted/40 p-3 text-sm leading-relaxed"
        data-testid="transcript-check-text"
      >
        {note.sentences.map((sentence) => (
          <span key={sentence.id}>{sentence.text} </span>
        ))}
      </section>
      <DialogFooter>
        <Button variant="outline" onClick={() => close(onFix)}>
          <Pencil aria-hidden="true" /> Fix the words
        </Button>
        <Button
          disabled={review.isPending}
          onClick={() =>
            review.mutate(undefined, {
              onSuccess: next,
              onError: (error) => errorToast(errorMessage(error, 'Please try again.')),
            })
          }
        >
          {review.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Check aria-hidden="true" />
          )}
          Looks right
        </Button>
      </DialogFooter>
    </>
  );
}
