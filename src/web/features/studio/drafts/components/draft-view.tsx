import { ArrowLeft, Loader2, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  BEFORE_CORRECTIONS_NOTICE,
  conversationOfDraft,
  DRAFT_FORMAT_LABELS,
  DRAFT_FORMATS,
  type Draft,
  type DraftBlock,
  FIDELITY_WARNING_BELOW,
  ROUGH_TRANSCRIPT_NOTICE,
} from '#contract/studio-drafts.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { PublishDraft } from '#web/features/publishing/index.ts';
import { errorCode, errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { useMediaQuery } from '#web/lib/use-media-query.ts';
import { draftHref, noteHref } from '../../links.ts';
import {
  isWriting,
  useDraft,
  useDraftsOfNote,
  useRegenerateDraft,
  useSaveDraft,
  useSourceNotes,
} from '../api.ts';
import { BlockEditor, savePayload, useBlockEditor } from './block-editor.tsx';
import { DraftBlocks } from './draft-blocks.tsx';
import { DraftExports } from './draft-exports.tsx';
import { DraftFacts } from './draft-facts.tsx';
import { DraftHistory } from './draft-history.tsx';
import { DraftSources, SourceReveal } from './draft-sources.tsx';
import { DraftToolbar } from './draft-toolbar.tsx';

/** One side of what a draft is measured on: its score out of 100 and the reasons. */
function ScorePart({
  label,
  part,
  testId,
}: {
  label: string;
  part: { score: number; reasons: string[] };
  testId: string;
}) {
  const low = part.score < FIDELITY_WARNING_BELOW;
  return (
    <div className="grid content-start gap-2" data-testid={testId}>
      <div className="flex items-baseline gap-2">
        <span
          className={cn('text-3xl font-extrabold tabular-nums', low ? 'text-destructive' : 'text-primary')}
        >
          {part.score}
        </span>
        <span className="text-sm text-muted-foreground">/ 100 {label}</span>
      </div>
      <ul className="grid list-disc gap-1 pl-5 text-sm">
        {part.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What the draft is measured on: faithful to what was said (cut, added, moved) and "sounds like
 * you" (against the owner's other notes), side by side; drafts scored before the split show their
 * one score.
 */
function Fidelity({ draft }: { draft: Draft }) {
  const fidelity = draft.fidelity;
  if (!fidelity) return null;
  const split = fidelity.faithful !== undefined || fidelity.voice !== undefined;
  return (
    <Card className="grid gap-4" data-testid="fidelity">
      {fidelity.rough && (
        <p className="text-sm font-medium text-destructive" data-testid="fidelity-rough">
          {ROUGH_TRANSCRIPT_NOTICE}
        </p>
      )}
      {!split ? (
        <ScorePart label="voice fidelity" part={fidelity} testId="fidelity-score" />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {fidelity.faithful && (
            <ScorePart
              label="faithful to what you said"
              part={fidelity.faithful}
              testId="fidelity-faithful"
            />
          )}
          {fidelity.voice ? (
            <ScorePart label="sounds like you" part={fidelity.voice} testId="fidelity-voice" />
          ) : (
            fidelity.voice === null && (
              <p className="text-sm text-muted-foreground" data-testid="fidelity-voice">
                Sounds like you: add another note, and Echo compares this draft with how you speak in it.
              </p>
            )
          )}
        </div>
      )}
    </Card>
  );
}

/**
 * What the reader must know before trusting the draft's words: made from a rough transcript nobody
 * checked, or from words corrected since (Regenerate one click away).
 */
function WordsNotice({
  draft,
  regenerating,
  onRegenerate,
}: {
  draft: Draft;
  regenerating: boolean;
  onRegenerate: () => void;
}) {
  if (!draft.rough_transcript && !draft.before_corrections) return null;
  return (
    <div className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3" role="note">
      {draft.rough_transcript && (
        <p className="text-sm" data-testid="rough-transcript-notice">
          <span className="font-semibold">{ROUGH_TRANSCRIPT_NOTICE}</span>{' '}
          <Link
            href={noteHref(draft.note_ids[0]!)}
            className="text-primary underline-offset-4 hover:underline"
          >
            Check the words
          </Link>
        </p>
      )}
      {draft.before_corrections && (
        <div className="flex flex-wrap items-center gap-2" data-testid="before-corrections-notice">
          <p className="text-sm">
            <span className="font-semibold">{BEFORE_CORRECTIONS_NOTICE}</span> It still holds the words as
            first heard.
          </p>
          <Button size="sm" disabled={regenerating} onClick={onRegenerate}>
            {regenerating ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <RefreshCw aria-hidden="true" />
            )}
            Regenerate
          </Button>
        </div>
      )}
    </div>
  );
}

/** The other formats made from the same note, to switch between them (always in one order). */
function FormatSwitcher({ draft }: { draft: Draft }) {
  const siblings = useDraftsOfNote(draft.note_ids[0]!);
  const latest = new Map<string, Draft>();
  for (const d of siblings.data?.drafts ?? []) if (!latest.has(d.format)) latest.set(d.format, d);
  if (latest.size < 2) return null;
  return (
    <nav aria-label="Drafts of this note" className="flex flex-wrap gap-2">
      {/* In the formats' own order, whichever draft was written last. */}
      {DRAFT_FORMATS.flatMap((format) => latest.get(format) ?? []).map((d) => (
        <Link
          key={d.id}
          href={draftHref(d.id)}
          aria-current={d.id === draft.id ? 'page' : undefined}
          className={buttonClasses(d.id === draft.id ? 'default' : 'outline', 'sm')}
        >
          {DRAFT_FORMAT_LABELS[d.format]}
          {/* The open draft's own status is the freshest (the list polls on its own). */}
          {isWriting(d.id === draft.id ? draft : d) && (
            <Loader2 className="animate-spin" aria-label="being written" />
          )}
        </Link>
      ))}
    </nav>
  );
}

/** The answer to a block's regeneration, said once when that block comes back. */
const NO_OTHER_SENTENCE = 'Echo found no other sentence for that block; it is unchanged.';

/** A draft beside the words it came from: read, edit, regenerate, restore, copy, download, share. */
export function DraftWorkspace({ draftId }: { draftId: string }) {
  const query = useDraft(draftId);
  const draft = query.data;
  const notes = useSourceNotes(draft?.note_ids ?? []);
  const save = useSaveDraft(draftId);
  const regenerate = useRegenerateDraft(draftId);
  const [active, setActive] = useState<string | null>(null);
  /** On a phone, the block whose inline source the reader hid. */
  const [hidden, setHidden] = useState<string | null>(null);
  const editor = useBlockEditor();
  const editing = editor.state !== null;
  const [learn, setLearn] = useState(true);
  const [history, setHistory] = useState(false);
  const [numbered, setNumbered] = useState(true);
  /** The block whose regeneration this visit asked for (its answer is said once, then forgotten). */
  const [pendingBlock, setPendingBlock] = useState<string | null>(null);
  const media = useRef(new Map<string, HTMLMediaElement>()).current;
  // Tailwind's lg: the sources stand beside the draft; below it, a tapped sentence shows its source inline.
  const wide = useMediaQuery('(min-width: 1024px)');

  useEffect(() => {
    if (!pendingBlock || !draft || isWriting(draft)) return;
    const result = draft.meta.block_result as { block_id?: string; replaced?: boolean } | undefined;
    if (draft.status === 'ready' && result?.block_id === pendingBlock && !result.replaced)
      toast({ title: NO_OTHER_SENTENCE });
    setPendingBlock(null);
  }, [draft, pendingBlock]);

  if (query.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Opening the draft...
      </p>
    );
  if (!draft)
    return (
      <Card role="alert" className="text-sm text-muted-foreground">
        {errorCode(query.error) === 'not_found'
          ? 'This draft does not exist.'
          : 'The draft could not be loaded.'}
      </Card>
    );

  const label = DRAFT_FORMAT_LABELS[draft.format];
  const conversation = conversationOfDraft(draft.meta);
  const notice = [draft.meta.fallback, draft.meta.warning].find((v): v is string => typeof v === 'string');
  // What the draft left out and why (a sentence that needs a word the owner's settings ban).
  const leftOut = Array.isArray(draft.meta.warnings)
    ? draft.meta.warnings.filter((w): w is string => typeof w === 'string')
    : [];
  const sourceNotes = notes.flatMap((q) => (q.data ? [q.data] : []));
  const activeBlock = draft.blocks.find((b) => b.id === active) ?? null;
  const onError = (e: unknown) => errorToast(errorMessage(e, 'Please try again.'));
  const regenerateAll = () => regenerate.mutate(undefined, { onError });
  // Clips whose note still has its recording can be downloaded cut (audio, or video with captions).
  const cuttable = (block: DraftBlock) =>
    block.start_ms !== undefined &&
    sourceNotes.some((note) => note.id === block.sources[0]?.note_id && note.has_media);
  const playClip = (block: DraftBlock) => {
    const noteId = block.sources[0]?.note_id;
    const element = noteId ? media.get(noteId) : undefined;
    if (!element || block.start_ms === undefined) return;
    element.currentTime = block.start_ms / 1000;
    element.play().catch(() => {});
  };
  const stopEditing = editor.end;

  return (
    <div className="grid gap-4">
      <Link
        href={noteHref(draft.note_ids[0]!)}
        className={buttonClasses('ghost', 'sm', '-ml-3 justify-self-start')}
      >
        <ArrowLeft aria-hidden="true" /> Back to the note
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-bold tracking-tight" id="draft-heading">
          {label}
        </h2>
        <div className="flex items-center gap-2">
          <Badge variant="outline">{draft.engine === 'llm' ? 'Language model' : 'Your own sentences'}</Badge>
          {draft.edited && <Badge variant="secondary">Edited</Badge>}
        </div>
      </div>
      <FormatSwitcher draft={draft} />
      {isWriting(draft) && !pendingBlock ? (
        <Card className="flex items-center gap-3" role="status">
          <Loader2 className="size-5 animate-spin text-primary" aria-hidden="true" />
          <div>
            <p className="font-medium">Echo is writing your {label}...</p>
            <p className="text-sm text-muted-foreground">
              It waits for notes still being transcribed, then takes a few seconds.
            </p>
          </div>
        </Card>
      ) : draft.status === 'failed' ? (
        <Card role="alert" className="grid gap-3">
          <p className="text-sm text-destructive">{draft.error ?? 'This draft could not be written.'}</p>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={regenerate.isPending}
            onClick={regenerateAll}
          >
            <RefreshCw aria-hidden="true" /> Try again
          </Button>
        </Card>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="grid min-w-0 content-start gap-4">
            <WordsNotice
              draft={draft}
              regenerating={regenerate.isPending || isWriting(draft)}
              onRegenerate={regenerateAll}
            />
            {notice && (
              <p className="rounded-lg bg-muted px-3 py-2 text-sm" role="note">
                {notice}
              </p>
            )}
            {conversation && (
              <p className="rounded-lg bg-muted px-3 py-2 text-sm" role="note" data-testid="draft-speaks-as">
                {conversation.speaks_as
                  ? `Written as ${conversation.speaks_as}${conversation.confirmed ? '' : ' (Echo’s guess: say which speaker is you on the note)'}`
                  : 'Written as nobody in this conversation'}
                {conversation.guests.length > 0 &&
                  `; ${conversation.guests.join(', ')} ${conversation.guests.length > 1 ? 'are' : 'is'} quoted by name, never as your words`}
                .{' '}
                {!conversation.confirmed && (
                  <Link
                    href={noteHref(draft.note_ids[0]!)}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    Which one is you?
                  </Link>
                )}
              </p>
            )}
            {leftOut.length > 0 && (
              <ul className="grid gap-1 rounded-lg bg-muted px-3 py-2 text-sm" data-testid="draft-left-out">
                {leftOut.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            )}
            <DraftToolbar
              draft={draft}
              numbered={numbered}
              editing={editing}
              saving={save.isPending}
              regenerating={regenerate.isPending}
              learn={learn}
              historyOpen={history}
              onEdit={() => editor.begin(draft)}
              onCancel={stopEditing}
              onLearn={setLearn}
              onHistory={() => setHistory((open) => !open)}
              onRegenerate={regenerateAll}
              onSave={() =>
                editor.state &&
                save.mutate(savePayload(draft, editor.state, learn), {
                  onSuccess: () => {
                    stopEditing();
                    toast({
                      title: 'Draft saved',
                      description: learn ? 'Echo will learn from your edits.' : undefined,
                    });
                  },
                  onError: (error) => errorToast(errorMessage(error, 'Failed to save the draft.')),
                })
              }
            />
            {history && <DraftHistory draftId={draft.id} onRestored={stopEditing} />}
            <Card>
              {editing ? (
                <BlockEditor
                  draft={draft}
                  editor={editor}
                  regenerating={regenerate.isPending || isWriting(draft)}
                  onActive={setActive}
                  onRegenerate={(id, part) =>
                    regenerate.mutate(id, {
                      // Only this block is written again: the other parts' unsaved edits stay.
                      onSuccess: () => {
                        setPendingBlock(id);
                        editor.forget(part);
                      },
                      onError,
                    })
                  }
                />
              ) : (
                <DraftBlocks
                  draft={draft}
                  h={{
                    active,
                    onActive: setActive,
                    onPlay: playClip,
                    onPick: (id) => {
                      setActive(id);
                      setHidden(null);
                    },
                    reveal:
                      wide || hidden === active
                        ? undefined
                        : (block) => (
                            <SourceReveal
                              block={block}
                              notes={sourceNotes}
                              onClose={() => {
                                // Back to the sentence, its source hidden until it is tapped again.
                                setHidden(block.id);
                                document.querySelector<HTMLElement>(`[data-block="${block.id}"]`)?.focus();
                              }}
                            />
                          ),
                  }}
                />
              )}
            </Card>
            <DraftFacts draft={draft} editing={editing} />
            <DraftExports draft={draft} cuttable={cuttable} numbered={numbered} onNumbered={setNumbered} />
            <PublishDraft
              draftId={draft.id}
              ready={draft.status === 'ready'}
              clips={draft.blocks.filter((b) => b.kind === 'clip').length}
            />
            <Fidelity draft={draft} />
          </div>
          <DraftSources
            notes={sourceNotes}
            loading={notes.some((q) => q.isPending)}
            active={activeBlock}
            media={media}
            wide={wide}
          />
        </div>
      )}
    </div>
  );
}
