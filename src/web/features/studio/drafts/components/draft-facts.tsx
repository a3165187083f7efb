import { Check, ChevronDown, Undo2 } from 'lucide-react';
import { useRef } from 'react';
import {
  type Draft,
  type DraftFact,
  FACT_KIND_LABELS,
  factSummary,
  factsOf,
} from '#contract/studio-drafts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { usePutBackFact } from '../api.ts';

/**
 * The draft's fact checklist under it: "Kept 9 of 10 facts · left out: $140 an hour", opening to
 * every fact of the notes, kept or left out, each left-out one with "Put back" (its sentence goes
 * back where it was said). Not while the draft is being edited: a put back saves the draft.
 */
export function DraftFacts({ draft, editing }: { draft: Draft; editing: boolean }) {
  const putBack = usePutBackFact(draft.id);
  // The button pressed goes once its fact is back: focus returns to the checklist's summary.
  const summary = useRef<HTMLElement>(null);
  const facts = factsOf(draft.meta);
  if (!facts || facts.length === 0 || draft.status !== 'ready') return null;
  const left = facts.filter((f) => !f.kept);
  const put = (fact: DraftFact) =>
    putBack.mutate(fact.id, {
      onSuccess: () => {
        summary.current?.focus();
        toast({
          title: 'Put back',
          description: `“${label(fact)}” is back in the draft, where you said it. The draft before is in History.`,
        });
      },
      onError: (e) => errorToast(errorMessage(e, 'Failed to put this fact back.')),
    });
  return (
    <details
      className="group rounded-xl border border-border bg-background shadow-sm"
      data-testid="draft-facts"
    >
      <summary
        ref={summary}
        className="flex cursor-pointer list-none items-start gap-2 rounded-xl p-3 text-sm focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden"
      >
        <ChevronDown
          className="mt-0.5 size-4 shrink-0 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
        <span className={cn('min-w-0 break-words', left.length > 0 && 'font-medium')}>
          {factSummary(facts)}
        </span>
      </summary>
      <div className="grid gap-2 border-t border-border p-3">
        <p className="text-xs text-muted-foreground">
          The facts of your notes: figures, amounts, dates, names, comparisons and the lesson.
          {editing && ' Save or cancel your edits to put a fact back.'}
        </p>
        <ul className="grid divide-y divide-border" aria-label="Facts of your notes">
          {facts.map((fact) => (
            <li
              key={fact.id}
              className="flex flex-col gap-2 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 items-start gap-2">
                {fact.kept ? (
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                ) : (
                  <span className="mt-1.5 size-2 shrink-0 rounded-full bg-destructive" aria-hidden="true" />
                )}
                <p className="min-w-0 break-words">
                  <span className="text-muted-foreground">{FACT_KIND_LABELS[fact.kind]}: </span>
                  {fact.text}
                  <span
                    className={cn('ml-1 text-xs', fact.kept ? 'text-muted-foreground' : 'text-destructive')}
                  >
                    {fact.kept ? '(kept)' : '(left out)'}
                  </span>
                </p>
              </div>
              {!fact.kept && (
                <Button
                  variant="outline"
                  size="sm"
                  className="shrink-0 self-start sm:self-center"
                  disabled={editing || putBack.isPending}
                  onClick={() => put(fact)}
                >
                  <Undo2 aria-hidden="true" /> Put back
                  <span className="sr-only"> {label(fact)}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

const label = (fact: DraftFact) => (fact.kind === 'lesson' ? 'The lesson' : fact.text);
