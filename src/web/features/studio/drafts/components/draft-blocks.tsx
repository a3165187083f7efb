import { AlertTriangle, Play, Quote, Sparkles } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { type Draft, type DraftBlock, postBody } from '#contract/studio-drafts.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatDuration } from '../../format.ts';
import { draftExportUrl } from '../api.ts';

/**
 * A draft's blocks as read (the editor is block-editor.tsx). Every block can be hovered or focused to show its sources beside
 * it; a block no source supports is marked (and says so to screen readers).
 */

export interface BlockHandlers {
  active: string | null;
  onActive: (id: string | null) => void;
  onPlay: (block: DraftBlock) => void;
  /** A block chosen on purpose (a tap, a click, Enter): shows its source even when hidden before. */
  onPick?: (id: string) => void;
  /** On a phone: what the active block came from, shown right after it. */
  reveal?: (block: DraftBlock) => ReactNode;
}

export const ECHO_SUGGESTION = 'Echo’s suggestion';
/** What a guest block is, said to screen readers before it ("Priya’s words, quoted: …"). */
const guestLabel = (block: DraftBlock) => `${block.speaker ?? 'A guest'}’s words, quoted`;

function Traceable({ block, h, className }: { block: DraftBlock; h: BlockHandlers; className?: string }) {
  const gone = block.sources.length > 0 && block.sources.every((s) => !s.available);
  // Echo's own words (a heading, a call to action, a closing slide) are not claimed as the user's.
  const echo = block.origin === 'echo';
  // Someone else's words in a conversation: a quote in their name, never the owner's.
  const guest = block.origin === 'guest';
  const unsupported = !echo && !block.supported;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <button> always lays out as a box; sentences must flow inline within their paragraph
    <span
      role="button"
      tabIndex={0}
      data-block={block.id}
      data-supported={block.supported}
      data-origin={block.origin}
      data-speaker={guest ? block.speaker : undefined}
      title={echo ? ECHO_SUGGESTION : guest ? guestLabel(block) : undefined}
      aria-pressed={h.active === block.id}
      onClick={() => (h.onPick ?? h.onActive)(block.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          (h.onPick ?? h.onActive)(block.id);
        }
      }}
      onMouseEnter={() => h.onActive(block.id)}
      onFocus={() => h.onActive(block.id)}
      className={cn(
        'rounded-sm outline-offset-2 transition-colors',
        h.active === block.id && 'bg-accent/25',
        echo &&
          'text-muted-foreground italic underline decoration-dotted decoration-muted-foreground underline-offset-4',
        unsupported && 'underline decoration-destructive decoration-wavy underline-offset-4',
        className,
      )}
    >
      {echo && <span className="sr-only">{ECHO_SUGGESTION}: </span>}
      {guest && <span className="sr-only">{guestLabel(block)}: </span>}
      {block.text}
      {unsupported && <span className="sr-only"> (no source supports this sentence)</span>}
      {gone && <span className="sr-only"> (its source note was deleted)</span>}
    </span>
  );
}

/** A post's or slide's note that its words are a guest's. */
function GuestTag({ block }: { block: DraftBlock }) {
  return <span aria-hidden="true"> · {block.speaker ?? 'A guest'}’s words</span>;
}

/** Blocks of one group (a paragraph, a section) together. */
function groups(blocks: DraftBlock[]): DraftBlock[][] {
  const out: DraftBlock[][] = [];
  for (const block of blocks) {
    const last = out.at(-1);
    if (last && last[0]!.group === block.group && block.kind === 'sentence' && last[0]!.kind === 'sentence')
      last.push(block);
    else out.push([block]);
  }
  return out;
}

