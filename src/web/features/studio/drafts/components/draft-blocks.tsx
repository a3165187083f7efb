import { AlertTriangle, Play, RefreshCw, Sparkles } from 'lucide-react';
import { type Draft, type DraftBlock, postBody, slideFitProblem } from '#contract/studio-drafts.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatDuration } from '../../format.ts';
import { draftExportUrl } from '../api.ts';

/**
 * A draft's blocks, read or edited. Every block can be hovered or focused to show its sources beside
 * it; a block no source supports is marked (and says so to screen readers).
 */

export interface BlockHandlers {
  active: string | null;
  onActive: (id: string | null) => void;
  editing: boolean;
  texts: Record<string, string>;
  onText: (id: string, text: string) => void;
  onRegenerate: (id: string) => void;
  regenerating: boolean;
  onPlay: (block: DraftBlock) => void;
}

export const ECHO_SUGGESTION = 'Echo’s suggestion';

function Traceable({ block, h, className }: { block: DraftBlock; h: BlockHandlers; className?: string }) {
  const gone = block.sources.length > 0 && block.sources.every((s) => !s.available);
  // Echo's own words (a heading, a call to action, a closing slide) are not claimed as the user's.
  const echo = block.origin === 'echo';
  const unsupported = !echo && !block.supported;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <button> always lays out as a box; sentences must flow inline within their paragraph
    <span
      role="button"
      tabIndex={0}
      data-block={block.id}
      data-supported={block.supported}
      data-origin={block.origin}
      title={echo ? ECHO_SUGGESTION : undefined}
      aria-pressed={h.active === block.id}
      onClick={() => h.onActive(block.id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          h.onActive(block.id);
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
      {block.text}
      {unsupported && <span className="sr-only"> (no source supports this sentence)</span>}
      {gone && <span className="sr-only"> (its source note was deleted)</span>}
    </span>
  );
}

function EditableBlock({ block, h, rows = 2 }: { block: DraftBlock; h: BlockHandlers; rows?: number }) {
  const text = h.texts[block.id] ?? block.text;
  // A slide must still fit its slide (the server refuses to save one that does not).
  const tooLong = block.kind === 'slide' && text !== block.text ? slideFitProblem(text) : null;
  const hintId = `fit-${block.id}`;
  return (
    <div className="grid gap-1">
      <Textarea
        aria-label={`Edit ${block.kind}${block.origin === 'echo' ? ` (${ECHO_SUGGESTION})` : ''}`}
        rows={rows}
        value={text}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={tooLong ? hintId : undefined}
        onChange={(event) => h.onText(block.id, event.target.value)}
        onFocus={() => h.onActive(block.id)}
      />
      {tooLong && (
        <p id={hintId} role="status" className="text-sm text-destructive">
          This slide has {tooLong}
        </p>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="justify-self-end text-xs"
        disabled={h.regenerating}
        onClick={() => h.onRegenerate(block.id)}
      >
        <RefreshCw aria-hidden="true" /> Regenerate this {block.kind === 'sentence' ? 'sentence' : block.kind}
      </Button>
    </div>
  );
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
  if (h.editing)
    return (
      <div className="grid gap-3">
        {draft.blocks.map((block) => (
          <EditableBlock key={block.id} block={block} h={h} rows={block.kind === 'title' ? 1 : 3} />
        ))}
      </div>
    );
  return (
    <div className="grid gap-4 text-base leading-relaxed" data-testid="draft-blocks">
      {groups(draft.blocks).map((group) => {
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
              <blockquote key={first.id} className="border-l-4 border-primary pl-4 italic">
                <Traceable block={first} h={h} />
              </blockquote>
            );
          case 'post':
            return (
              <div key={first.id} className="rounded-lg border p-3">
                <p className="mb-1 font-mono text-xs text-muted-foreground">
                  {posts.indexOf(first) + 1}/{posts.length}
                </p>
                <Traceable block={{ ...first, text: postBody(first.text) }} h={h} />
              </div>
            );
          case 'slide':
            return (
              <div key={first.id} className="rounded-lg border bg-muted/40 p-4">
                <p className="mb-1 text-xs text-muted-foreground">Slide {draft.blocks.indexOf(first) + 1}</p>
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
      })}
      {draft.blocks.some((b) => b.origin === 'user' && !b.supported) && (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <AlertTriangle className="size-4 text-destructive" aria-hidden="true" /> Underlined sentences are
          not supported by anything you said.
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
