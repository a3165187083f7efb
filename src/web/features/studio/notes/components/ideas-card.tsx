import { Lightbulb, Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import { IDEAS_NEED_TWO_NOTES, ideaSentence } from '#contract/studio.ts';
import { Card, CardDescription } from '#web/components/ui/card.tsx';
import { noteHref } from '../../links.ts';
import { useIdeas } from '../api.ts';

const NOTES_SHOWN = 5;

/** The themes the user keeps coming back to, each with links to the notes that mention it. */
export function IdeasCard({ refreshing }: { refreshing: boolean }) {
  const ideas = useIdeas(refreshing);
  const list = ideas.data?.ideas ?? [];
  return (
    <Card className="grid gap-4 p-4 sm:p-6" data-testid="ideas">
      <div>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <Lightbulb className="size-5 text-accent" aria-hidden="true" /> Ideas
        </h2>
        <CardDescription className="mt-1">What you keep coming back to, across your notes.</CardDescription>
      </div>
      {ideas.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Finding your themes...
        </p>
      ) : ideas.isError ? (
        <p className="text-sm text-destructive">Your ideas could not be loaded.</p>
      ) : list.length === 0 ? (
        <div className="grid gap-3" data-testid="ideas-empty">
          <p className="text-sm text-muted-foreground">{ideas.data?.message ?? IDEAS_NEED_TWO_NOTES}</p>
          {ideas.data?.note_topics && ideas.data.note_topics.topics.length > 0 && (
            <div className="grid gap-1.5" data-testid="note-topics">
              <h3 className="text-sm font-semibold">{ideas.data.note_topics.label}</h3>
              <ul className="flex flex-wrap gap-1.5" aria-label={ideas.data.note_topics.label}>
                {ideas.data.note_topics.topics.map((topic) => (
                  <li
                    key={topic}
                    className="rounded-full bg-secondary px-2.5 py-1 text-xs font-medium text-secondary-foreground"
                  >
                    {topic}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      ) : (
        <ul className="grid gap-4">
          {list.map((idea) => (
            <li key={idea.id} className="grid gap-1.5" data-testid="idea">
              <p className="text-sm">
                <span className="font-semibold capitalize">{idea.label}</span>
                <span className="text-muted-foreground"> · {ideaSentence(idea)}</span>
              </p>
              {idea.phrases.length > 0 && (
                <p className="text-xs text-muted-foreground">Also: {idea.phrases.join(', ')}</p>
              )}
              <ul className="flex flex-wrap gap-1.5" aria-label={`Notes about ${idea.label}`}>
                {idea.notes.slice(0, NOTES_SHOWN).map((note) => (
                  <li key={note.id}>
                    <Link
                      href={noteHref(note.id)}
                      className="inline-block max-w-56 truncate rounded-full bg-secondary px-2.5 py-1 text-xs font-medium text-secondary-foreground hover:bg-secondary/80"
                    >
                      {note.title || 'Untitled note'}
                    </Link>
                  </li>
                ))}
                {idea.notes.length > NOTES_SHOWN && (
                  <li className="px-1 py-1 text-xs text-muted-foreground">
                    and {idea.notes.length - NOTES_SHOWN} more
                  </li>
                )}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
