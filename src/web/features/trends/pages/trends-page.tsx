import { Lightbulb, Link2, ListChecks, Loader2, TrendingUp } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Trend } from '#contract/trends.ts';
import { SiteFooter } from '#web/components/site-footer.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { focusIfLost } from '#web/lib/focus.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { flattenTrends, useDeleteTrend, useProcessTrend, useTrendPages } from '../api.ts';
import { AddTrendForm } from '../components/add-trend-form.tsx';
import { TrendCard } from '../components/trend-card.tsx';
import { TrendsHeader } from '../components/trends-header.tsx';

// The template builder (a Radix dialog) is not part of the first view: its code loads when a twist
// idea is first chosen, and it stays mounted from then on.
const TemplateBuilderDialog = lazy(() =>
  import('../components/template-builder-dialog.tsx').then((m) => ({ default: m.TemplateBuilderDialog })),
);

const STEPS = [
  { icon: Link2, title: 'Paste a link', text: 'Add a trending TikTok, Instagram Reel or YouTube Short.' },
  {
    icon: ListChecks,
    title: 'Get the skeleton',
    text: 'Echo reads the video and breaks it into timed beats.',
  },
  { icon: Lightbulb, title: 'Add your twist', text: 'Pick a twist idea, edit it and copy your template.' },
];

