import { Loader2, Sparkles } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  DRAFT_FORMAT_LABELS,
  DRAFT_FORMATS,
  DRAFT_MIN_WORDS,
  type DraftEngineChoice,
  type DraftFormat,
} from '#contract/studio-drafts.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { errorToast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { draftHref } from '../../links.ts';
import { useCreateDrafts, useDraftEngines } from '../api.ts';

const HINTS: Record<DraftFormat, string> = {
  blog: 'Title, meta description, sections, quotes',
  linkedin: 'A hook before "see more", ending on your question, lesson or call to action',
  thread: 'Numbered posts of up to 280 characters',
  carousel: '5-10 slides as 1080x1350 images',
  clips: 'The strongest 15-60 second moments, with captions',
  shownotes: 'A summary, chapters with times, the best quotes and the guest line',
};
const ENGINES: { value: DraftEngineChoice; label: string; hint: string }[] = [
  { value: 'auto', label: 'Best available', hint: 'The language model when one is set up, else offline' },
  { value: 'extractive', label: 'Offline, your own sentences', hint: 'Only what you said, cleaned up' },
  { value: 'llm', label: 'Language model', hint: 'Rewritten in your voice, every sentence checked' },
];

/** Why a format or engine cannot run here (shown with it, disabled), or null when it can. */
export const CLIPS_NEED_TIMINGS = 'Needs a voice or video note with timings; this note has none.';
export const LLM_NOT_CONFIGURED = 'No language model is set up on this server.';
export const SHOWNOTES_NEED_SPEAKERS = 'Made from a conversation: name the speakers of this note first.';
/** The offline engine's refusal of a note too short for a format, said before it is tried. */
export const tooShortFor = (need: number, have: number, notes: number) =>
  `Needs about ${need} words offline; ${notes > 1 ? 'these notes have' : 'this note has'} ${have}.`;

/**
 * The quick read of a rough transcript before it becomes posts (the notes room draws it): while
 * `needed`, 'Create content' shows it first; `next` goes on to the formats, `close` closes the dialog
 * (then runs `after`, which takes focus where it leads instead of the Create content button).
 */
export interface TranscriptCheck {
  needed: boolean;
  render: (step: { next: () => void; close: (after?: () => void) => void }) => ReactNode;
}

/**
 * 'Create content': pick formats (and the engine), then open the first draft. Only what can run is
 * offered: clip hooks need a note with timings, show notes a conversation (a note with speakers),
 * the offline engine enough words for each format (`DRAFT_MIN_WORDS`, as the engine counts them at
 * most), the language model needs one configured. A rough transcript nobody read yet is shown first (`check`).
 */
