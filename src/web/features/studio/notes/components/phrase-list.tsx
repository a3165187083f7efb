import { Loader2, Plus, X } from 'lucide-react';
import { useId } from 'react';
import { z } from 'zod';
import { STUDIO_LIMITS } from '#contract/studio.ts';
import { updateVoiceSchema } from '#contract/studio-voice.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { focusIfLost, focusIsLost } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';

/** One phrase as the server takes it in a list (pinned phrases and banned words alike). */
const phraseSchema = z.object({ phrase: updateVoiceSchema.shape.pins.unwrap().element });
/** Spaces inside a phrase count once. */
const oneSpace = (phrase: string) => phrase.trim().replace(/\s+/g, ' ');

/**
 * An editable list of phrases (pinned phrases, banned words): chips with a remove button each, and
 * a field to add one. `onChange` saves the whole new list.
 */
export function PhraseList({
  label,
  hint,
  placeholder,
  items,
  max,
  saving,
  onChange,
  chipClassName,
}: {
  label: string;
  hint: string;
  placeholder: string;
  items: string[];
  max: number;
  saving: boolean;
  onChange: (items: string[]) => Promise<unknown>;
  chipClassName?: string;
}) {
  const id = useId();
  const { values, field, reset, handleSubmit, formRef } = useZodForm(
    phraseSchema,
    { phrase: '' },
    { toInput: (v) => ({ phrase: oneSpace(v.phrase) }) },
  );
  const phrase = oneSpace(values.phrase);
  const duplicate = items.some((item) => item.toLowerCase() === phrase.toLowerCase());
  const full = items.length >= max;

  // Nothing to add (empty, already there, the list full): the Add button is disabled, Enter does nothing.
  const add = handleSubmit(
    async (data, event) => {
      if (duplicate || full) return;
      const form = event.currentTarget;
      await onChange([...items, data.phrase]).then(
        () => {
          reset();
          // The Add button is disabled again (nothing to add): continue from the field.
          if (form.contains(document.activeElement) || focusIsLost())
            document.getElementById(`${id}-input`)?.focus();
        },
        () => {},
      );
    },
    () => {},
  );

  async function remove(item: string) {
    await onChange(items.filter((other) => other !== item)).catch(() => {});
    focusIfLost(document.getElementById(`${id}-input`));
  }

  return (
    <div className="grid gap-2">
      <form ref={formRef} onSubmit={add} className="grid gap-2" aria-label={`Add to ${label.toLowerCase()}`}>
        <Label htmlFor={`${id}-input`}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
        <div className="flex gap-2">
          <Input
            id={`${id}-input`}
            {...field('phrase')}
            placeholder={placeholder}
            maxLength={STUDIO_LIMITS.phraseMaxChars}
            aria-describedby={`${id}-hint`}
            autoComplete="off"
          />
          <Button type="submit" variant="outline" disabled={!phrase || duplicate || full || saving}>
            {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
            Add
          </Button>
        </div>
      </form>
      {items.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {items.map((item) => (
            <li
              key={item}
              className={`inline-flex items-center gap-1 rounded-full py-0.5 pl-2.5 pr-1 text-sm ${chipClassName ?? 'bg-secondary text-secondary-foreground'}`}
            >
              {item}
              <button
                type="button"
                className="grid size-6 place-items-center rounded-full hover:bg-background/60"
                aria-label={`Remove “${item}”`}
                disabled={saving}
                onClick={() => remove(item)}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