/** The trend analyser (/trends), docs/spec/product-spec.md §2 "Trend analyser page". */
export default function TrendsPage() {
  const pages = useTrendPages();
  const processTrend = useProcessTrend();
  const deleteTrend = useDeleteTrend();
  const [processing, setProcessing] = useState<Set<string>>(() => new Set());
  const [builder, setBuilder] = useState<{ trend: Trend; idea: string } | null>(null);
  const [builderUsed, setBuilderUsed] = useState(false);
  if (builder && !builderUsed) setBuilderUsed(true);
  const watched = useRef(new Set<string>());
  /** Index of the first trend of a page being loaded by 'Load More' (it takes the focus). */
  const focusOnLoad = useRef<number | null>(null);
  const loadMoreRef = useRef<HTMLButtonElement>(null);

  usePageTitle('Trend Analyzer');

  const trends = flattenTrends(pages.data);
  const total = pages.data?.pages[0]?.total ?? 0;
  const remaining = Math.max(0, total - trends.length);

  // Toast once when an analysis this page started has ended (the list is polled meanwhile).
  useEffect(() => {
    for (const trend of trends) {
      if (!watched.current.has(trend.id) || trend.status === 'processing') continue;
      watched.current.delete(trend.id);
      if (trend.status === 'processed' && !trend.error)
        toast({
          title: 'Analysis Complete!',
          description: 'Your trend has been analyzed and twist ideas generated.',
        });
      else
        toast({
          title: 'Failed to process trend',
          description: trend.error ?? undefined,
          variant: 'destructive',
        });
    }
  });

  // 'Load More' is disabled while loading and gone after the last page: continue from the first new trend.
  useEffect(() => {
    const index = focusOnLoad.current;
    if (index === null || trends.length <= index) return;
    focusOnLoad.current = null;
    if (document.activeElement === loadMoreRef.current) loadMoreRef.current?.blur();
    focusIfLost(document.querySelectorAll<HTMLElement>('[data-testid="trend-card"]')[index]);
  }, [trends.length]);

  function startProcessing(id: string) {
    setProcessing((set) => new Set(set).add(id));
    processTrend.mutate(id, {
      onSuccess: () => watched.current.add(id),
      onError: () => toast({ title: 'Failed to process trend', variant: 'destructive' }),
      onSettled: () =>
        setProcessing((set) => {
          const next = new Set(set);
          next.delete(id);
          return next;
        }),
    });
  }

  function remove(id: string) {
    deleteTrend.mutate(id, {
      onSuccess: () => {
        toast({ title: 'Trend Deleted', description: 'The trend has been successfully removed.' });
        // The deleted card took the focused delete button with it: continue from the list.
        focusIfLost(document.getElementById('recent-trends'));
      },
      onError: () => toast({ title: 'Failed to delete trend', variant: 'destructive' }),
    });
  }

  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <TrendsHeader />
      <main className="flex-1">
        <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 sm:py-12">
          <section aria-labelledby="trends-title" className="grid grid-cols-1 gap-6">
            <div className="grid gap-3">
              <h1
                id="trends-title"
                className="flex items-center gap-2 text-3xl font-extrabold tracking-tight sm:text-4xl"
              >
                <TrendingUp className="size-8 text-primary" aria-hidden="true" />
                Trend Analyzer
              </h1>
              <p className="max-w-2xl text-base text-muted-foreground sm:text-lg">
                See how a trending short video is built, then make it your own: Echo maps its structure into a
                skeleton and suggests twists that fit your voice.
              </p>
            </div>
            <section
              aria-labelledby="how-it-works"
              className="rounded-xl border border-border bg-muted/60 p-5"
            >
              <h2 id="how-it-works" className="text-lg font-semibold">
                How it works
              </h2>
              <ol className="mt-3 grid gap-4 sm:grid-cols-3">
                {STEPS.map((step, index) => (
                  <li key={step.title} className="flex gap-3">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                      {index + 1}
                    </span>
                    <span>
                      <span className="flex items-center gap-1.5 font-medium">
                        <step.icon className="size-4 text-primary" aria-hidden="true" />
                        {step.title}
                      </span>
                      <span className="text-sm text-muted-foreground">{step.text}</span>
                    </span>
                  </li>
                ))}
              </ol>
            </section>
            <p className="text-sm text-muted-foreground" data-testid="usage-hint">
              Works with links such as{' '}
              <code className="break-all">https://www.tiktok.com/@user/video/123…</code>,{' '}
              <code className="break-all">https://www.instagram.com/reel/…</code> and{' '}
              <code className="break-all">https://www.youtube.com/shorts/…</code> (also vm.tiktok.com and
              youtu.be).
            </p>
          </section>

          <AddTrendForm onAdded={startProcessing} />

          <section aria-labelledby="recent-trends" className="grid grid-cols-1 gap-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="recent-trends" tabIndex={-1} className="text-2xl font-bold tracking-tight">
                Recent Trends
              </h2>
              {total > 0 ? (
                <p className="text-sm text-muted-foreground" data-testid="trends-shown">
                  {trends.length} of {total} trends shown
                </p>
              ) : null}
            </div>

            {pages.isPending ? (
              <p className="flex items-center gap-2 text-muted-foreground">
                <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading trends...
              </p>
            ) : pages.isError ? (
              <p role="alert" className="text-destructive">
                Trends could not be loaded. Please refresh the page.
              </p>
            ) : trends.length === 0 ? (
              <div className="rounded-xl border border-dashed border-border p-10 text-center">
                <p className="text-lg font-semibold">No trends yet</p>
                <p className="mt-1 text-sm text-muted-foreground">
                  Add your first trend above to see its skeleton and twist ideas.
                </p>
              </div>
            ) : (
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
                {trends.map((trend) => (
                  <TrendCard
                    key={trend.id}
                    trend={trend}
                    busy={processing.has(trend.id)}
                    deleting={deleteTrend.isPending && deleteTrend.variables === trend.id}
                    onProcess={() => startProcessing(trend.id)}
                    onDelete={() => remove(trend.id)}
                    onUseIdea={(idea) => setBuilder({ trend, idea })}
                  />
                ))}
              </div>
            )}

            {pages.hasNextPage && remaining > 0 ? (
              <Button
                ref={loadMoreRef}
                variant="outline"
                className="justify-self-center"
                onClick={() => {
                  focusOnLoad.current = trends.length;
                  void pages.fetchNextPage();
                }}
                disabled={pages.isFetchingNextPage}
              >
                {pages.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                Load More ({remaining} remaining)
              </Button>
            ) : null}
          </section>
        </div>
      </main>
      <SiteFooter />
      {builderUsed ? (
        <Suspense fallback={null}>
          <TemplateBuilderDialog
            trend={builder?.trend ?? null}
            idea={builder?.idea ?? ''}
            onClose={() => setBuilder(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
