import { Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import { DRAFT_FORMAT_LABELS } from '#contract/studio-drafts.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { draftHref } from '../../links.ts';
import { isWriting, useDraftsOfNote, useSourceNotes } from '../api.ts';
import { CreateContent, type TranscriptCheck } from './create-content.tsx';

/** On a ready note: 'Create content' (after a quick read of a rough transcript), and the drafts made from it. */
export function NoteDrafts({
  noteId,
  spoken,
  timed,
  check,
}: {
  noteId: string;
  spoken: boolean;
  timed: boolean;
  check?: TranscriptCheck;
}) {
  const drafts = useDraftsOfNote(noteId);
  const list = drafts.data?.drafts ?? [];
  // A conversation (a note with speakers) also makes show notes; the note is already loaded here.
  const [note] = useSourceNotes([noteId]);
  const conversation = (note?.data?.speakers.length ?? 0) > 0;
  return (
    <section aria-labelledby="note-drafts-heading" className="grid gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="note-drafts-heading" className="text-sm font-semibold">
          Content from this note
        </h3>
        <CreateContent
          noteIds={[noteId]}
          timed={timed}
          conversation={conversation}
          words={note?.data?.word_count}
          check={check}
        />
      </div>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Turn this note into a blog post, a LinkedIn post, a thread, a carousel
          {spoken && timed ? ' and clip hooks' : ''}
          {conversation ? ', and show notes of the conversation' : ''}.
        </p>
      ) : (
        <ul className="grid gap-1">
          {list.map((draft) => (
            <li key={draft.id} className="flex items-center justify-between gap-2 text-sm">
              <Link href={draftHref(draft.id)} className="text-primary underline-offset-4 hover:underline">
                {DRAFT_FORMAT_LABELS[draft.format]}
              </Link>
              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                {isWriting(draft) ? (
                  <>
                    <Loader2 className="size-3 animate-spin" aria-hidden="true" /> writing
                  </>
                ) : draft.status === 'failed' ? (
                  <Badge variant="destructive">failed</Badge>
                ) : draft.before_corrections ? (
                  <Badge variant="outline">before your corrections</Badge>
                ) : (
                  draft.fidelity && <span>voice {draft.fidelity.score}/100</span>
                )}
                <time dateTime={draft.created_at}>{new Date(draft.created_at).toLocaleDateString()}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
