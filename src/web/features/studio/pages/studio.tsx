import { LayoutDashboard, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { NoteListItem } from '#contract/studio.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { PublishingPanel } from '#web/features/publishing/index.ts';
import { SignedInFrame, SignOutButton } from '#web/features/visitor-session/index.ts';
import { focusIfLost } from '#web/lib/focus.ts';
import { isInProgress, SignedOutError, useStudioCache } from '../api.ts';
import { AskPanel } from '../ask/components/ask-panel.tsx';
import { CaptureCard } from '../capture/components/capture-card.tsx';
import { DraftWorkspace } from '../drafts/components/draft-view.tsx';
import { NoteDrafts } from '../drafts/components/note-drafts.tsx';
import { draftIdOf, parseNoteParams } from '../links.ts';
import { useNotes } from '../notes/api.ts';
import { DeleteNoteDialog } from '../notes/components/delete-note-dialog.tsx';
import { IdeasCard } from '../notes/components/ideas-card.tsx';
import { Library } from '../notes/components/library.tsx';
import { NoteView } from '../notes/components/note-view.tsx';
import { SearchPanel } from '../notes/components/search-panel.tsx';
import { VoiceCard } from '../notes/components/voice-card.tsx';

function Studio({
  email,
  focusHeading,
  onSignedOut,
}: {
  email: string;
  focusHeading: boolean;
  onSignedOut: () => void;
}) {
  const cache = useStudioCache();
  const [, navigate] = useLocation();
  const search = useSearch();
  const { noteId, sentenceId, ms } = parseNoteParams(search);
  const draftId = draftIdOf(search);
  const publishing = new URLSearchParams(search).get('tab') === 'publishing';
  const notes = useNotes();
  const [query, setQuery] = useState('');
  // The question asked of the notes: its answer stays while a cited note is open. A saved answer's
  // note links back to its question (?ask=).
  const askParam = new URLSearchParams(search).get('ask');
  const [asked, setAsked] = useState(askParam ?? '');
  useEffect(() => {
    if (askParam) setAsked(askParam);
  }, [askParam]);
  const [deleting, setDeleting] = useState<Pick<NoteListItem, 'id' | 'title'> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const libraryRef = useRef<HTMLElement>(null);
  const list = notes.data?.pages.flatMap((page) => page.notes) ?? [];
  const total = notes.data?.pages[0]?.total ?? 0;
  const busy = list.some(isInProgress);

  useEffect(() => {
    if (focusHeading) focusIfLost(headingRef.current);
  }, [focusHeading]);
  useEffect(() => {
    if (notes.error instanceof SignedOutError) onSignedOut();
  }, [notes.error, onSignedOut]);

  // A new note shows in the library (and, once ready, in ideas and the voice profile).
  const captured = cache.refresh;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        prominent
        headingRef={headingRef}
        title="Your Studio"
        description={email}
        actions={
          <>
            <Link
              href={publishing ? '/studio' : '/studio?tab=publishing'}
              className={buttonClasses('outline', 'sm')}
            >
              <Send aria-hidden="true" /> {publishing ? 'Notes' : 'Publishing'}
            </Link>
            <Link href="/dashboard" className={buttonClasses('outline', 'sm')}>
              <LayoutDashboard aria-hidden="true" /> Dashboard
            </Link>
            <SignOutButton
              onSignedOut={() => {
                cache.clear();
                onSignedOut();
              }}
            />
          </>
        }
      />
      {draftId ? (
        // A draft takes the whole width: the draft beside the words it came from.
        <DraftWorkspace key={draftId} draftId={draftId} />
      ) : publishing ? (
        <PublishingPanel />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <div className="grid min-w-0 content-start gap-6">
            <CaptureCard onCaptured={captured} />
            <section ref={libraryRef} aria-labelledby="library-heading" className="grid content-start gap-4">
              <h2 id="library-heading" className="text-lg font-semibold">
                Your notes{' '}
                {total > 0 && <span className="text-sm font-normal text-muted-foreground">({total})</span>}
              </h2>
              {noteId ? (
                <NoteView
                  key={noteId}
                  noteId={noteId}
                  sentenceId={sentenceId}
                  startMs={ms}
                  backLabel={asked ? 'Back to the answer' : query.trim() ? 'Back to results' : 'All notes'}
                  onDelete={setDeleting}
                  drafts={(note) => <NoteDrafts {...note} />}
                />
              ) : (
                <>
                  <AskPanel key={askParam ?? ''} asked={asked} onAsk={setAsked} />
                  {!asked && <SearchPanel query={query} onQueryChange={setQuery} />}
                  {!query.trim() && !asked && <Library notes={notes} onDelete={setDeleting} />}
                </>
              )}
            </section>
          </div>
          <div className="grid min-w-0 content-start gap-6">
            <VoiceCard refreshing={busy} />
            <IdeasCard refreshing={busy} />
          </div>
        </div>
      )}
      <DeleteNoteDialog
        note={deleting}
        onClose={() => setDeleting(null)}
        returnFocusFallback={() => libraryRef.current}
        onDeleted={(id) => {
          setDeleting(null);
          if (id === noteId) navigate('/studio');
        }}
      />
    </div>
  );
}

/** /studio: the visitor session's e-mail and code steps, then the owner's Studio. */
export default function StudioPage() {
  return (
    <SignedInFrame
      page="studio"
      wide
      signIn={{
        title: 'Your Studio',
        intro:
          "Record, upload, write or import your ideas, and let Echo learn your voice. Sign in with your e-mail: we'll send you a code.",
      }}
    >
      {({ email, arrived, signedOut }) => (
        <Studio email={email} focusHeading={arrived} onSignedOut={signedOut} />
      )}
    </SignedInFrame>
  );
}
