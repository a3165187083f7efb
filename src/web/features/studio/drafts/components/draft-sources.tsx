import { Loader2, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { NoteDetail } from '#contract/studio.ts';
import type { DraftBlock } from '#contract/studio-drafts.ts';
import { cn } from '#web/lib/cn.ts';
import { formatDuration } from '../../format.ts';
import { noteHref } from '../../links.ts';

/**
 * The notes a draft was made from, beside it: the sentences the focused block came from are
 * highlighted and scrolled into view; a timed sentence plays from its start.
 */
export function DraftSources({
  notes,
  loading,
  active,
  media,
  wide,
}: {
  notes: NoteDetail[];
  loading: boolean;
  active: DraftBlock | null;
  /** The panel stands beside the draft (else below it, and the source shows inline). */
  wide: boolean;
  /** The note's audio or video element, by note id (the workspace plays clips through it). */
  media: Map<string, HTMLMediaElement>;
}) {
  // A source whose words changed since the draft (a correction) is no support for it: never highlighted.
  const highlighted = new Set(active?.sources.filter((s) => !s.changed).map((s) => s.sentence_id) ?? []);
  const changed = new Set(active?.sources.filter((s) => s.changed).map((s) => s.sentence_id) ?? []);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const first = active?.sources.find((s) => s.available);
    // On a phone the panel is below the draft: the source shows inline there, and the page stays put.
    if (!first || !wide) return;
    list.current
      ?.querySelector(`[data-sentence="${first.sentence_id}"]`)
      ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [active, wide]);

  const play = (noteId: string, ms: number) => {
    const element = media.get(noteId);
    if (!element) return;
    element.currentTime = ms / 1000;
    element.play().catch(() => {});
  };

  return (
    <section aria-labelledby="sources-heading" className="grid content-start gap-3">
      <h3
        id="sources-heading"
        className="text-sm font-semibold uppercase tracking-wider text-muted-foreground"
      >
        What you said
      </h3>
      <p className="text-xs text-muted-foreground" aria-live={wide ? 'polite' : undefined}>
        {!active
          ? wide
            ? 'Point at or focus a sentence of the draft to see where it came from.'
            : 'Tap a sentence of the draft to see what you said under it.'
          : `${provenance(active, notes)}${active.sources.some((s) => s.available && !s.changed) ? ' Highlighted below.' : ''}`}
      </p>
      {active?.said && <SaidOrWritten key={active.id} said={active.said} written={active.text} />}
      {loading && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading your notes...
        </p>
      )}
      <div ref={list} className="grid max-h-[70vh] gap-4 overflow-y-auto pr-1" data-testid="draft-sources">
        {notes.map((note) => (
          <article key={note.id} className="grid gap-2" aria-label={`Note: ${note.title}`}>
            <Link href={noteHref(note.id)} className="text-sm font-semibold text-primary hover:underline">
              {note.title || 'Untitled note'}
            </Link>
            {note.media_url &&
              (note.kind === 'video' ? (
                // biome-ignore lint/a11y/useMediaCaption: the transcript beside it is the text alternative
                <video
                  ref={(el) => {
                    if (el) media.set(note.id, el);
                  }}
                  src={note.media_url}
                  controls
                  preload="metadata"
                  className="max-h-48 w-full rounded bg-black"
                />
              ) : (
                // biome-ignore lint/a11y/useMediaCaption: the transcript beside it is the text alternative
                <audio
                  ref={(el) => {
                    if (el) media.set(note.id, el);
                  }}
                  src={note.media_url}
                  controls
                  preload="metadata"
                  className="w-full"
                />
              ))}
            <ol className="grid gap-1 text-sm leading-relaxed">
              {note.sentences.map((sentence) => {
                const on = highlighted.has(sentence.id);
                const since = changed.has(sentence.id);
                const timed = note.media_url && sentence.start_ms !== null && sentence.start_ms !== undefined;
                const speaker = speakerName(note, sentence.speaker_id);
                return (
                  <li
                    key={sentence.id}
                    data-sentence={sentence.id}
                    data-highlighted={on || undefined}
                    data-changed={since || undefined}
                    className={cn(
                      // Scrolled to, it stops below the page's sticky header (4rem high).
                      'flex scroll-mt-20 scroll-mb-4 items-start gap-2 rounded px-2 py-1',
                      on ? 'bg-accent/25 ring-2 ring-accent' : 'text-muted-foreground',
                      since && 'border border-dashed border-muted-foreground',
                    )}
                  >
                    {timed && (
                      <button
                        type="button"
                        className="mt-0.5 shrink-0 rounded text-primary hover:bg-muted"
                        onClick={() => play(note.id, sentence.start_ms!)}
                        aria-label={`Play from ${formatDuration(sentence.start_ms!)}`}
                      >
                        <Play className="size-4" aria-hidden="true" />
                      </button>
                    )}
                    <span>
                      {since && <span className="mr-1 text-xs font-medium">{SOURCE_CHANGED}</span>}
                      {speaker && <span className="font-semibold text-foreground">{speaker}: </span>}
                      {sentence.text}
                    </span>
                  </li>
                );
              })}
            </ol>
          </article>
        ))}
      </div>
    </section>
  );
}

