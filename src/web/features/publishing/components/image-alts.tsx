import { ALT_TEXT_LIMITS, altTextMissing, type PublishPreview } from '#contract/publishing.ts';
import { Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

type PreviewAccount = PublishPreview['accounts'][number];

/**
 * The slides going with one post of a carousel (X, Bluesky, Mastodon), each with its alt text: the
 * slide's own words to start with, editable, counted as the platform counts; an image without alt
 * text asks for it (and the post cannot be scheduled until it has some).
 */
export function ImageAlts({
  account,
  part,
  alts,
  onChange,
  onDone,
}: {
  account: PreviewAccount;
  part: number;
  alts: string[] | undefined;
  onChange: (slideIndex: number, alt: string) => void;
  onDone: () => void;
}) {
  const images = account.images.filter((image) => image.part === part);
  if (!images.length) return null;
  const unit = ALT_TEXT_LIMITS[account.platform as keyof typeof ALT_TEXT_LIMITS]?.unit ?? 'characters';
  return (
    <fieldset className="grid gap-2 rounded-md bg-muted/40 p-2">
      <legend className="px-1 text-xs font-semibold">
        {images.length === 1 ? 'Image' : `${images.length} images`} with this post: slides{' '}
        {images.map((i) => i.slide).join(', ')}
      </legend>
      {images.map((image) => {
        const id = `alt-${account.account_id}-${image.slide}`;
        const value = alts?.[image.slide - 1] ?? image.alt;
        const empty = !value.trim();
        return (
          <div key={id} className="grid gap-1">
            <div className="flex justify-between gap-2 text-xs">
              <Label htmlFor={id} className="text-xs">
                Alt text, slide {image.slide}
              </Label>
              <span
                id={`${id}-count`}
                className={image.fits ? 'text-muted-foreground' : 'font-semibold text-destructive'}
              >
                {image.length} / {image.limit} {unit}
              </span>
            </div>
            <Textarea
              id={id}
              rows={2}
              value={value}
              aria-invalid={!image.fits || empty}
              aria-describedby={`${id}-count${!image.fits || empty ? ` ${id}-problem` : ''}`}
              onChange={(e) => onChange(image.slide - 1, e.target.value)}
              onBlur={onDone}
            />
            {(empty || !image.fits) && (
              <p id={`${id}-problem`} className="text-xs text-destructive">
                {empty
                  ? altTextMissing(image.slide, account.handle)
                  : `Too long for ${account.handle}: at most ${image.limit} ${unit}.`}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
