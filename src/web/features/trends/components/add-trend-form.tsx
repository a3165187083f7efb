import { CheckCircle2, Loader2, Plus } from 'lucide-react';
import { useId } from 'react';
import { z } from 'zod';
import { checkTrendUrl, SOCIAL_PLATFORMS, TREND_PLATFORMS } from '#contract/social-urls.ts';
import { AUTO_PROCESS_DELAY_MS } from '#contract/trend-display.ts';
import { createTrendSchema } from '#contract/trends.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { FieldError, Label } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { useAddTrend } from '../api.ts';

const EXAMPLES: Record<(typeof TREND_PLATFORMS)[number], string> = {
  tiktok: 'https://www.tiktok.com/@creator/video/7234567890123456789',
  instagram: 'https://www.instagram.com/reel/C1a2b3c4d5e/',
  youtube: 'https://www.youtube.com/shorts/abc123DEF45',
};

type TrendPlatform = (typeof TREND_PLATFORMS)[number];

// The link is what the server reads (`source`); the platform only picks the example shown.
const addTrendSchema = z.object({ url: createTrendSchema.shape.source, platform: z.enum(TREND_PLATFORMS) });

/** A valid link picks its platform (a platform picked after it stays picked). */
function platformFromLink(values: { url: string; platform: string }, changed: string) {
  if (changed !== 'url') return values;
  const result = values.url.trim() ? checkTrendUrl(values.url) : null;
  return result?.ok ? { ...values, platform: result.platform } : values;
}

/** docs/spec/product-spec.md §2/§5: the 'Add New Trend' form with live URL checks; processing starts 1 s after adding. */
export function AddTrendForm({ onAdded }: { onAdded: (id: string) => void }) {
  // A link (and platform) put in before the page's script ran counts.
  const { values, field, set, handleSubmit, formRef } = useZodForm(
    addTrendSchema,
    { url: '', platform: 'tiktok' },
    { toInput: (v) => ({ ...v, url: v.url.trim() }), normalize: platformFromLink },
  );
  const platform = values.platform as TrendPlatform;
  const addTrend = useAddTrend();
  const urlId = useId();
  const platformId = useId();
  const messageId = useId();

  const text = values.url.trim();
  const check = text ? checkTrendUrl(text) : null;
  const invalid = check !== null && !check.ok;

  // An empty field adds nothing; an invalid link says why (the button is disabled, Enter is not).
  const sayInvalid = (message = check && !check.ok ? check.message : undefined) => {
    if (text) toast({ title: 'Invalid URL', description: message, variant: 'destructive' });
  };
  const onSubmit = handleSubmit(
    ({ url }) => {
      if (addTrend.isPending) return;
      addTrend.mutate(url, {
        onSuccess: (trend) => {
          toast({ title: 'Success', description: 'Trend added successfully and analysis starting...' });
          set('url', '');
          if (trend.status === 'pending') setTimeout(() => onAdded(trend.id), AUTO_PROCESS_DELAY_MS);
        },
        onError: (error) => errorToast(errorMessage(error, 'Failed to add trend')),
      });
    },
    (errors) => sayInvalid(errors.url),
  );

  return (
    <Card className="p-5 sm:p-6">
      <CardTitle>
        <span className="inline-flex items-center gap-2">
          <Plus className="size-5 text-primary" aria-hidden="true" />
          Add New Trend
        </span>
      </CardTitle>
      <CardDescription className="mt-1">Paste the link of a short video that is trending.</CardDescription>
      <form
        ref={formRef}
        aria-label="Add New Trend"
        noValidate
        onSubmit={onSubmit}
        className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]"
      >
        <div className="grid gap-2">
          <Label htmlFor={urlId}>Trend URL</Label>
          <Input
            id={urlId}
            type="url"
            required
            inputMode="url"
            autoComplete="off"
            placeholder={EXAMPLES[platform]}
            {...field('url')}
            onKeyDown={(e) => {
              // The submit button is disabled for an invalid URL, so Enter would do nothing: say why.
              if (e.key === 'Enter' && invalid) {
                e.preventDefault();
                sayInvalid();
              }
            }}
            aria-invalid={invalid}
            aria-describedby={check ? messageId : undefined}
          />
          {check && !check.ok ? <FieldError id={messageId} message={check.message} /> : null}
          {check?.ok ? (
            <p id={messageId} className="inline-flex items-center gap-1.5 text-sm font-medium text-success">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              Valid {SOCIAL_PLATFORMS[check.platform].label} URL
            </p>
          ) : null}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={platformId}>Platform</Label>
          <Select id={platformId} {...field('platform')}>
            {TREND_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {SOCIAL_PLATFORMS[p].label}
              </option>
            ))}
          </Select>
        </div>
        <Button
          type="submit"
          className="sm:col-span-2 sm:justify-self-start"
          disabled={addTrend.isPending || invalid}
        >
          {addTrend.isPending ? (
            <>
              <Loader2 className="animate-spin" aria-hidden="true" />
              Adding...
            </>
          ) : (
            'Add Trend'
          )}
        </Button>
      </form>
    </Card>
  );
}