export function DraftBlocks({ draft, h }: { draft: Draft; h: BlockHandlers }) {
  const clipNumber = (block: DraftBlock) => draft.blocks.filter((b) => b.kind === 'clip').indexOf(block) + 1;
  const posts = draft.blocks.filter((b) => b.kind === 'post');
  const renderGroup = (group: DraftBlock[]) => {
    const first = group[0]!;
    switch (first.kind) {
      case 'title':
        return (
          <h3 key={first.id} className="text-2xl font-extrabold tracking-tight">
            <Traceable block={first} h={h} />
          </h3>
        );
      case 'meta':
      case 'keywords':
        return (
          <p key={first.id} className="text-sm text-muted-foreground">
            <span className="font-semibold">
              {first.kind === 'meta' ? 'Meta description: ' : 'Keywords: '}
            </span>
            <Traceable block={first} h={h} />
          </p>
        );
      case 'heading':
        return (
          <h4 key={first.id} className="text-lg font-bold">
            <Traceable block={first} h={h} />
          </h4>
        );
      case 'quote':
        return (
          <blockquote
            key={first.id}
            className={cn(
              'border-l-4 pl-4 italic',
              first.origin === 'guest' ? 'border-accent' : 'border-primary',
            )}
          >
            <Traceable block={first} h={h} />
          </blockquote>
        );
      case 'post':
        return (
          <div key={first.id} className="rounded-lg border p-3">
            <p className="mb-1 font-mono text-xs text-muted-foreground">
              {posts.indexOf(first) + 1}/{posts.length}
              {first.origin === 'guest' && <GuestTag block={first} />}
            </p>
            <Traceable block={{ ...first, text: postBody(first.text) }} h={h} />
          </div>
        );
      case 'slide':
        return (
          <div key={first.id} className="rounded-lg border bg-muted/40 p-4">
            <p className="mb-1 text-xs text-muted-foreground">
              Slide {draft.blocks.indexOf(first) + 1}
              {first.origin === 'guest' && <GuestTag block={first} />}
            </p>
            <Traceable block={first} h={h} className="text-lg font-semibold" />
          </div>
        );
      case 'clip':
        return (
          <div
            key={first.id}
            className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-start sm:justify-between sm:gap-3"
          >
            <div className="grid gap-1">
              <p className="font-mono text-xs text-muted-foreground">
                {formatDuration(first.start_ms ?? 0)} – {formatDuration(first.end_ms ?? 0)}
              </p>
              <Traceable block={first} h={h} className="font-semibold" />
            </div>
            <div className="flex shrink-0 flex-wrap items-center gap-1 sm:justify-end">
              <Button variant="outline" size="sm" onClick={() => h.onPlay(first)}>
                <Play aria-hidden="true" /> Play<span className="sr-only"> this clip</span>
              </Button>
              {(['srt', 'vtt'] as const).map((as) => (
                <a
                  key={as}
                  href={draftExportUrl(draft.id, as, clipNumber(first))}
                  download
                  className={buttonClasses('ghost', 'sm')}
                >
                  <span className="sr-only">Clip {clipNumber(first)} captions as </span>
                  {as.toUpperCase()}
                </a>
              ))}
            </div>
          </div>
        );
      default:
        // A guest's words in a post: set apart as a quote, in their name.
        if (first.origin === 'guest')
          return (
            <blockquote key={first.id} className="border-l-4 border-accent pl-4">
              <Traceable block={first} h={h} />
            </blockquote>
          );
        return (
          <p key={first.id} className={first.kind === 'hook' ? 'font-semibold' : undefined}>
            {group.map((block, i) => (
              <span key={block.id}>
                {i > 0 && ' '}
                <Traceable block={block} h={h} />
              </span>
            ))}
          </p>
        );
    }
  };
  return (
    <div className="grid gap-4 text-base leading-relaxed" data-testid="draft-blocks">
      {groups(draft.blocks).map((group) => {
        const here = h.reveal && group.find((b) => b.id === h.active);
        return (
          <Fragment key={group[0]!.id}>
            {renderGroup(group)}
            {here && h.reveal!(here)}
          </Fragment>
        );
      })}
      {draft.blocks.some((b) => b.origin === 'user' && !b.supported) && (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <AlertTriangle className="size-4 text-destructive" aria-hidden="true" /> Underlined sentences are
          not supported by anything you said.
        </p>
      )}
      {draft.blocks.some((b) => b.origin === 'guest') && (
        <p className="flex items-center gap-2 text-xs text-muted-foreground" data-testid="guest-legend">
          <Quote className="size-4" aria-hidden="true" />
          <span>
            <span className="border-l-4 border-accent pl-1">A bar at the left</span>: someone else’s words,
            quoted in their name (
            {[...new Set(draft.blocks.flatMap((b) => (b.speaker ? [b.speaker] : [])))].join(', ')}
            ), not yours.
          </span>
        </p>
      )}
      {draft.blocks.some((b) => b.origin === 'echo') && (
        <p className="flex items-center gap-2 text-xs text-muted-foreground" data-testid="echo-legend">
          <Sparkles className="size-4" aria-hidden="true" />
          <span>
            <span className="italic underline decoration-dotted underline-offset-4">Dotted, in grey</span>:{' '}
            {ECHO_SUGGESTION}, not something you said.
          </span>
        </p>
      )}
    </div>
  );
}
