import { Loader2, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { BYLINE_MAX_CHARS } from '#contract/studio-voice.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';

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
  const [value, setValue] = useState(byline ?? '');
  const changed = value.trim() !== (byline ?? '');
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(value.trim())
          .then(() => toast({ title: value.trim() ? 'Name saved' : 'Name removed' }))
          .catch(() => undefined);
      }}
    >
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
          value={value}
          maxLength={BYLINE_MAX_CHARS}
          placeholder="e.g. Dana Lee or @danalee"
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={saving || !changed}>
          {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          Save<span className="sr-only"> the name for your content</span>
        </Button>
      </div>
    </form>
  );
}
