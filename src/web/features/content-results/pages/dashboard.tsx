import { AudioLines, Loader2, Plus, RefreshCw, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { type ContentResult, DELETE_CONFIRMATION, type ProductType } from '#contract/content-results.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { PrivacyPanel } from '#web/features/privacy/index.ts';
import { PublishedResultsSection } from '#web/features/publishing/index.ts';
import { SignedInFrame, SignOutButton } from '#web/features/visitor-session/index.ts';
import { errorMessage } from '#web/lib/api.ts';
import { focusIfLost, useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useContentResults, useContentResultsCache, useDeleteContent } from '../api.ts';
import { ResultCard } from '../components/result-card.tsx';
import { SubmitForm } from '../components/submit-form.tsx';

const TABS: { value: string; label: string; type?: ProductType; empty: string }[] = [
  {
    value: 'all',
    label: 'All Content',
    empty: 'No content yet. Submit a link to get your first transcript.',
  },
  {
    value: 'transcriptions',
    label: 'Transcriptions',
    type: 'transcription',
    empty: 'No transcriptions yet.',
  },
  { value: 'trends', label: 'Trends', type: 'trend_analysis', empty: 'No trend analyses yet.' },
  {
    value: 'voice',
    label: 'My Voice',
    type: 'echo_core',
    empty: 'Your personal voice results will appear here once Echo has learned your voice.',
  },
];

/** The personal-voice tab leads to the Studio, where Echo learns the voice. */
function StudioPromo() {
  return (
    <Card className="flex flex-col gap-4 border-primary/20 bg-secondary/40 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-background text-primary">
          <AudioLines className="size-5" aria-hidden="true" />
        </span>
        <div>
          <CardTitle>Teach Echo your voice</CardTitle>
          <CardDescription className="mt-1">
            Record voice notes, upload audio or video, write or import your posts in the Studio. Echo learns
            how you speak and keeps every idea searchable.
          </CardDescription>
        </div>
      </div>
      <Link href="/studio" className={buttonClasses('default', 'default', 'shrink-0')}>
        Open your Studio
      </Link>
    </Card>
  );
}

function Results({
  email,
  focusHeading,
  onSignedOut,
}: {
  email: string;
  /** Move focus to the heading on arrival (after the code step, whose form is gone). */
  focusHeading: boolean;
  onSignedOut: () => void;
}) {
  const cache = useContentResultsCache(email);
  const results = useContentResults(email);
  const remove = useDeleteContent(email);
  const [showForm, setShowForm] = useState(false);
  const [tab, setTab] = useState('all');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const newButtonRef = useRef<HTMLButtonElement>(null);
  const formWasShown = useRef(false);
  const keepRefreshFocus = useKeepFocusWhileBusy(results.isFetching);

  useEffect(() => {
    if (focusHeading) focusIfLost(headingRef.current);
  }, [focusHeading]);
  // When the inline form closes (after a submit), continue from the button that opened it.
  useEffect(() => {
    if (showForm) formWasShown.current = true;
    else if (formWasShown.current) focusIfLost(newButtonRef.current);
  }, [showForm]);

  useEffect(() => {
    if (results.isError)
      toast({
        variant: 'destructive',
        title: 'Failed to fetch content results',
        description: errorMessage(results.error, ''),
      });
  }, [results.isError, results.error]);
  useEffect(() => {
    if (results.data === null) onSignedOut();
  }, [results.data, onSignedOut]);

  const list: ContentResult[] = results.data ?? [];
  function onDelete(id: string) {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    remove.mutate(id, {
      onSuccess: () => {
        toast({ title: 'Deleted' });
        // The deleted card took the focused button with it: continue from the list.
        focusIfLost(document.querySelector<HTMLElement>('[role="tabpanel"][data-state="active"]'));
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to delete content',
          description: errorMessage(error, ''),
        }),
    });
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        prominent
        headingRef={headingRef}
        title="Your Content"
        description={email}
        actions={
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={() => results.refetch()}
              disabled={results.isFetching}
              {...keepRefreshFocus}
            >
              <RefreshCw className={results.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
              Refresh
            </Button>
            <Button
              ref={newButtonRef}
              size="sm"
              onClick={() => setShowForm(!showForm)}
              aria-expanded={showForm}
            >
              {showForm ? <X aria-hidden="true" /> : <Plus aria-hidden="true" />}
              New Transcription
            </Button>
            <SignOutButton
              onSignedOut={() => {
                cache.forget();
                onSignedOut();
              }}
            />
          </>
        }
      />
      {showForm && (
        <Card>
          <CardTitle>New Transcription</CardTitle>
          <CardDescription className="mb-4 mt-1">Paste a link and choose its platform.</CardDescription>
          <SubmitForm
            fixedEmail={email}
            onSubmitted={() => {
              setShowForm(false);
              void cache.refresh();
            }}
          />
        </Card>
      )}
      <Tabs value={tab} onValueChange={setTab} className="min-w-0">
        <div>
          <TabsList className="h-auto w-full flex-wrap sm:w-auto">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
                <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs">
                  {t.type ? list.filter((r) => r.product_type === t.type).length : list.length}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {TABS.map((t) => {
          const shown = t.type ? list.filter((r) => r.product_type === t.type) : list;
          return (
            <TabsContent key={t.value} value={t.value} className="grid grid-cols-[minmax(0,1fr)] gap-4">
              {t.value === 'voice' && (
                <>
                  <StudioPromo />
                  <PublishedResultsSection />
                  <h2 className="text-lg font-semibold">Voice results</h2>
                </>
              )}
              {results.isPending ? (
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading your content...
                </p>
              ) : shown.length === 0 ? (
                <Card className="text-center text-sm text-muted-foreground">{t.empty}</Card>
              ) : (
                shown.map((result) => (
                  <ResultCard
                    key={result.id}
                    result={result}
                    deleting={remove.isPending && remove.variables === result.id}
                    onDelete={() => onDelete(result.id)}
                  />
                ))
              )}
            </TabsContent>
          );
        })}
      </Tabs>
      <PrivacyPanel
        email={email}
        onDeleted={() => {
          cache.forget();
          onSignedOut();
        }}
      />
    </div>
  );
}

/** /dashboard: e-mail step -> code step -> the owner's content (docs/spec/product-spec.md §2, §4, §8). */
export default function DashboardPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const prefill = new URLSearchParams(search).get('email')?.trim() ?? '';
  return (
    <SignedInFrame
      page="dashboard"
      prefill={prefill}
      signIn={{
        title: 'Your Dashboard',
        intro:
          "Enter the e-mail you submitted your links with. We'll send you a code to open your transcripts.",
      }}
      onSignedOut={() => {
        if (prefill) navigate('/dashboard', { replace: true });
      }}
    >
      {({ email, arrived, signedOut }) => (
        <Results email={email} focusHeading={arrived} onSignedOut={signedOut} />
      )}
    </SignedInFrame>
  );
}