export function CreateContent({
  noteIds,
  timed,
  conversation = false,
  words,
  check,
}: {
  noteIds: string[];
  timed: boolean;
  conversation?: boolean;
  /** The notes' words together (unknown while they load). */
  words?: number;
  check?: TranscriptCheck;
}) {
  const [open, setOpen] = useState(false);
  // Read in this dialog (the note's answer follows once the owner said it looks right).
  const [read, setRead] = useState(false);
  const afterClose = useRef<(() => void) | null>(null);
  const [engine, setEngine] = useState<DraftEngineChoice>('auto');
  const engines = useDraftEngines();
  const llm = engines.data?.drafts.llm ?? false;
  const [formats, setFormats] = useState<DraftFormat[]>(
    DRAFT_FORMATS.filter((f) => (f !== 'clips' || timed) && (f !== 'shownotes' || conversation)),
  );
  // The model writes from any length; the offline engine refuses a note too short for the format.
  const offline = engine === 'extractive' || (engine === 'auto' && !llm);
  const refusal = (format: DraftFormat) => {
    if (format === 'clips' && !timed) return CLIPS_NEED_TIMINGS;
    if (format === 'shownotes' && !conversation) return SHOWNOTES_NEED_SPEAKERS;
    const need = DRAFT_MIN_WORDS[format];
    if (offline && need !== undefined && words !== undefined && words < need)
      return tooShortFor(need, words, noteIds.length);
    return null;
  };
  const engineRefusal = (value: DraftEngineChoice) => (value === 'llm' && !llm ? LLM_NOT_CONFIGURED : null);
  const create = useCreateDrafts();
  const [, navigate] = useLocation();
  const id = useId();
  const chosen = DRAFT_FORMATS.filter((f) => formats.includes(f) && !refusal(f));
  const toggle = (format: DraftFormat) =>
    setFormats((current) =>
      current.includes(format) ? current.filter((f) => f !== format) : [...current, format],
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        setOpen(next);
        if (!next) setRead(false);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm">
          <Sparkles aria-hidden="true" /> Create content
        </Button>
      </DialogTrigger>
      {check?.needed && !read ? (
        <DialogContent
          className="max-h-[calc(100dvh-2rem)]"
          data-testid="transcript-check"
          onCloseAutoFocus={(event) => {
            const after = afterClose.current;
            afterClose.current = null;
            if (!after) return;
            event.preventDefault();
            after();
          }}
        >
          {check.render({
            next: () => setRead(true),
            close: (after) => {
              afterClose.current = after ?? null;
              setOpen(false);
            },
          })}
        </DialogContent>
      ) : (
        <DialogContent className="max-h-[calc(100dvh-2rem)]">
          <DialogHeader>
            <DialogTitle>Create content</DialogTitle>
            <DialogDescription>
              Echo writes each format from what you said, in your voice. Every sentence links back to your
              words.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold">Formats</legend>
            {DRAFT_FORMATS.map((format) => (
              <label
                key={format}
                className={cn(
                  'flex items-start gap-3 rounded-md border p-2',
                  refusal(format) ? 'cursor-not-allowed opacity-70' : 'cursor-pointer hover:bg-muted',
                )}
              >
                <input
                  type="checkbox"
                  className="mt-1 size-4 accent-primary"
                  checked={formats.includes(format) && !refusal(format)}
                  disabled={Boolean(refusal(format))}
                  onChange={() => toggle(format)}
                  aria-describedby={`${id}-${format}`}
                />
                <span className="grid">
                  <span className="text-sm font-medium">{DRAFT_FORMAT_LABELS[format]}</span>
                  <span id={`${id}-${format}`} className="text-xs text-muted-foreground">
                    {refusal(format) ?? HINTS[format]}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold">Engine</legend>
            {ENGINES.map((option) => (
              <label
                key={option.value}
                className={cn(
                  'flex items-start gap-3',
                  engineRefusal(option.value) ? 'cursor-not-allowed opacity-70' : 'cursor-pointer',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-engine`}
                  className="mt-1 size-4 accent-primary"
                  checked={engine === option.value}
                  disabled={Boolean(engineRefusal(option.value))}
                  onChange={() => setEngine(option.value)}
                  aria-describedby={`${id}-engine-${option.value}`}
                />
                <span className="grid">
                  <span className="text-sm">{option.label}</span>
                  <span id={`${id}-engine-${option.value}`} className="text-xs text-muted-foreground">
                    {engineRefusal(option.value) ?? option.hint}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button
              disabled={create.isPending || chosen.length === 0}
              onClick={() =>
                create.mutate(
                  { note_ids: noteIds, formats: chosen, engine: engineRefusal(engine) ? 'auto' : engine },
                  {
                    onSuccess: ({ drafts }) => {
                      setOpen(false);
                      if (drafts[0]) navigate(draftHref(drafts[0].id));
                    },
                    onError: (error) =>
                      errorToast(errorMessage(error, 'Failed to create content. Please try again.')),
                  },
                )
              }
            >
              {create.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Sparkles aria-hidden="true" />
              )}
              {create.isPending
                ? 'Starting...'
                : `Create ${chosen.length === 1 ? 'draft' : `${chosen.length} drafts`}`}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
