import { ExternalLink, Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import {
  PLATFORM_LABELS,
  type PublishedResult,
  type PublishedResults,
  RESULT_STATUS_LABELS,
  type ResultStatus,
} from '#contract/publishing.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { usePublishedResults } from '../api.ts';
import { when } from './post-status.tsx';

const VARIANT: Record<ResultStatus, 'default' | 'destructive' | 'outline'> = {
  published: 'default',
  check: 'destructive',
  failed: 'destructive',
  reconnect: 'outline',
};

/** One platform's totals: what went out, and what needs the user. */
function PlatformCount({ count }: { count: PublishedResults['counts'][number] }) {
  const needs = [
    count.check > 0 && `${count.check} to check`,
    count.failed > 0 && `${count.failed} failed`,
    count.reconnect > 0 && `${count.reconnect} waiting to reconnect`,
  ].filter(Boolean);
  return (
    <li className="rounded-lg border border-border bg-background px-3 py-2 text-sm">
      <span className="font-medium">{PLATFORM_LABELS[count.platform]}</span>
      <span className="block">
        {count.published} published
        {needs.length > 0 && <span className="text-muted-foreground">, {needs.join(', ')}</span>}
      </span>
    </li>
  );
}

function ResultItem({ result }: { result: PublishedResult }) {
  const platform = PLATFORM_LABELS[result.platform];
  const headingId = `published-${result.id}`;
  return (
    <li>
      <Card role="article" className="grid gap-2 p-4" aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <Badge variant={VARIANT[result.status]}>{RESULT_STATUS_LABELS[result.status]}</Badge>
          <h3 id={headingId} className="font-medium">
            {platform} <span className="break-all">{result.handle}</span>
          </h3>
          <time dateTime={result.at} className="text-muted-foreground">
            {when(result.at)}
          </time>
        </div>
        <p className="break-words text-sm">
          {result.excerpt}
          {result.parts > 1 && (
            <span className="text-muted-foreground"> (a thread of {result.parts} posts)</span>
          )}
        </p>
        {result.error && <p className="text-sm text-muted-foreground">{result.error}</p>}
        {result.status === 'reconnect' && (
          <p className="text-sm">
            <Link href="/studio?tab=publishing" className="underline">
              Connect the account again in the Studio
            </Link>{' '}
            and it goes out.
          </p>
        )}
        {result.links.length > 0 && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={`Live on ${platform}`}>
            {result.links.map((link, i) => (
              <li key={link}>
                <a
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-6 items-center gap-1 underline"
                >
                  {result.links.length > 1 ? `Post ${i + 1}` : 'Live post'}
                  <ExternalLink className="size-3" aria-hidden="true" />
                  <span className="sr-only"> on {platform} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </li>
  );
}

/**
 * The dashboard's 'My Voice' tab: posts published from the Studio, newest first, with
 * their live links, status and counts per platform; older ones a page at a time.
 */
export function PublishedResultsSection() {
  const query = usePublishedResults();
  const pages = query.data?.pages ?? [];
  const results = pages.flatMap((page) => page.results);
  const counts = pages[0]?.counts ?? [];
  return (
    <section aria-labelledby="published-results-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <h2 id="published-results-heading" className="text-lg font-semibold">
        Published from your Studio
      </h2>
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading your published posts...
        </p>
      ) : query.isError ? (
        <Card role="alert" className="grid gap-3 text-sm">
          <p>Your published posts could not be loaded: {errorMessage(query.error, 'try again')}.</p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Card>
      ) : results.length === 0 ? (
        <Card className="text-sm text-muted-foreground">
          Nothing published yet. Publish a ready draft from the{' '}
          <Link href="/studio" className="text-foreground underline">
            Studio
          </Link>{' '}
          to LinkedIn, X, Bluesky or Mastodon; it shows here with its live links.
        </Card>
      ) : (
        <>
          <ul
            aria-label="Posts per platform"
            className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4"
          >
            {counts.map((count) => (
              <PlatformCount key={count.platform} count={count} />
            ))}
          </ul>
          <ol aria-label="Published posts, newest first" className="grid grid-cols-[minmax(0,1fr)] gap-3">
            {results.map((result) => (
              <ResultItem key={result.id} result={result} />
            ))}
          </ol>
          <p className="sr-only" aria-live="polite">
            Showing {results.length} posts{query.hasNextPage ? '; older ones can be shown' : ''}.
          </p>
          {query.hasNextPage && (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
              Show older posts
            </Button>
          )}
        </>
      )}
    </section>
  );
}
