import { BookmarkPlus, Check, Loader2, PenLine } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { AskResponse } from '#contract/studio-ask.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useCreateDrafts } from '../../drafts/api.ts';
import { draftHref, noteHref } from '../../links.ts';
import { useSaveAnswer } from '../api.ts';

/** The sentences an answer shows, in its order: each cited one with those shown beside it. */
const shownSentenceIds = (answer: AskResponse): string[] => [
  ...new Set(
    answer.groups.flatMap((g) =>
      g.citations.flatMap((c) => [c.before?.id, c.id, c.after?.id].filter((id): id is string => !!id)),
    ),
  ),
];

const failed = (title: string) => (error: unknown) =>
  toast({ variant: 'destructive', title, description: errorMessage(error, 'Please try again.') });

/**
 * What an answer can become (decision 024): a note of its sentences with where they were said
 * ("Save as a note"), and a LinkedIn draft of that note (the drafts' own flow, on the one note).
 * Both keep the same note: saving twice does not make two.
 */
export function AnswerActions({ answer, headingId }: { answer: AskResponse; headingId: string }) {
  const { saved, mutation } = useSaveAnswer(answer.question);
  const create = useCreateDrafts();
  const [, navigate] = useLocation();
  const ids = shownSentenceIds(answer);
  const keep = async () => saved ?? (await mutation.mutateAsync(ids));
  const busy = mutation.isPending || create.isPending;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {!saved && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-describedby={headingId}
            disabled={busy}
            onClick={() => keep().catch(failed('The answer could not be saved'))}
          >
            {mutation.isPending && !create.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <BookmarkPlus aria-hidden="true" />
            )}
            Save as a note
          </Button>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-describedby={headingId}
          disabled={busy}
          onClick={() =>
            keep()
              .then((note) => create.mutateAsync({ note_ids: [note.id], formats: ['linkedin'] }))
              .then(({ drafts }) => {
                if (drafts[0]) navigate(draftHref(drafts[0].id));
              })
              .catch(failed('The draft could not be started'))
          }
        >
          {create.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <PenLine aria-hidden="true" />
          )}
          Write a LinkedIn post from this
        </Button>
      </div>
      {saved && (
        <p className="text-sm" role="status">
          <Check className="mr-1 inline size-4 align-[-3px] text-primary" aria-hidden="true" />
          Saved as a note, kept out of your voice profile.{' '}
          <Link
            href={noteHref(saved.id)}
            className="font-medium text-primary underline-offset-4 hover:underline"
            data-testid="saved-answer-note"
          >
            Open “{saved.title}”
          </Link>
        </p>
      )}
    </div>
  );
}
