import { Loader2, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import {
  DRAFT_FORMAT_LABELS,
  DRAFT_FORMATS,
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
import { draftHref } from '../../links.ts';
import { useCreateDrafts } from '../api.ts';

const HINTS: Record<DraftFormat, string> = {
  blog: 'Title, meta description, sections, quotes',
  linkedin: 'A hook before "see more", a closing question',
  thread: 'Numbered posts of up to 280 characters',
  carousel: '5-10 slides as 1080x1350 images',
  clips: 'The strongest 15-60 second moments, with captions',
};
const ENGINES: { value: DraftEngineChoice; label: string; hint: string }[] = [
  { value: 'auto', label: 'Best available', hint: 'The language model when one is set up, else offline' },
  { value: 'extractive', label: 'Offline, your own sentences', hint: 'Only what you said, cleaned up' },
  { value: 'llm', label: 'Language model', hint: 'Rewritten in your voice, every sentence checked' },
];

/** 'Create content': pick formats (and the engine), then open the first draft. */
export function CreateContent({ noteIds, spoken }: { noteIds: string[]; spoken: boolean }) {
  const [open, setOpen] = useState(false);
  const [formats, setFormats] = useState<DraftFormat[]>(
    spoken ? [...DRAFT_FORMATS] : DRAFT_FORMATS.filter((f) => f !== 'clips'),
  );
  const [engine, setEngine] = useState<DraftEngineChoice>('auto');
  const create = useCreateDrafts();
  const [, navigate] = useLocation();
  const id = useId();
  const toggle = (format: DraftFormat) =>
    setFormats((current) =>
      current.includes(format) ? current.filter((f) => f !== format) : [...current, format],
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Sparkles aria-hidden="true" /> Create content
        </Button>
      </DialogTrigger>
      <DialogContent>
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
              className="flex cursor-pointer items-start gap-3 rounded-md border p-2 hover:bg-muted"
            >
              <input
                type="checkbox"
                className="mt-1 size-4 accent-primary"
                checked={formats.includes(format)}
                onChange={() => toggle(format)}
                aria-describedby={`${id}-${format}`}
              />
              <span className="grid">
                <span className="text-sm font-medium">{DRAFT_FORMAT_LABELS[format]}</span>
                <span id={`${id}-${format}`} className="text-xs text-muted-foreground">
                  {HINTS[format]}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">Engine</legend>
          {ENGINES.map((option) => (
            <label key={option.value} className="flex cursor-pointer items-start gap-3">
              <input
                type="radio"
                name={`${id}-engine`}
                className="mt-1 size-4 accent-primary"
                checked={engine === option.value}
                onChange={() => setEngine(option.value)}
              />
              <span className="grid">
                <span className="text-sm">{option.label}</span>
                <span className="text-xs text-muted-foreground">{option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button
            disabled={create.isPending || formats.length === 0}
            onClick={() =>
              create.mutate(
                { note_ids: noteIds, formats: DRAFT_FORMATS.filter((f) => formats.includes(f)), engine },
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
              : `Create ${formats.length === 1 ? 'draft' : `${formats.length} drafts`}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
