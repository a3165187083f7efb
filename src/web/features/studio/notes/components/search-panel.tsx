import { Loader2, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { NOTE_KIND_LABELS, type SearchHit } from '#contract/studio.ts';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { formatDuration } from '../../format.ts';
import { noteHref } from '../../links.ts';
import { useSearch } from '../api.ts';
import { splitSnippet } from '../highlight.ts';
import { KIND_ICONS } from './note-meta.tsx';

/** A snippet with its matched words marked; the snippet is plain text, rendered as text. */
function Snippet({ hit }: { hit: SearchHit }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="snippet">
      {splitSnippet(hit.snippet, hit.highlights).map((part, i) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed snippet
          <mark key={i} className="rounded-sm bg-accent/30 px-0.5 text-foreground">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed snippet
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** Debounces typing so a search is asked when the user pauses. */
function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Search every note; each hit opens its note at the matching sentence (and time). */
export function SearchPanel({ query, onQueryChange }: { query: string; onQueryChange: (q: string) => void }) {
  const id = useId();
  const debounced = useDebounced(query, 250);
  const search = useSearch(debounced);
  const asked = debounced.trim();
  const hits = search.data?.hits ?? [];

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h2 id={`${id}-heading`} className="sr-only">
        Search
      </h2>
      <search className="relative">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search your notes
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={`${id}-q`}
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder="Search your notes"
          className="pl-9"
          maxLength={200}
          autoComplete="off"
        />
      </search>
      {asked && (
        <div aria-live="polite" className="grid gap-3">
          {search.isError ? (
            <p className="text-sm text-destructive">
              {errorMessage(search.error, 'Search failed. Please try again.')}
            </p>
          ) : search.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Searching...
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">
              {hits.length === 0
                ? `Nothing found for “${asked}”.`
                : `${hits.length} ${hits.length === 1 ? 'note' : 'notes'} found for “${search.data?.query ?? asked}”.`}
            </p>
          )}
          {hits.length > 0 && (
            <ul className="grid gap-2" aria-label="Search results">
              {hits.map((hit) => {
                const Icon = KIND_ICONS[hit.note_kind];
                return (
                  <li key={`${hit.note_id}:${hit.sentence_id}`}>
                    <Link
                      href={noteHref(hit.note_id, { sentenceId: hit.sentence_id, ms: hit.start_ms })}
                      className="grid gap-1 rounded-xl border border-border bg-background p-3 shadow-sm transition-colors hover:border-primary/40 hover:bg-muted/50"
                      data-testid="search-hit"
                    >
                      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold">
                        <Icon className="size-3.5 text-primary" aria-hidden="true" />
                        <span className="sr-only">{NOTE_KIND_LABELS[hit.note_kind]}: </span>
                        {hit.note_title || 'Untitled note'}
                        {hit.start_ms !== null && (
                          <span className="font-mono text-xs font-normal text-muted-foreground">
                            at {formatDuration(hit.start_ms)}
                          </span>
                        )}
                        {hit.match === 'similar' && (
                          <span className="text-xs font-normal text-muted-foreground">
                            (similar spelling)
                          </span>
                        )}
                      </span>
                      <Snippet hit={hit} />
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
