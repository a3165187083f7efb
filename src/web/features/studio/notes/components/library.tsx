import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Loader2, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import type { NoteListItem, NotesPage } from '#contract/studio.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { noteHref } from '../../links.ts';
import { NoteMeta } from './note-meta.tsx';

/** The library: every note, newest first, with its status; a title opens the note. */
export function Library({
  notes,
  onDelete,
}: {
  notes: UseInfiniteQueryResult<InfiniteData<NotesPage>>;
  onDelete: (note: NoteListItem) => void;
}) {
  const list = notes.data?.pages.flatMap((page) => page.notes) ?? [];
  if (notes.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading your notes...
      </p>
    );
  if (notes.isError && list.length === 0)
    return (
      <Card
        className="grid justify-items-center gap-3 text-center text-sm text-muted-foreground"
        role="alert"
      >
        Your notes could not be loaded.
        <Button variant="outline" size="sm" onClick={() => notes.refetch()}>
          Try again
        </Button>
      </Card>
    );
  if (list.length === 0)
    return (
      <Card className="text-center text-sm text-muted-foreground">
        No notes yet. Record, upload, write or import your first idea above.
      </Card>
    );
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label="Notes">
        {list.map((note) => (
          <li
            key={note.id}
            data-testid="note"
            className="flex items-start gap-3 rounded-xl border border-border bg-background p-4 shadow-sm"
          >
            <div className="grid min-w-0 flex-1 gap-1.5">
              <Link
                href={noteHref(note.id)}
                className="truncate font-semibold text-foreground underline-offset-4 hover:text-primary hover:underline"
              >
                {note.title || 'Untitled note'}
              </Link>
              <NoteMeta note={note} />
              {note.status === 'failed' || note.status === 'needs_stt' ? (
                note.status_message && (
                  <p
                    className={
                      note.status === 'failed' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'
                    }
                  >
                    {note.status_message}
                  </p>
                )
              ) : note.excerpt ? (
                <p className="line-clamp-2 text-sm text-muted-foreground">{note.excerpt}</p>
              ) : null}
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="shrink-0 text-muted-foreground hover:text-destructive"
              aria-label={`Delete note ${note.title || 'Untitled note'}`}
              onClick={() => onDelete(note)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {notes.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => notes.fetchNextPage()}
          disabled={notes.isFetchingNextPage}
        >
          {notes.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
          Show older notes
        </Button>
      )}
    </div>
  );
}