/** A lightly edited sentence, as said or as Echo wrote it (fillers, a restart, a tag question cut). */
function SaidOrWritten({ said, written }: { said: string; written: string }) {
  const [show, setShow] = useState<'said' | 'written'>('said');
  return (
    <div className="grid gap-2 rounded-lg border p-3" data-testid="said-or-written">
      <fieldset className="flex gap-1">
        <legend className="sr-only">Show this sentence</legend>
        {(['said', 'written'] as const).map((which) => (
          <button
            key={which}
            type="button"
            aria-pressed={show === which}
            onClick={() => setShow(which)}
            className={cn(
              'rounded-md border px-2 py-1 text-xs',
              show === which ? 'bg-primary text-primary-foreground' : 'bg-background',
            )}
          >
            {which === 'said' ? 'As said' : 'As written'}
          </button>
        ))}
      </fieldset>
      <p className="text-sm">{show === 'said' ? said : written}</p>
    </div>
  );
}

/** The label of a source sentence whose words the owner changed after the draft was made. */
export const SOURCE_CHANGED = 'Changed since this draft:';

/** Who said a sentence of a conversation note (its speaker's name), or null in a solo note. */
function speakerName(note: NoteDetail, speakerId: string | null | undefined): string | null {
  if (!speakerId) return null;
  const speaker = note.speakers.find((s) => s.id === speakerId);
  return speaker ? (speaker.me ? `${speaker.name} (you)` : speaker.name) : null;
}

/** When the block's first source sentence was said (", 0:42"), when it was timed. */
function firstTime(block: DraftBlock, notes: readonly NoteDetail[]): string {
  const first = block.sources.find((s) => s.available);
  const sentence = notes
    .find((n) => n.id === first?.note_id)
    ?.sentences.find((s) => s.id === first?.sentence_id);
  return sentence?.start_ms != null ? `, ${formatDuration(sentence.start_ms)}` : '';
}

/** Where a block came from, in words: who said it ("Priya said, 0:42"), and when. */
export function provenance(block: DraftBlock, notes: readonly NoteDetail[] = []): string {
  if (block.origin === 'echo')
    return 'Echo’s suggestion: Echo wrote this part; it is not something you said.';
  if (block.sources.length === 0) return 'This part of the draft has no source sentence.';
  if (block.sources.every((s) => s.changed))
    return 'You corrected the words this came from after the draft was made: regenerate it to use them.';
  if (block.sources.every((s) => !s.available)) return 'The note this came from was deleted.';
  const time = firstTime(block, notes);
  if (block.origin === 'guest')
    return `${block.speaker ?? 'Someone else'} said${time}${block.sources.length > 1 ? ` (${block.sources.length} sentences)` : ''}: quoted in their name, not as your words.`;
  return `From ${block.sources.length} ${block.sources.length === 1 ? 'sentence' : 'sentences'} you said${time}.`;
}

/**
 * On a phone: what the tapped sentence came from, shown right under it (the reader keeps their
 * place; the full notes are further down). Its words are said to screen readers as it opens.
 */
export function SourceReveal({
  block,
  notes,
  onClose,
}: {
  block: DraftBlock;
  notes: NoteDetail[];
  onClose: () => void;
}) {
  const sentences = block.sources.flatMap((source) => {
    const note = notes.find((n) => n.id === source.note_id);
    const sentence = note?.sentences.find((s) => s.id === source.sentence_id);
    return source.available && !source.changed && note && sentence ? [{ note, sentence }] : [];
  });
  return (
    <section
      aria-label="What you said"
      className="grid gap-2 rounded-lg border border-accent bg-accent/10 p-3 text-sm"
      data-testid="source-reveal"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs text-muted-foreground" role="status">
          {provenance(block, notes)}
        </p>
        <button
          type="button"
          onClick={onClose}
          className="shrink-0 rounded px-2 py-1 text-xs font-medium text-primary hover:bg-muted"
        >
          Hide<span className="sr-only"> where this came from</span>
        </button>
      </div>
      {sentences.length > 0 && (
        <ol className="grid gap-1">
          {sentences.map(({ note, sentence }) => (
            <li key={sentence.id} className="grid gap-0.5">
              <q className="leading-relaxed">{sentence.text}</q>
              <span className="text-xs text-muted-foreground">
                {note.title || 'Untitled note'}
                {speakerName(note, sentence.speaker_id) && ` · ${speakerName(note, sentence.speaker_id)}`}
                {sentence.start_ms != null && ` · ${formatDuration(sentence.start_ms)}`}
              </span>
            </li>
          ))}
        </ol>
      )}
      {block.said && (
        <p className="text-xs text-muted-foreground">
          As said: <q>{block.said}</q>
        </p>
      )}
    </section>
  );
}
