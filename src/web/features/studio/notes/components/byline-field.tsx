import { Loader2, Save } from 'lucide-react';
import { useId } from 'react';
import { BYLINE_MAX_CHARS, updateVoiceSchema } from '#contract/studio-voice.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';

const bylineSchema = updateVoiceSchema.pick({ byline: true });

/**
 * "Name for your content": the name or handle on the user's carousel slides. Empty: no name at all
 * (Echo never makes one up from the e-mail address).
 */
export function BylineField({
  byline,
  saving,
  onSave,
}: {
  byline: string | null;
  saving: boolean;
  onSave: (byline: string) => Promise<unknown>;
}) {
  const id = useId();
  const { values, field, handleSubmit, formRef } = useZodForm(bylineSchema, { byline: byline ?? '' });
  const value = values.byline.trim();
  const changed = value !== (byline ?? '');
  // The field holds at most BYLINE_MAX_CHARS: there is nothing to say when the schema refuses.
  const submit = handleSubmit(
    () => {
      onSave(value)
        .then(() => toast({ title: value ? 'Name saved' : 'Name removed' }))
        .catch(() => undefined);
    },
    () => {},
  );
  return (
    <form ref={formRef} className="grid gap-2" onSubmit={submit}>
      <label htmlFor={id} className="text-sm font-semibold">
        Name for your content
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Shown on your carousel slides, e.g. your name or @handle. Leave it empty for none.
      </p>
      <div className="flex gap-2">
        <Input
          id={id}
          aria-describedby={`${id}-hint`}
          maxLength={BYLINE_MAX_CHARS}
          placeholder="e.g. Dana Lee or @danalee"
          {...field('byline')}
        />
        <Button type="submit" variant="outline" disabled={saving || !changed}>
          {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          Save<span className="sr-only"> the name for your content</span>
        </Button>
      </div>
    </form>
  );
}
